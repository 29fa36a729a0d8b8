import { answerBody, failure, json, readResult } from './answers';
import { ProviderCallFailed, StoreUnavailable } from './errors';
import { createLimit, type LimitOptions } from './limits';
import { nodeRequestOf } from './node';
import { clientAddress, originCheck, type AllowedOrigins, type ClientAddressOptions } from './origins';
import { sessionReuse, type ReuseOptions } from './reuse';
import { isJson, parseBody, readBounded, readIdempotencyKey, type FailedProvider } from './session-request';
import { candidateOrder, SKIPPED, type Ask, type Asker, type Routing } from './session-routing';
import { failsOver, isRefusal, LimitReached, raceAbort, waitAtMost, WAITED_TOO_LONG } from './waits';
import { SESSION_PROVIDERS, type CreateSession, type SessionProvider, type SessionResult } from './session-types';
import { positiveInteger, signedInUser, type Authorize } from './values';
import { sha256Hex, utf8 } from './webhooks/crypto';

export {
  SESSION_PROVIDERS,
  type CreateSession,
  type SessionAnswerBody,
  type SessionClient,
  type SessionContext,
  type SessionProvider,
  type SessionResult,
} from './session-types';
export { isLoopback, isoDate, isPlainObject, isSessionUrl } from './values';

/**
 * The widget's `session-endpoint` on the server: Web-standard `Request` in, `Response` out, so the same
 * handler runs in a Next.js route handler, Hono, Deno, a worker, or Node through `toNodeHandler`.
 *
 * Everything a browser can send is checked before anything is spent on it: the method (POST), the Origin (against
 * `allowedOrigins`, required), the content type (JSON), the `Idempotency-Key`, the body (4 KB, counted while
 * reading, within `bodyTimeoutMs`) and its exact shape `{provider, locale, refresh}`; then who asks (`authorize`,
 * required unless `anonymous: true`). A provider create then happens at most once at a time per user and provider,
 * within the limit on creates, on its own deadline (docs/server.md, "What a session costs"). What `createSession`
 * answers is checked before it reaches the widget. Every answer is JSON with `Cache-Control: no-store`; an error is
 * `{error: {code, message}}`, never a stack or a provider's text. The handler itself never throws.
 */

export interface SessionHandlerOptions extends ClientAddressOptions {
  createSession: CreateSession;
  /**
   * Your signed-in user's id for this request (from your session cookie or token, never from the body), or null:
   * 401 and nothing created. Required unless `anonymous: true`. It must not read the request's body.
   */
  authorize?: Authorize;
  /**
   * Serve people who are not signed in, keyed by their client address (`trustProxy`, `clientIp`). With `authorize`
   * as well, its null means anonymous rather than 401.
   */
  anonymous?: boolean;
  /** Origins allowed to ask, exactly as a browser sends them (`https://app.example`), or a function. Required. */
  allowedOrigins: AllowedOrigins;
  /** Provider creates per user (per client address when anonymous) per window; over it: 429 with Retry-After. */
  limit?: LimitOptions;
  /** How sessions are kept and handed out again (docs/server.md). */
  reuse?: ReuseOptions;
  /**
   * The signed-in user's verification with this provider is already decided, and needs no new session: that
   * decision, answered instead of a session (`{provider, decision}`, which the widget shows as its result), and
   * nothing created. createKycBackend gives it from its store; null or undefined: a session as usual.
   */
  decided?: (asker: {
    provider: SessionProvider;
    userId: string;
  }) => Promise<'approved' | 'declined' | 'review' | null | undefined>;
  /** Providers this endpoint serves (default: all the widget knows); others get 400 `unsupported-provider`. */
  providers?: readonly SessionProvider[];
  /** Largest body accepted, in bytes (default 4096). */
  maxBodyBytes?: number;
  /** The whole body must have arrived within this many ms of the request (default 5000); else 408. */
  bodyTimeoutMs?: number;
  /**
   * How long one request waits for its session before answering 504 (default 9000 ms: just under the widget's
   * 10 s, so that the widget reads the answer and retries, and its retry joins the create still under way).
   */
  timeoutMs?: number;
  /**
   * How long one provider create may run, whoever waits on it (default 45 000 ms, and never less than the session
   * client's own timeout): it outlives every try of the widget's (4 tries of 10 s and their pauses), so that a slow
   * provider costs one create per click.
   */
  createTimeoutMs?: number;
  /** Seconds to put in `Retry-After` on a 502/504 (default 1; 0 leaves the header out). */
  retryAfterSeconds?: number;
  /**
   * `provider: "auto"`: the endpoint chooses (createKycBackend's `providers`, `route` and `breaker` give it). Without
   * it, "auto" is refused with 400.
   */
  routing?: Routing;
  /** Told of each failure of `createSession` and `authorize` (for your logs): the browser only sees a generic error. */
  onError?: (error: unknown, context: { provider: SessionProvider | 'auto'; request: Request }) => void;
}

/** The endpoint, and `forget` for your webhook: a finished verification's session is not handed out again. */
export interface SessionHandler {
  (request: Request): Promise<Response>;
  forget(provider: SessionProvider, userId: string): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 4096;
export const DEFAULT_BODY_TIMEOUT_MS = 5000;
export const DEFAULT_SESSION_TIMEOUT_MS = 9000;
export const DEFAULT_CREATE_TIMEOUT_MS = 45_000;

export function createSessionHandler(options: SessionHandlerOptions): SessionHandler {
  if (typeof options?.createSession !== 'function')
    throw new TypeError('createSessionHandler: createSession must be a function');
  const anonymous = options.anonymous === true;
  if (!anonymous && typeof options.authorize !== 'function')
    throw new TypeError(
      'createSessionHandler: authorize is required: (request) => your signed-in user id or null. ' +
        'To serve people who are not signed in, pass anonymous: true (the limit then keys by client address).',
    );
  const originAllowed = originCheck(options.allowedOrigins);
  const routing = options.routing;
  const providers = new Set<string>(options.providers ?? routing?.providers ?? SESSION_PROVIDERS);
  const maxBodyBytes = positiveInteger(options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes');
  const bodyTimeoutMs = positiveInteger(options.bodyTimeoutMs, DEFAULT_BODY_TIMEOUT_MS, 'bodyTimeoutMs');
  const timeoutMs = positiveInteger(options.timeoutMs, DEFAULT_SESSION_TIMEOUT_MS, 'timeoutMs');
  const clientTimeout = (options.createSession as { timeoutMs?: unknown }).timeoutMs;
  const ownTimeout = typeof clientTimeout === 'number' ? clientTimeout : 0;
  const createTimeoutMs = positiveInteger(
    options.createTimeoutMs,
    Math.max(DEFAULT_CREATE_TIMEOUT_MS, ownTimeout),
    'createTimeoutMs',
  );
  if (createTimeoutMs < ownTimeout)
    throw new TypeError(
      `createSessionHandler: createTimeoutMs (${createTimeoutMs}) is shorter than the session client's own timeout ` +
        `(${ownTimeout}): the handler would give up on provider calls the client still waits for`,
    );
  const retryAfter = positiveInteger(options.retryAfterSeconds, 1, 'retryAfterSeconds');
  const trustProxy = positiveInteger(options.trustProxy, 0, 'trustProxy');
  const limit = createLimit(options.limit);
  const reuse = sessionReuse(
    options.reuse,
    (error, provider, request) => report(error, provider, request),
    Date.now,
    createTimeoutMs,
  );
  /** Errors already told to onError (or not to be): a shared create's failure reaches every request waiting on it. */
  const toldOnce = new WeakSet<object>();
  const retryHeaders = (seconds = retryAfter): Record<string, string> =>
    seconds > 0 ? { 'Retry-After': String(seconds) } : {};

  const handler = async function handleSessionRequest(request: Request): Promise<Response> {
    try {
      return await handle(request);
    } catch {
      // Only a bug of ours gets here (every expected failure is answered inside); still a JSON answer.
      return failure(500, 'internal-error', 'The session endpoint failed.');
    }
  };
  return Object.assign(handler, {
    forget: (provider: SessionProvider, userId: string) => reuse.forget(provider, `user:${userId}`),
  });

  async function handle(request: Request): Promise<Response> {
    const arrived = Date.now();
    if (request.method !== 'POST') return failure(405, 'method-not-allowed', 'Use POST.', { Allow: 'POST' });
    if (!originAllowed(request)) return failure(403, 'origin-not-allowed', 'This origin may not ask for a session.');
    if (!isJson(request.headers.get('Content-Type')))
      return failure(415, 'unsupported-media-type', 'Send Content-Type: application/json.');
    const attempt = readIdempotencyKey(request);
    if (attempt === 'invalid')
      return failure(400, 'bad-idempotency-key', 'Idempotency-Key must be 1 to 255 letters, digits or ._:-');
    const bytes = await readBounded(request, maxBodyBytes, arrived + bodyTimeoutMs);
    if (bytes === 'too-large') return failure(413, 'payload-too-large', `The body is over ${maxBodyBytes} bytes.`);
    if (bytes === 'too-slow') return failure(408, 'body-timeout', 'The body did not arrive in time.');
    if (bytes === 'unreadable') return failure(400, 'bad-request', 'The body could not be read.');
    const body = parseBody(bytes, providers, !!routing);
    if (!body.ok) return failure(400, body.code, body.message);
    const { provider, locale } = body;

    const asker = await identify(request, provider);
    if (asker instanceof Response) return asker;
    // One deadline for the rest: the decision already made, the limit, the reuse and the create.
    const deadline = Date.now() + timeoutMs;
    const ask: Ask = { request, asker, attempt, locale, refresh: body.refresh, deadline };
    if (provider === 'auto') return routed(ask, body.failed);
    if (asker.userId !== null && options.decided) {
      const userId = asker.userId;
      const decision = await alreadyDecided(ask, () => options.decided!({ provider, userId }));
      if (decision instanceof Response) return decision;
      if (decision) return json(200, { provider, decision });
    }
    try {
      return json(200, answerBody(provider, await obtain(ask, provider)));
    } catch (error) {
      return createFailure(error);
    }
  }

  /** The decision already made, asked within the request's time; a failure to ask is told, and means none. */
  async function alreadyDecided<T>(ask: Ask, asking: () => Promise<T>): Promise<T | null | Response> {
    try {
      return await waitAtMost(Promise.resolve().then(asking), timeoutMs, ask.request.signal);
    } catch (error) {
      // A store that does not answer, or this request's time is up: the same answers as for the create.
      if (error === WAITED_TOO_LONG || error instanceof StoreUnavailable) {
        if (error instanceof StoreUnavailable) report(error, 'auto', ask.request);
        return createFailure(error);
      }
      // The store failed otherwise: a session as usual (the person can still verify), and the failure told.
      report(error, 'auto', ask.request);
      return null;
    }
  }

  /** The scope a user's sessions are kept under (null: nothing kept nor joined). */
  function scopeOf({ asker, attempt }: Ask): string | null {
    // Anonymous people are kept apart by attempt: two people behind one address never share a session.
    return asker.userId !== null ? `user:${asker.userId}` : attempt ? `${asker.limitKey}\n${attempt}` : null;
  }

  /** `provider`'s session for this request: kept, joined or created (throws what the create threw). */
  async function obtain(ask: Ask, provider: SessionProvider, refresh = ask.refresh): Promise<SessionResult> {
    const { asker, attempt, locale, request } = ask;
    // Bound to the asker and the provider: a key one user sends can never name another user's create.
    const idempotencyKey = attempt && (await sha256Hex(utf8(`${asker.limitKey}\n${provider}\n${attempt}`)));
    const create = async (): Promise<SessionResult> => {
      // Under routing, the breaker first: a skipped provider costs no create and no count of the limit.
      const verdict = ask.routed ? await routing!.admit(provider) : 'go';
      if (verdict === 'skip') throw SKIPPED;
      const began = Date.now();
      // The breaker's count of this create (under routing), not awaited: the answer does not wait for it.
      const counted = (ok: boolean) =>
        void outcome(provider, { ok, ms: Date.now() - began, probe: verdict === 'probe', admitted: !!ask.routed });
      try {
        const over = await limit.take(asker.limitKey);
        if (over !== null) throw new LimitReached(over);
        const signal = AbortSignal.timeout(createTimeoutMs);
        const made = Promise.resolve().then(() =>
          options.createSession({ provider, locale, refresh, request, userId: asker.userId, idempotencyKey, signal }),
        );
        const result = readResult(await raceAbort(made, signal));
        if (!result) throw new TypeError('createSession answered without a valid sessionUrl or sessionToken');
        counted(true);
        return result;
      } catch (error) {
        // Told once per create, however many requests wait on it; refusals and the limit are answers, not failures.
        if (!(isRefusal(error) || error instanceof LimitReached)) report(error, provider, request);
        if (typeof error === 'object' && error !== null) toldOnce.add(error);
        if (failsOver(error)) counted(false);
        throw error;
      }
    };
    try {
      const left = Math.max(1, ask.deadline - Date.now());
      return await waitAtMost(reuse.obtain(scopeOf(ask), { provider, refresh, request }, create), left, request.signal);
    } catch (error) {
      // A store that fails (Redis down) fails here, outside any create: told to onError too.
      if (error !== WAITED_TOO_LONG && error !== SKIPPED && !toldOnce.has(error as object))
        report(error, provider, request);
      throw error;
    }
  }

  /** The breaker's count of a create's outcome (createKycBackend's routing); its own failure is only told. */
  async function outcome(provider: SessionProvider, result: Parameters<Routing['settle']>[1]): Promise<void> {
    if (!routing) return;
    await routing.settle(provider, result).catch((error: unknown) => report(error, provider, new Request('http://x')));
  }

  /**
   * `provider: "auto"`: the user's decision if there is one; else the first candidate that gives a session. The
   * providers the widget reports failed are left (their sessions not handed out again, each counted once by the
   * breaker); a user's open session keeps its provider; a candidate the breaker skips, or whose create fails, gives
   * way to the next within the request's time. None left: 503 no-provider.
   */
  async function routed(ask: Ask, failedList: readonly FailedProvider[]): Promise<Response> {
    const rules = routing!;
    const { asker, request, locale } = ask;
    if (asker.userId !== null && rules.decided) {
      const userId = asker.userId;
      const decided = await alreadyDecided(ask, () => rules.decided!(userId));
      if (decided instanceof Response) return decided;
      if (decided) return json(200, decided);
    }
    const failed = new Set<string>(failedList.map((entry) => entry.provider));
    const scope = scopeOf(ask);
    let order: SessionProvider[];
    try {
      if (scope !== null)
        for (const { provider, code } of failedList) {
          // Only a session this backend handed out counts, once: a script cannot fail a provider it was never given.
          if (!(await reuse.has(provider, scope))) continue;
          await reuse.forget(provider, scope);
          await outcome(provider, { ok: false, ms: -1, probe: false, admitted: false });
          if (asker.userId !== null) await rules.left?.(provider, asker.userId, code);
        }
      const listed = await rules.candidates({ userId: asker.userId, request, locale, failed: failedList });
      if (!Array.isArray(listed)) throw new TypeError('route must answer a list of provider ids');
      order = candidateOrder(listed, rules.providers, failed);
      // A user's open session keeps its provider: never a second billable session.
      if (scope !== null)
        for (const provider of rules.providers) {
          if (failed.has(provider) || !(await reuse.has(provider, scope))) continue;
          order = [provider, ...order.filter((id) => id !== provider)];
          break;
        }
    } catch (error) {
      report(error, 'auto', request);
      return error instanceof StoreUnavailable
        ? createFailure(error)
        : failure(500, 'internal-error', 'The session endpoint failed.');
    }
    // The switch is not an expiry: the next provider's kept session is handed out as it is.
    const refresh = failed.size > 0 ? false : ask.refresh;
    for (const provider of order) {
      if (ask.deadline - Date.now() <= 0) break;
      try {
        return json(200, answerBody(provider, await obtain({ ...ask, routed: true }, provider, refresh)));
      } catch (error) {
        if (error !== SKIPPED && !failsOver(error)) return createFailure(error);
      }
    }
    return failure(503, 'no-provider', 'No identity provider is available right now: try again shortly.', {
      'Retry-After': String(Math.max(1, retryAfter)),
    });
  }

  async function identify(request: Request, provider: SessionProvider | 'auto'): Promise<Asker | Response> {
    if (options.authorize) {
      const userId = await signedInUser(options.authorize, request);
      if (typeof userId === 'string') return { userId, limitKey: `user:${userId}` };
      if (userId !== null) {
        report(userId.failed, provider, request);
        return failure(500, 'internal-error', 'The session endpoint failed.');
      }
      if (!anonymous) return failure(401, 'unauthenticated', 'Sign in before starting the identity verification.');
    }
    const address = clientAddress(request, { ...options, trustProxy }, nodeRequestOf(request)?.socket?.remoteAddress);
    if (address === null) {
      report(
        new TypeError('anonymous: the client address is unknown: use toNodeHandler, trustProxy or clientIp'),
        provider,
        request,
      );
      return failure(500, 'internal-error', 'The session endpoint failed.');
    }
    return { userId: null, limitKey: `address:${address}` };
  }

  function createFailure(error: unknown): Response {
    if (isRefusal(error)) return failure(error.status, error.code, error.message);
    if (error instanceof StoreUnavailable)
      return failure(503, 'store-unavailable', 'The verification service is busy: try again shortly.', {
        'Retry-After': String(Math.max(1, retryAfter)),
      });
    if (error instanceof LimitReached)
      return failure(429, 'too-many-sessions', 'Too many verification sessions: try again later.', {
        'Retry-After': String(error.retryAfter),
      });
    if (error instanceof ProviderCallFailed && (error.status === 429 || error.status === 503))
      return failure(503, 'provider-busy', 'The identity provider is busy: try again shortly.', {
        'Retry-After': String(Math.min(3600, Math.max(1, error.retryAfterSeconds ?? retryAfter))),
      });
    if (error === WAITED_TOO_LONG || (error instanceof DOMException && error.name === 'TimeoutError'))
      return failure(504, 'session-timeout', 'The identity provider did not answer in time.', retryHeaders());
    return failure(502, 'session-failed', 'The identity provider could not start a session.', retryHeaders());
  }

  function report(error: unknown, provider: SessionProvider | 'auto', request: Request): void {
    try {
      options.onError?.(error, { provider, request });
    } catch {
      // A throwing logger must not change the answer.
    }
  }
}
