import { SessionRefusal } from './errors';

/**
 * The widget's `session-endpoint` on the server: Web-standard `Request` in, `Response` out, so the same
 * handler runs in a Next.js route handler, Hono, Deno, a worker, or Node through `toNodeHandler`.
 *
 * Everything a browser can send is checked before the host's `createSession` runs: the method (POST), the
 * content type (JSON), the size (4 KB by default, counted while reading, not taken from Content-Length),
 * the Origin (the request's own origin unless `allowedOrigins` says otherwise), and the body's exact shape
 * `{provider, locale, refresh}`. What `createSession` answers is checked too before it reaches the widget.
 * Every answer is JSON with `Cache-Control: no-store`; an error is `{error: {code, message}}`, never a stack
 * or a provider's text. The handler itself never throws.
 */

/** Every provider id `<kyc-widget>` accepts (kept equal to the element's list by a test). */
export const SESSION_PROVIDERS = [
  'generic',
  'persona',
  'sumsub',
  'veriff',
  'jumio',
  'idenfy',
  'didit',
  'yoti',
  'veratad',
  'caf',
  'zignsec',
] as const;

export type SessionProvider = (typeof SESSION_PROVIDERS)[number];

/** What `createSession` is given: the widget's request, validated, and the Request itself (cookies, auth). */
export interface SessionContext {
  provider: SessionProvider;
  locale: string;
  refresh: boolean;
  request: Request;
  /** Aborted when the handler stops waiting (`timeoutMs`) or the browser goes away: pass it to `fetch`. */
  signal: AbortSignal;
}

/** What `createSession` answers: at least one of `sessionUrl` and `sessionToken`. */
export interface SessionResult {
  sessionUrl?: string;
  sessionToken?: string;
  /** When the session or token stops working: an ISO date string, a Date, or milliseconds since the epoch. */
  expiresAt?: string | Date | number;
}

export type CreateSession = (context: SessionContext) => Promise<SessionResult>;

/** What the widget receives on success. */
export interface SessionAnswerBody {
  provider: SessionProvider;
  sessionUrl?: string;
  sessionToken?: string;
  expiresAt?: string;
}

export interface SessionHandlerOptions {
  createSession: CreateSession;
  /**
   * Origins allowed to ask, exactly as a browser sends them (`https://app.example`). Default: the request's
   * own origin (`new URL(request.url).origin`, or an Origin whose host is the request's `Host` header). Behind a proxy that changes the scheme or host, list your
   * public origin here. A function decides per request.
   */
  allowedOrigins?: readonly string[] | ((origin: string, request: Request) => boolean);
  /** Providers this endpoint serves (default: all the widget knows); others get 400 `unsupported-provider`. */
  providers?: readonly SessionProvider[];
  /** Largest body accepted, in bytes (default 4096). */
  maxBodyBytes?: number;
  /**
   * How long `createSession` may take before the handler answers 504 (default 9000 ms: just under the
   * widget's 10 s, so that the widget sees the answer and retries rather than its own timeout).
   */
  timeoutMs?: number;
  /** Seconds to put in `Retry-After` on a 502/504 (default 1; 0 leaves the header out). */
  retryAfterSeconds?: number;
  /** Told of each failure of `createSession` (for your logs): the browser only ever sees a generic error. */
  onError?: (error: unknown, context: { provider: SessionProvider; request: Request }) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 4096;
export const DEFAULT_SESSION_TIMEOUT_MS = 9000;
const MAX_TOKEN_LENGTH = 8192;
const MAX_URL_LENGTH = 8192;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
const BODY_KEYS = ['locale', 'provider', 'refresh'];

export function createSessionHandler(options: SessionHandlerOptions): (request: Request) => Promise<Response> {
  if (typeof options?.createSession !== 'function')
    throw new TypeError('createSessionHandler: createSession must be a function');
  const providers = new Set<string>(options.providers ?? SESSION_PROVIDERS);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
  const retryAfter = options.retryAfterSeconds ?? 1;

  return async function handleSessionRequest(request: Request): Promise<Response> {
    try {
      return await handle(request);
    } catch {
      // Only a bug of ours gets here (every expected failure is answered inside); still a JSON answer.
      return failure(500, 'internal-error', 'The session endpoint failed.');
    }
  };

  async function handle(request: Request): Promise<Response> {
    if (request.method !== 'POST') return failure(405, 'method-not-allowed', 'Use POST.', { Allow: 'POST' });
    if (!originAllowed(request, options.allowedOrigins))
      return failure(403, 'origin-not-allowed', 'This origin may not ask for a session.');
    if (!isJson(request.headers.get('Content-Type')))
      return failure(415, 'unsupported-media-type', 'Send Content-Type: application/json.');
    const bytes = await readBounded(request, maxBodyBytes);
    if (bytes === 'too-large') return failure(413, 'payload-too-large', `The body is over ${maxBodyBytes} bytes.`);
    if (bytes === 'unreadable') return failure(400, 'bad-request', 'The body could not be read.');
    const body = parseBody(bytes, providers);
    if (!body.ok) return failure(400, body.code, body.message);

    const { provider, locale, refresh } = body;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, request.signal]);
    let result: unknown;
    try {
      result = await raceAbort(options.createSession({ provider, locale, refresh, request, signal }), signal);
    } catch (error) {
      if (error instanceof SessionRefusal) return failure(error.status, error.code, error.message);
      report(error, provider, request);
      const headers: Record<string, string> = retryAfter > 0 ? { 'Retry-After': String(retryAfter) } : {};
      if (timeout.aborted)
        return failure(504, 'session-timeout', 'The identity provider did not answer in time.', headers);
      return failure(502, 'session-failed', 'The identity provider could not start a session.', headers);
    }
    const answer = readResult(result, provider);
    if (!answer) {
      report(new TypeError('createSession answered without a valid sessionUrl or sessionToken'), provider, request);
      const headers: Record<string, string> = retryAfter > 0 ? { 'Retry-After': String(retryAfter) } : {};
      return failure(502, 'session-failed', 'The identity provider could not start a session.', headers);
    }
    return json(200, answer);
  }

  function report(error: unknown, provider: SessionProvider, request: Request): void {
    try {
      options.onError?.(error, { provider, request });
    } catch {
      // A throwing logger must not change the answer.
    }
  }
}

function originAllowed(request: Request, allowed: SessionHandlerOptions['allowedOrigins']): boolean {
  const origin = request.headers.get('Origin');
  // Browsers send Origin on every POST (same-origin included); its absence means not a browser's fetch
  // from a page, and "null" means an opaque origin (sandboxed frame, file:): neither may ask.
  if (!origin || origin === 'null') return false;
  if (typeof allowed === 'function') {
    try {
      return allowed(origin, request) === true;
    } catch {
      return false;
    }
  }
  if (allowed) return allowed.includes(origin);
  try {
    if (new URL(request.url).origin === origin) return true;
    // A framework may rebuild request.url from its own listen address (Next.js: http://localhost:PORT while the
    // browser used 127.0.0.1:PORT): the Host header is what the browser asked for. A page on another site cannot
    // send our host as its Origin, so the same host in both is the same origin (the check is a CSRF guard).
    const host = request.headers.get('Host');
    return host !== null && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

function isJson(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  // A charset other than UTF-8 would be decoded wrongly: refuse it rather than guess.
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

async function readBounded(request: Request, limit: number): Promise<Uint8Array | 'too-large' | 'unreadable'> {
  const declared = Number(request.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) return 'too-large';
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'unreadable';
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

type ParsedBody =
  | { ok: true; provider: SessionProvider; locale: string; refresh: boolean }
  | { ok: false; code: string; message: string };

function parseBody(bytes: Uint8Array, providers: Set<string>): ParsedBody {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, code: 'bad-json', message: 'The body is not JSON.' };
  }
  if (!isPlainObject(data))
    return { ok: false, code: 'bad-request', message: 'The body must be {"provider", "locale", "refresh"}.' };
  const keys = Object.keys(data).sort();
  if (keys.length !== BODY_KEYS.length || keys.some((key, i) => key !== BODY_KEYS[i]))
    return { ok: false, code: 'bad-request', message: 'The body must have exactly provider, locale and refresh.' };
  const { provider, locale, refresh } = data;
  if (typeof provider !== 'string' || !(SESSION_PROVIDERS as readonly string[]).includes(provider))
    return { ok: false, code: 'bad-request', message: 'provider is not a provider id.' };
  if (!providers.has(provider))
    return { ok: false, code: 'unsupported-provider', message: 'This endpoint does not serve that provider.' };
  if (typeof locale !== 'string' || !LOCALE.test(locale))
    return { ok: false, code: 'bad-request', message: 'locale must be a language tag such as en or pt-BR.' };
  if (typeof refresh !== 'boolean') return { ok: false, code: 'bad-request', message: 'refresh must be a boolean.' };
  return { ok: true, provider: provider as SessionProvider, locale, refresh };
}

/** Checks what `createSession` gave; only known, well-formed fields reach the widget. */
function readResult(result: unknown, provider: SessionProvider): SessionAnswerBody | null {
  if (!isPlainObject(result)) return null;
  const answer: SessionAnswerBody = { provider };
  const { sessionUrl, sessionToken, expiresAt } = result;
  if (sessionUrl !== undefined) {
    if (typeof sessionUrl !== 'string' || !isSessionUrl(sessionUrl)) return null;
    answer.sessionUrl = sessionUrl;
  }
  if (sessionToken !== undefined) {
    if (typeof sessionToken !== 'string' || !sessionToken || sessionToken.length > MAX_TOKEN_LENGTH) return null;
    answer.sessionToken = sessionToken;
  }
  if (expiresAt !== undefined) {
    const iso = isoDate(expiresAt);
    if (!iso) return null;
    answer.expiresAt = iso;
  }
  return answer.sessionUrl || answer.sessionToken ? answer : null;
}

/** An absolute https URL, or http on a loopback host (local sandboxes and tests), without credentials. */
export function isSessionUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function isoDate(value: unknown): string | null {
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && value
          ? Date.parse(value)
          : NaN;
  return Number.isFinite(time) && Math.abs(time) <= 8.64e15 ? new Date(time).toISOString() : null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(promise).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

function failure(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return json(status, { error: { code, message } }, headers);
}
