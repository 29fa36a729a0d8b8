import { ProviderCallFailed, retryAfterSeconds, SessionRefusal } from '../errors';
import type { CreateSession, SessionClient, SessionContext, SessionProvider, SessionResult } from '../session-types';
import { isLoopback, isPlainObject, randomToken } from '../values';
import { hmac, toHex, utf8 } from '../webhooks/crypto';

/**
 * What the session clients share: the checks of their options, the refusals that need no provider call, and one
 * bounded JSON call to the provider's API (40 s, 256 KB, no redirects) whose failures say only which provider and
 * which HTTP status, never the provider's body or our key.
 */

/**
 * Long enough for a slow provider to finish while the widget is still retrying (its 4 tries of 10 s join the one
 * create under way), and under the handler's 45 s deadline for a create. A provider call that ends in our timeout
 * may still have made a session on the provider's side: only an idempotency key (where the provider takes one)
 * makes the next attempt find it.
 */
export const PROVIDER_TIMEOUT_MS = 40_000;
const MAX_ANSWER_BYTES = 262_144;

/** Options every session client takes. */
export interface ClientOptions {
  /** The API's base URL (e.g. a sandbox, or a local imitation in tests); the provider's production API by default. */
  baseUrl?: string;
  /** Per call (default 40 000 ms). */
  timeoutMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/** The provider's API as a client's `create` uses it. */
export interface ProviderApi {
  /** The endpoint at `path` under the client's base URL (a base path such as a sandbox's `/sumsub` is kept). */
  url(path: string): URL;
  /** POSTs `body` (JSON) to `url`: the answer's JSON object, or a ProviderCallFailed. */
  post(what: string, url: URL, headers: Record<string, string>, body: string): Promise<Record<string, unknown>>;
}

interface ClientShape {
  provider: SessionProvider;
  /** The provider's production API. */
  api: string;
  /** The provider needs a reference to your user (the handler's `userId`): without one, 401 before any call. */
  needsUser: boolean;
  create(context: SessionContext, api: ProviderApi): Promise<SessionResult>;
}

/** A `createSession` for one provider, which says its own timeout (the handler's deadline is never shorter). */
export function sessionClient(options: ClientOptions, shape: ClientShape): SessionClient {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const client = `${shape.provider}Sessions`;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) throw new TypeError(`${client}: timeoutMs must be at least 1`);
  const base = options.baseUrl ?? shape.api;
  let baseUrl: URL;
  try {
    baseUrl = new URL(base);
  } catch {
    throw new TypeError(`${client}: baseUrl must be an absolute URL`);
  }
  // The API key goes to baseUrl: over plain http only to this machine (a sandbox), never across a network.
  if (baseUrl.protocol !== 'https:' && !(baseUrl.protocol === 'http:' && isLoopback(baseUrl.hostname)))
    throw new TypeError(`${client}: baseUrl must be https (plain http only on a loopback host)`);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const create: CreateSession = async (context) => {
    if (context.provider !== shape.provider)
      throw new SessionRefusal(400, 'unsupported-provider', 'This endpoint does not serve that provider.');
    if (shape.needsUser && !context.userId)
      throw new SessionRefusal(401, 'unauthenticated', 'Sign in before starting the identity verification.');
    const api: ProviderApi = {
      url: (path) => endpoint(base, path),
      post: (what, url, headers, body) =>
        callProvider({
          provider: shape.provider,
          what,
          url,
          headers,
          body,
          doFetch,
          timeoutMs,
          signal: context.signal,
        }),
    };
    return shape.create(context, api);
  };
  // Only the sandbox (or a stand-in) answers plain http: createKycBackend asks for `development: true` (development.ts).
  const plainHttp = new URL(base).protocol === 'http:' ? { plainHttpApi: new URL(base).origin } : {};
  return Object.assign(create, { timeoutMs, ...plainHttp });
}

/** One bounded JSON call to a provider's API (a session client's, or a webhook helper's key or status fetch). */
export interface ProviderCall {
  provider: SessionProvider;
  what: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  doFetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
}

export async function callProvider(call: ProviderCall): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await call.doFetch(call.url.href, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...call.headers },
      body: call.body,
      signal,
      redirect: 'error',
      cache: 'no-store',
    });
  } catch {
    throw new ProviderCallFailed(
      call.provider,
      `${call.what}: ${timeout.aborted ? 'no answer in time' : 'unreachable'}`,
    );
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    throw new ProviderCallFailed(
      call.provider,
      `${call.what}: HTTP ${response.status}`,
      response.status,
      retryAfterSeconds(response.headers.get('Retry-After')),
    );
  }
  const text = await boundedText(response).catch(() => null);
  if (text === null) throw new ProviderCallFailed(call.provider, `${call.what}: unreadable answer`, response.status);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ProviderCallFailed(call.provider, `${call.what}: the answer is not JSON`, response.status);
  }
  if (!isPlainObject(data))
    throw new ProviderCallFailed(call.provider, `${call.what}: unexpected answer`, response.status);
  return data;
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      void reader.cancel().catch(() => undefined);
      throw new Error('too large');
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The base URL with `path` appended (keeps a base path such as a sandbox's `/sumsub`). */
export function endpoint(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  base.pathname = base.pathname.replace(/\/+$/, '') + path;
  return base;
}

/** A required setting (a template, a level, a workflow): a non-blank string. */
export function requireString(value: unknown, name: string, client: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new TypeError(`${client}: ${name} is required`);
  if (value !== value.trim()) throw new TypeError(`${client}: ${name} has spaces around it`);
  return value;
}

/**
 * What a missing environment variable or a copied example turns into. A key like these would fail at the provider
 * on the first person's request; refused at construction, the mistake shows where it was made.
 */
const PLACEHOLDERS = new Set(
  'undefined null nan none false true changeme change-me change_me secret password todo tbd xxx placeholder key apikey api_key api-key token example test'.split(
    ' ',
  ),
);

/** A key or secret: required, not blank, and not an obvious placeholder. */
export function requireSecret(value: unknown, name: string, client: string): string {
  const text = requireString(value, name, client);
  const lower = text.toLowerCase();
  if (
    PLACEHOLDERS.has(lower) ||
    /^(.)\1*$/.test(text) ||
    /^<.*>$|^\$\{.*\}$|^\$[A-Z_][A-Z0-9_]*$|^%.*%$|^your[-_ ]/i.test(text)
  )
    throw new TypeError(
      `${client}: ${name} is a placeholder (${JSON.stringify(text)}), not a key: check where it is read`,
    );
  return text;
}

/** One endpoint for several providers: `sessionsByProvider({ sumsub: sumsubSessions(…), veriff: … })`. */
export function sessionsByProvider(clients: Partial<Record<SessionProvider, CreateSession>>): SessionClient {
  const timeouts = Object.values(clients).map((client) => (client as Partial<SessionClient>)?.timeoutMs ?? 0);
  const create: CreateSession = (context) => {
    const chosen = Object.hasOwn(clients, context.provider) ? clients[context.provider] : undefined;
    if (!chosen)
      return Promise.reject(
        new SessionRefusal(400, 'unsupported-provider', 'This endpoint does not serve that provider.'),
      );
    return chosen(context);
  };
  const plainHttpApi = Object.values(clients)
    .map((client) => (client as { plainHttpApi?: string } | undefined)?.plainHttpApi)
    .find(Boolean);
  return Object.assign(create, { timeoutMs: Math.max(0, ...timeouts), ...(plainHttpApi && { plainHttpApi }) });
}

export function stringField(data: unknown, ...path: string[]): string | undefined {
  let value: unknown = data;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

/** Lowercase hex HMAC-SHA256 of `text` with `secret`, in Web Crypto. */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  return toHex(await hmac('SHA-256', secret, utf8(text)));
}

/**
 * The reference a session client sends for one session where the provider echoes it back in webhooks (Veriff's
 * `vendorData`, Persona's `reference-id`, Didit's `vendor_data`, iDenfy's `clientId`), kept in the session's binding.
 * Never the user id: anyone who can start a session with the provider (Veriff's API key rides in its browser SDK; a
 * Persona template may allow client-side inquiries) chooses its reference, so a reference that names the user would
 * let them speak for that user. 128 random bits (`kyc_` and 32 hex digits: ASCII, fits every provider's limit).
 * With an idempotency key, the reference is derived from it under the API key (HMAC-SHA256), so that a retried call
 * sends the same body from any instance and is still unguessable without the key.
 */
export async function sessionReference(apiKey: string, idempotencyKey?: string): Promise<string> {
  if (!idempotencyKey) return `kyc_${randomToken()}`;
  return `kyc_${(await hmacSha256Hex(apiKey, `kyc-widget reference\n${idempotencyKey}`)).slice(0, 32)}`;
}
