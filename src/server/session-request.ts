import { SESSION_PROVIDERS, type SessionProvider } from './session-types';
import { isPlainObject } from './values';

/**
 * Reading what the browser sent, before anything is spent on it: the content type, the body (bounded in size
 * and in time), its exact shape, and the `Idempotency-Key` header.
 */

const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;
const BODY_KEYS = ['locale', 'provider', 'refresh'];
/** A `kyc-error` code, as the widget reports why a provider failed. */
const ERROR_CODE = /^[a-z][a-z0-9-]{0,39}$/;
/** At most this many providers reported failed in one request (there are not that many providers). */
const MAX_FAILED = 16;

/** A provider the widget reports failed before the person started, with its `kyc-error` code. */
export interface FailedProvider {
  provider: SessionProvider;
  code: string;
}
/**
 * The widget sends a UUID; other clients may send any opaque token. 1-255 characters as Persona, Stripe and the
 * IETF draft allow, from a set that is safe in a header, a log line and a cache key.
 */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,255}$/;

export function isJson(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  // A charset other than UTF-8 would be decoded wrongly: refuse it rather than guess.
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/** The `Idempotency-Key` header: absent is null, malformed is 'invalid'. */
export function readIdempotencyKey(request: Request): string | null | 'invalid' {
  const value = request.headers.get('Idempotency-Key');
  if (value === null) return null;
  return IDEMPOTENCY_KEY.test(value) ? value : 'invalid';
}

export type BodyRead = Uint8Array | 'too-large' | 'unreadable' | 'too-slow';

/**
 * The body, counted while it arrives (never trusting Content-Length to be small) and bounded in time: a body still
 * incomplete at `deadline` (ms since the epoch) is 'too-slow', and reading stops there. The stream is cancelled
 * whenever reading stops early, so that an adapter can drop the connection instead of draining it.
 */
export async function readBounded(request: Request, limit: number, deadline: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) {
    void request.body?.cancel().catch(() => undefined);
    return 'too-large';
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'too-slow'>((resolve) => {
    timer = setTimeout(() => resolve('too-slow'), Math.max(0, deadline - Date.now()));
  });
  const stop = <T>(outcome: T): T => {
    void reader.cancel().catch(() => undefined);
    return outcome;
  };
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'too-slow') return stop('too-slow');
      if (next.done) break;
      size += next.value.byteLength;
      if (size > limit) return stop('too-large');
      chunks.push(next.value);
    }
  } catch {
    return stop('unreadable');
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export type ParsedBody =
  | { ok: true; provider: SessionProvider | 'auto'; locale: string; refresh: boolean; failed: FailedProvider[] }
  | { ok: false; code: string; message: string };

/** `failed` as sent: a list of {provider, code} of known providers, each once; anything else is a reason. */
function failedList(value: unknown): FailedProvider[] | string {
  if (!Array.isArray(value) || value.length > MAX_FAILED)
    return `failed must be a list of at most ${MAX_FAILED} {"provider", "code"}.`;
  const seen = new Set<string>();
  for (const entry of value as unknown[]) {
    if (!isPlainObject(entry) || Object.keys(entry).sort().join() !== 'code,provider')
      return 'each failed entry must be exactly {"provider", "code"}.';
    const { provider, code } = entry;
    if (typeof provider !== 'string' || !(SESSION_PROVIDERS as readonly string[]).includes(provider))
      return 'a failed entry names no provider id.';
    if (typeof code !== 'string' || !ERROR_CODE.test(code)) return 'a failed entry has no error code.';
    if (seen.has(provider)) return 'a provider is named twice in failed.';
    seen.add(provider);
  }
  return value as FailedProvider[];
}

/**
 * The body `{provider, locale, refresh}`; with `auto` (the endpoint routes: createKycBackend's `providers`),
 * `provider` may be "auto", which alone may add `failed`.
 */
export function parseBody(bytes: Uint8Array, providers: ReadonlySet<string>, auto = false): ParsedBody {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, code: 'bad-json', message: 'The body is not JSON.' };
  }
  if (!isPlainObject(data))
    return { ok: false, code: 'bad-request', message: 'The body must be {"provider", "locale", "refresh"}.' };
  const routed = auto && data.provider === 'auto';
  const keys = Object.keys(data)
    .filter((key) => !(routed && key === 'failed'))
    .sort();
  if (keys.length !== BODY_KEYS.length || keys.some((key, i) => key !== BODY_KEYS[i]))
    return { ok: false, code: 'bad-request', message: 'The body must have exactly provider, locale and refresh.' };
  const { provider, locale, refresh } = data;
  const failed = routed && 'failed' in data ? failedList(data.failed) : [];
  if (typeof failed === 'string') return { ok: false, code: 'bad-request', message: failed };
  if (!routed && (typeof provider !== 'string' || !(SESSION_PROVIDERS as readonly string[]).includes(provider)))
    return { ok: false, code: 'bad-request', message: 'provider is not a provider id.' };
  if (!routed && !providers.has(provider as string))
    return { ok: false, code: 'unsupported-provider', message: 'This endpoint does not serve that provider.' };
  if (typeof locale !== 'string' || !LOCALE.test(locale))
    return { ok: false, code: 'bad-request', message: 'locale must be a language tag such as en or pt-BR.' };
  if (typeof refresh !== 'boolean') return { ok: false, code: 'bad-request', message: 'refresh must be a boolean.' };
  return { ok: true, provider: routed ? 'auto' : (provider as SessionProvider), locale, refresh, failed };
}
