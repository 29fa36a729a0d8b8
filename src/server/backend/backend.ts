/**
 * `createKycBackend`: the whole loop in one object (docs/server.md). Three routes and one question:
 * - `session(request)`: the widget's `session-endpoint`; each created session is bound to the user who asked;
 * - `webhook(request, provider)`: a provider's webhook URL; verified, recorded once, 2xx once recorded;
 * - `decision(request)`: the widget's `decision-endpoint`; the signed-in user's server-confirmed decision;
 * - `decisionOf(userId)`: the same for the host's own code.
 */
import { SessionRefusal } from '../errors';
import {
  createSessionHandler,
  type SessionContext,
  type SessionHandlerOptions,
  type SessionResult,
} from '../session-handler';
import { idOf, referenceOf } from '../webhooks/fields';
import { secretProblem } from '../webhooks/secrets';
import type { SumsubAlgorithm, WebhookResult } from '../webhooks/types';
import { verifyWebhook } from '../webhooks/verify';
import { corsOf, failure, json, readBody } from './http';
import { answerOf, decisionStream, queryOf, wantsStream, type DecisionStreamOptions } from './decision-endpoint';
import { memoryStore } from './memory-store';
import type { Decision, KycStore, RecordOutcome } from './store';

/** What a session client answers to the backend: the widget's fields, and the ids the binding needs. */
export interface BackendSessionResult extends SessionResult {
  /** The provider's id for the created session (Persona's inquiry id, Veriff's session id, iDenfy's scanRef…). */
  sessionId?: string;
  /** The reference sent to the provider for the person; without either id, the user id is taken to be it. */
  referenceId?: string;
}

export interface BackendSessionContext extends SessionContext {
  /** The signed-in user who asked (from `authorize`). */
  userId: string;
  /** The widget's `Idempotency-Key` for this attempt, where it sent one. */
  idempotencyKey?: string;
}

export interface KycBackendOptions {
  /** The signed-in user's id for a request, or null (401, nothing created or answered). Required. */
  authorize: (request: Request) => string | null | undefined | Promise<string | null | undefined>;
  createSession: (context: BackendSessionContext) => Promise<BackendSessionResult>;
  /** Per provider: its webhook secret, or `[new, old]` during a rotation. A provider left out has no webhook. */
  webhookSecrets: Partial<Record<string, string | readonly string[]>>;
  /** Origins whose pages may ask for sessions (and read decisions across origins). Required. */
  allowedOrigins: readonly string[] | ((origin: string, request: Request) => boolean);
  /** Where events, decisions and bindings are kept. Default: `memoryStore()` (one process). */
  store?: KycStore;
  /** Provider creates per user per window; over it, 429. Default: none here (see docs/server.md). */
  limit?: { max: number; windowMs: number };
  /** For the providers that sign a time (default 300 s). */
  toleranceSeconds?: number;
  /** Sumsub's accepted digest algorithms (default SHA-256 and SHA-512). */
  sumsubAlgorithms?: readonly SumsubAlgorithm[];
  /** Largest webhook body (default 1 MiB) and how long its reading may take (default 10 s). */
  maxWebhookBytes?: number;
  webhookReadTimeoutMs?: number;
  decisionStream?: DecisionStreamOptions;
  /** The session handler's other options (providers, maxBodyBytes, timeoutMs, …). */
  sessionOptions?: Partial<SessionHandlerOptions>;
  /** Told of each newly recorded event, after it is recorded (not awaited; a throw is ignored). */
  onEvent?: (event: WebhookResult & { ok: true }, outcome: RecordOutcome) => void | Promise<void>;
  /** The clock webhook timestamps are checked against, in ms (for tests). Default `Date.now`. */
  now?: () => number;
  /** Told of failures the browser or the provider only sees as a generic error (for your logs). */
  onError?: (error: unknown, where: 'authorize' | 'webhook' | 'decision' | 'bind') => void;
}

export interface KycBackend {
  session(request: Request): Promise<Response>;
  webhook(request: Request, provider: string): Promise<Response>;
  decision(request: Request): Promise<Response>;
  decisionOf(
    userId: string,
  ): Promise<{ provider: string; sessionId?: string; decision: Decision; occurredAt: string } | null>;
  /** The store in use (for `close()` at shutdown). */
  store: KycStore;
}

const MAX_USER_ID = 512;

export function createKycBackend(options: KycBackendOptions): KycBackend {
  if (typeof options?.authorize !== 'function') throw new TypeError('createKycBackend: authorize is required');
  if (typeof options.createSession !== 'function') throw new TypeError('createKycBackend: createSession is required');
  if (!options.allowedOrigins) throw new TypeError('createKycBackend: allowedOrigins is required');
  const secrets = checkedSecrets(options.webhookSecrets);
  const store = options.store ?? memoryStore();
  const stream = {
    heartbeatMs: options.decisionStream?.heartbeatMs ?? 15_000,
    lifetimeMs: options.decisionStream?.lifetimeMs ?? 60_000,
    maxPerUser: options.decisionStream?.maxPerUser ?? 5,
    retryMs: options.decisionStream?.retryMs ?? 3000,
  };
  const report = (error: unknown, where: Parameters<NonNullable<KycBackendOptions['onError']>>[1]) => {
    try {
      options.onError?.(error, where);
    } catch {
      // A throwing logger changes nothing.
    }
  };

  /** Open decision streams per user, in this process. */
  const streams = new Map<string, number>();
  /** Until createSessionHandler calls `authorize` itself: the user found by `session()` for its request. */
  const users = new WeakMap<Request, string>();

  async function userOf(request: Request): Promise<string | null> {
    try {
      const id = await options.authorize(request);
      return typeof id === 'string' && id.length > 0 && id.length <= MAX_USER_ID ? id : null;
    } catch (error) {
      report(error, 'authorize');
      return null;
    }
  }

  async function createBound(context: SessionContext): Promise<SessionResult> {
    const given = context as SessionContext & { userId?: unknown; idempotencyKey?: unknown };
    const userId = typeof given.userId === 'string' ? given.userId : users.get(context.request);
    if (!userId) throw new SessionRefusal(401, 'unauthenticated', 'Sign in before starting the identity verification.');
    if (options.limit) {
      const { count } = await store.hit(`session-create:${userId}`, options.limit.windowMs);
      if (count > options.limit.max)
        throw new SessionRefusal(429, 'rate-limited', 'Too many verification sessions were started; try again later.');
    }
    const idempotencyKey =
      typeof given.idempotencyKey === 'string'
        ? given.idempotencyKey
        : (context.request.headers.get('Idempotency-Key') ?? undefined);
    const result = await options.createSession({ ...context, userId, ...(idempotencyKey && { idempotencyKey }) });
    const sessionId = idOf(result?.sessionId);
    const referenceId = referenceOf(result?.referenceId) ?? (sessionId ? undefined : referenceOf(userId));
    // A user id that cannot be a reference (over 255 characters, or spaces…) binds nothing without a sessionId.
    if (sessionId || referenceId) {
      await store.bind({
        provider: context.provider,
        userId,
        ...(sessionId && { sessionId }),
        ...(referenceId && { referenceId }),
      });
    }
    return result;
  }

  const handlerOptions: SessionHandlerOptions & Record<string, unknown> = {
    ...options.sessionOptions,
    createSession: createBound,
    allowedOrigins: options.allowedOrigins,
    // The SPEC's options, passed on for the handler that takes them (today's ignores them; see session() below).
    authorize: options.authorize,
    limit: options.limit,
    anonymous: false,
  };
  const handler = createSessionHandler(handlerOptions);

  return {
    store,

    async session(request) {
      const userId = await userOf(request);
      if (!userId) return failure(401, 'unauthenticated', 'Sign in before starting the identity verification.');
      users.set(request, userId);
      return handler(request);
    },

    async webhook(request, provider) {
      if (request.method !== 'POST') return failure(405, 'method-not-allowed', 'Use POST.', { Allow: 'POST' });
      const secret = Object.hasOwn(secrets, provider) ? secrets[provider] : undefined;
      if (!secret) return failure(404, 'unknown-webhook', 'No webhook is configured for this provider.');
      const body = await readBody(
        request,
        options.maxWebhookBytes ?? 1_048_576,
        options.webhookReadTimeoutMs ?? 10_000,
      );
      if (typeof body === 'number')
        return failure(body, body === 413 ? 'payload-too-large' : 'bad-request', 'The body was refused.');
      const result = await verifyWebhook(provider, {
        rawBody: body,
        headers: request.headers,
        secret,
        ...(options.toleranceSeconds !== undefined && { toleranceSeconds: options.toleranceSeconds }),
        ...(options.now && { now: options.now() }),
        ...(options.sumsubAlgorithms && { algorithms: options.sumsubAlgorithms }),
      });
      if (!result.ok) {
        if (result.reason === 'malformed') return failure(400, 'malformed', 'The webhook could not be read.');
        return failure(401, result.reason, 'The webhook is not verified.');
      }
      let outcome: RecordOutcome;
      try {
        outcome = await store.record({
          provider,
          eventId: result.eventId,
          event: result.event,
          decision: result.decision,
          ...(result.sessionId && { sessionId: result.sessionId }),
          ...(result.referenceId && { referenceId: result.referenceId }),
          ...(result.occurredAt && { occurredAtMs: Date.parse(result.occurredAt) }),
        });
      } catch (error) {
        report(error, 'webhook');
        // Not recorded: the provider retries (and a retry that finds it recorded is a duplicate).
        return failure(503, 'not-recorded', 'The event could not be recorded; retry.', { 'Retry-After': '5' });
      }
      if (!outcome.duplicate && options.onEvent) {
        void Promise.resolve()
          .then(() => options.onEvent!(result, outcome))
          .catch((error: unknown) => report(error, 'webhook'));
      }
      return json(200, { received: true, duplicate: outcome.duplicate });
    },

    async decision(request) {
      if (request.method !== 'GET') return failure(405, 'method-not-allowed', 'Use GET.', { Allow: 'GET' });
      const cors = corsOf(request, options.allowedOrigins);
      if (!cors) return failure(403, 'origin-not-allowed', 'This origin may not ask for decisions.');
      const userId = await userOf(request);
      if (!userId) return failure(401, 'unauthenticated', 'Sign in to see your verification decision.', cors);
      const query = queryOf(new URL(request.url), userId);
      if (typeof query === 'string') return failure(400, 'bad-request', query, cors);
      if (!wantsStream(request)) {
        try {
          return json(200, answerOf(await store.current(query)), cors);
        } catch (error) {
          report(error, 'decision');
          return failure(503, 'unavailable', 'The decision could not be read; retry.', { ...cors, 'Retry-After': '2' });
        }
      }
      const open = streams.get(userId) ?? 0;
      if (open >= stream.maxPerUser)
        return failure(429, 'too-many-streams', 'Too many open decision streams.', { ...cors, 'Retry-After': '5' });
      streams.set(userId, open + 1);
      const release = () => {
        const left = (streams.get(userId) ?? 1) - 1;
        if (left > 0) streams.set(userId, left);
        else streams.delete(userId);
      };
      return decisionStream(store, query, request.signal, stream, cors, release);
    },

    async decisionOf(userId) {
      const record = await store.latest(userId);
      if (!record) return null;
      const { provider, sessionId, decision, occurredAt } = record;
      return { provider, ...(sessionId && { sessionId }), decision, occurredAt };
    },
  };
}

function checkedSecrets(given: KycBackendOptions['webhookSecrets']): Record<string, string | readonly string[]> {
  if (typeof given !== 'object' || given === null) throw new TypeError('createKycBackend: webhookSecrets is required');
  const out: Record<string, string | readonly string[]> = {};
  for (const [provider, secret] of Object.entries(given)) {
    if (secret === undefined) continue;
    const list = typeof secret === 'string' ? [secret] : secret;
    for (const one of list) {
      const problem = typeof one === 'string' ? secretProblem(one) : 'a secret must be a string';
      if (problem) throw new TypeError(`createKycBackend: webhookSecrets.${provider}: ${problem}`);
    }
    out[provider] = secret;
  }
  return out;
}
