import { ProviderCallFailed, SessionRefusal } from '../errors';
import { isPlainObject, type CreateSession, type SessionContext, type SessionProvider } from '../session-handler';

/**
 * What the session clients share: one bounded JSON call to a provider's API (10 s, 256 KB, no redirects),
 * whose failures say only which provider and which HTTP status, never the provider's body or our key.
 */

export const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 262_144;

/** Options every session client takes. */
export interface ClientOptions {
  /** The API's base URL (e.g. a sandbox, or a local imitation in tests); the provider's production API by default. */
  baseUrl?: string;
  /** Per call (default 10 000 ms). */
  timeoutMs?: number;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/** Your user's id for the provider (its reference / external user id), from the request (your auth). */
export type UserIdOf = (context: SessionContext) => string | null | undefined | Promise<string | null | undefined>;

export interface ProviderCall {
  provider: SessionProvider;
  what: string;
  url: URL;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
  options: ClientOptions;
  signal?: AbortSignal;
}

export async function callProvider(call: ProviderCall): Promise<Record<string, unknown>> {
  const doFetch = call.options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = AbortSignal.timeout(call.options.timeoutMs ?? PROVIDER_TIMEOUT_MS);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await doFetch(call.url.href, {
      method: call.method,
      headers: { Accept: 'application/json', ...call.headers },
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
    throw new ProviderCallFailed(call.provider, `${call.what}: HTTP ${response.status}`, response.status);
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

export function requireString(value: unknown, name: string, client: string): string {
  if (typeof value !== 'string' || !value) throw new TypeError(`${client}: ${name} is required`);
  return value;
}

/** The user's id for the provider; absent when the host gave no callback, refused when it gives nothing. */
export async function userIdFor(
  userId: UserIdOf | undefined,
  context: SessionContext,
  required: boolean,
): Promise<string | undefined> {
  const id = userId ? await userId(context) : undefined;
  if (typeof id === 'string' && id) return id;
  if (required || userId)
    throw new SessionRefusal(401, 'unauthenticated', 'Sign in before starting the identity verification.');
  return undefined;
}

/** Refuses a request for another provider than the client's (a misrouted endpoint, or a forged body). */
export function forProvider(provider: SessionProvider, create: CreateSession): CreateSession {
  return (context) => {
    if (context.provider !== provider)
      return Promise.reject(
        new SessionRefusal(400, 'unsupported-provider', 'This endpoint does not serve that provider.'),
      );
    return create(context);
  };
}

/** One endpoint for several providers: `sessionsByProvider({ sumsub: sumsubSessions(…), veriff: … })`. */
export function sessionsByProvider(clients: Partial<Record<SessionProvider, CreateSession>>): CreateSession {
  return (context) => {
    const create = Object.hasOwn(clients, context.provider) ? clients[context.provider] : undefined;
    if (!create)
      return Promise.reject(
        new SessionRefusal(400, 'unsupported-provider', 'This endpoint does not serve that provider.'),
      );
    return create(context);
  };
}

export function stringField(data: unknown, ...path: string[]): string | undefined {
  let value: unknown = data;
  for (const key of path) value = isPlainObject(value) ? value[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

/** Lowercase hex HMAC-SHA256 of `text` with `secret`, in Web Crypto. */
export async function hmacSha256Hex(secret: string, text: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
