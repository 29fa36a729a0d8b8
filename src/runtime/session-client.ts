import {
  postSession,
  readAnswer,
  SESSION_TIMEOUT_MS,
  type SessionAnswer,
  type SessionRequest,
  type SessionTry,
} from '../session/request';
import { abortableSleep } from './timer';
import { isPlainObject } from '../frame/json';
import { randomId } from '../providers/url';

export { readAnswer, SESSION_TIMEOUT_MS, type SessionAnswer, type SessionRequest };

/**
 * The host backend's session endpoint (README "Sessions from your backend"): POST {provider, locale, refresh}, same-origin
 * credentials, answer {sessionUrl?, sessionToken?, provider?, expiresAt?}. Failures are retried at most
 * three times with exponential backoff (Retry-After honoured), each try bounded by a timeout; the caller's
 * AbortSignal (the element leaving the page) stops everything. No DOM: unit-tested with a fake fetch.
 */

export interface SessionClientOptions {
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits between tries; injectable so that tests need not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  timeoutMs?: number;
  retries?: number;
  baseDelayMs?: number;
  /** The first try, already sent (the stand-in sends it while the runtime downloads): its answer is read here. */
  first?: SessionTry;
}
export const SESSION_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 60_000;

/** `provider="auto"`: the endpoint's word on a 502/503 (its JSON body): the provider that failed, or none left. */
export interface ProviderWord {
  provider?: string;
  none?: boolean;
}

export class SessionFetchError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    readonly word: ProviderWord = {},
  ) {
    super(message);
    this.name = 'SessionFetchError';
  }
}

/** One failed try, and whether trying again can help. */
class TryFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
    readonly final = false,
    readonly word: ProviderWord = {},
  ) {
    super(message);
  }
}

export async function fetchSession(
  endpoint: URL,
  body: SessionRequest,
  options: SessionClientOptions,
): Promise<SessionAnswer> {
  const { signal, retries = SESSION_RETRIES, baseDelayMs = 500 } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = options.sleep ?? abortableSleep;
  // One Idempotency-Key for the whole attempt: every retry, and the stand-in's first try, carry the same.
  const key = options.first?.key ?? randomId('');
  let last = '';
  for (let attempt = 0; attempt <= retries; attempt++) {
    signal.throwIfAborted();
    try {
      const sent =
        attempt === 0 && options.first
          ? options.first
          : postSession(endpoint, body, key, doFetch, options.timeoutMs ?? SESSION_TIMEOUT_MS);
      signal.addEventListener('abort', () => sent.abort.abort(), { once: true });
      return await readTry(sent, endpoint, signal, options.timeoutMs ?? SESSION_TIMEOUT_MS, body.provider === 'auto');
    } catch (error) {
      signal.throwIfAborted();
      const failure =
        error instanceof TryFailure ? error : new TryFailure(`network error (${(error as Error)?.message ?? error})`);
      last = failure.message;
      if (failure.final || attempt === retries)
        return Promise.reject(new SessionFetchError(`session-endpoint: ${last}`, attempt + 1, failure.word));
      const backoff = baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
      await sleep(Math.min(MAX_RETRY_AFTER_MS, failure.retryAfterMs ?? backoff), signal);
    }
  }
  throw new SessionFetchError(`session-endpoint: ${last}`, retries + 1);
}

/** Reads one try's answer: a session, or a TryFailure saying whether asking again can help. */
async function readTry(
  { response: sent, timeout }: SessionTry,
  endpoint: URL,
  signal: AbortSignal,
  timeoutMs: number,
  auto: boolean,
): Promise<SessionAnswer> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if (timeout.aborted && !signal.aborted) throw new TryFailure(`no answer within ${timeoutMs / 1000} s`);
    throw error;
  }
  if (!response.ok) {
    const { status } = response;
    // `auto`: a 502/503 naming the provider that failed, or saying none is left, is the flow's to act on at once.
    const word = auto && (status === 502 || status === 503) ? await providerWord(response) : {};
    // 4xx other than 408/429 will not get better by asking again.
    const final =
      (status >= 400 && status < 500 && status !== 408 && status !== 429) || Boolean(word.provider || word.none);
    const said = word.provider ? ` (${word.provider} failed)` : word.none ? ' (no provider left)' : '';
    throw new TryFailure(`HTTP ${status}${said}`, retryAfter(response.headers.get('Retry-After')), final, word);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new TryFailure('the answer is not JSON');
  }
  const answer = readAnswer(data, endpoint);
  if (!answer) throw new TryFailure('the answer has neither a valid sessionUrl nor a sessionToken');
  return answer;
}

/**
 * A 502/503's JSON body: `{"provider": <id>}` (that provider failed) or the error `no-provider` (none left: the
 * server companion's `{"error": {"code": "no-provider"}}`); else nothing.
 */
async function providerWord(response: Response): Promise<ProviderWord> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return {};
  }
  if (!isPlainObject(data)) return {};
  const { provider, error } = data;
  if (typeof provider === 'string' && /^[a-z][a-z0-9-]{0,31}$/.test(provider)) return { provider };
  return isPlainObject(error) && error.code === 'no-provider' ? { none: true } : {};
}

/** Retry-After in seconds or as an HTTP date → milliseconds (undefined when absent or unreadable). */
export function retryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
