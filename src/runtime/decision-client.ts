import { isPlainObject } from '../frame/json';
import type { Decision } from '../flow/events';
import { idOf } from '../protocols/wire';
import { EventStreamParser } from './event-stream';
import { retryAfter } from './session-client';
import { abortableSleep } from './timer';

/**
 * The host backend's decision endpoint (README "Server-confirmed decision"): `GET <endpoint>?provider=&sessionId=`
 * with same-origin credentials. Asked for `text/event-stream`, a server that streams sends one `decision` event
 * whose data is the JSON answer, then closes; any other server answers the JSON at once:
 * `{decision, provider, sessionId?, occurredAt}` or `{decision: null}`. No DOM: unit-tested with a fake fetch.
 *
 * `lookForDecision` asks once for JSON (a page that opens on a session already decided). `watchDecision` asks until the
 * decision is known: streaming, reconnecting when a stream ends (after the server's `retry:`), with backoff after
 * failures (a 429's or 503's Retry-After honoured); when the answer is JSON instead, polling with backoff. It gives
 * up after `limitMs` (10 minutes), and at once on a refusal that asking again will not change (401, 403, 404…).
 * The caller's AbortSignal (the element leaving the page, the decision known otherwise) stops everything.
 */

export interface DecisionQuery {
  /** The `provider` input. */
  provider: string;
  /** The session the provider's frame named, when it did. */
  sessionId?: string;
}

export interface ConfirmedDecision {
  decision: Decision;
  sessionId?: string;
}

export interface WatchOptions {
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Waits between tries; injectable so that tests need not wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  /** How long `watchDecision` keeps asking (default WATCH_LIMIT_MS). */
  limitMs?: number;
  /** How long a request may take to answer (its headers, or all of a JSON answer). */
  timeoutMs?: number;
  /** A stream that says nothing (not even a heartbeat) for this long is taken for dead, and asked again. */
  silenceMs?: number;
  /** What one stream may send before it is dropped and asked again. */
  maxStreamChars?: number;
  /** `watchDecision`: a try failed (network, timeout, an erring status, a stream dropped early); it asks again. */
  onFailure?: (note: string) => void;
}

/** Ten minutes: longer than any provider's automatic checks take; a manual review reaches the host's server later. */
export const WATCH_LIMIT_MS = 10 * 60_000;
export const ANSWER_TIMEOUT_MS = 10_000;
/** Three of the server's 15 s heartbeats. */
export const SILENCE_MS = 45_000;
/** The reconnection time until the server gives one (`retry:`), as EventSource's. */
export const DEFAULT_RETRY_MS = 3000;
/** A stream that stayed open this long was healthy: its end starts the backoff over. */
const HEALTHY_MS = 10_000;
const MAX_DELAY_MS = 60_000;
const MAX_STREAM_CHARS = 262_144;
/** A JSON answer is a few hundred bytes. */
const MAX_JSON_CHARS = 16_384;
const DECISIONS: readonly string[] = ['approved', 'declined', 'review'];

/** A refusal that asking again will not change: watching ends. */
export class DecisionRefused extends Error {}

/** One try that failed: asking again may help (after `retryAfterMs` when the server said). */
class TryFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The endpoint's answer, checked: the decision (and the session it names), `null` when it says none yet, undefined
 * when it is not an answer for this query (malformed, an unknown decision, another provider's or session's).
 */
export function readDecision(data: unknown, query: DecisionQuery): ConfirmedDecision | null | undefined {
  if (!isPlainObject(data)) return undefined;
  if (data.decision === null) return null;
  if (typeof data.decision !== 'string' || !DECISIONS.includes(data.decision)) return undefined;
  if (data.provider !== undefined && data.provider !== query.provider) return undefined;
  const sessionId = idOf(data.sessionId);
  if (data.sessionId !== undefined && (!sessionId || (query.sessionId && sessionId !== query.sessionId)))
    return undefined;
  return { decision: data.decision as Decision, ...(sessionId ? { sessionId } : {}) };
}

/** The endpoint with the query's parameters (its own kept). */
export function decisionUrl(endpoint: URL, query: DecisionQuery): URL {
  const url = new URL(endpoint);
  url.searchParams.set('provider', query.provider);
  if (query.sessionId) url.searchParams.set('sessionId', query.sessionId);
  return url;
}

/** One JSON answer: the decision, or null when the endpoint knows none yet. Rejects when the request fails. */
export async function lookForDecision(
  endpoint: URL,
  query: DecisionQuery,
  options: WatchOptions,
): Promise<ConfirmedDecision | null> {
  const answer = await ask(endpoint, query, false, options);
  return 'decision' in answer ? answer : null;
}

/**
 * Asks until the decision is known: resolves with it, or with null when `limitMs` ran out (a stream open then is
 * closed). Rejects with DecisionRefused, or the caller's abort.
 */
export async function watchDecision(
  endpoint: URL,
  query: DecisionQuery,
  options: WatchOptions,
): Promise<ConfirmedDecision | null> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), options.limitMs ?? WATCH_LIMIT_MS);
  const signal = AbortSignal.any([options.signal, limit.signal]);
  try {
    return await keepAsking(endpoint, query, { ...options, signal });
  } catch (error) {
    options.signal.throwIfAborted();
    if (limit.signal.aborted) return null;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

async function keepAsking(endpoint: URL, query: DecisionQuery, options: WatchOptions): Promise<ConfirmedDecision> {
  const { signal } = options;
  const sleep = options.sleep ?? abortableSleep;
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let polls = 0;
  let streaming = true;
  for (;;) {
    let wait: number;
    try {
      const answer = await ask(endpoint, query, streaming, options, (ms) => (retryMs = ms));
      if ('decision' in answer) return answer;
      if (answer.kind === 'none') {
        // A JSON answer to a stream request: this server does not stream. Poll, slower and slower.
        streaming = false;
        failures = 0;
        wait = Math.min(30_000, 2000 * 2 ** polls++);
      } else {
        failures = answer.healthy ? 0 : failures + 1;
        if (failures) options.onFailure?.('the stream ended early');
        wait = Math.max(retryMs, backoff(failures));
      }
    } catch (error) {
      signal.throwIfAborted();
      if (error instanceof DecisionRefused) throw error;
      failures++;
      options.onFailure?.((error as Error)?.message ?? String(error));
      wait = (error as TryFailure).retryAfterMs ?? Math.max(retryMs, backoff(failures));
    }
    await sleep(Math.min(wait, MAX_DELAY_MS), signal);
  }
}

/** Consecutive failures → a delay: 0.5 s, 1 s, 2 s… up to 30 s, jittered by ±25 %. */
function backoff(failures: number): number {
  return failures ? Math.min(30_000, 500 * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5) : 0;
}

type Answer = ConfirmedDecision | { kind: 'none' } | { kind: 'ended'; healthy: boolean };

/** One request: a decision, none yet (JSON), or a stream that ended without one (`retry`: its `retry:` field). */
async function ask(
  endpoint: URL,
  query: DecisionQuery,
  stream: boolean,
  options: WatchOptions,
  retry?: (ms: number) => void,
): Promise<Answer> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  // This try's own stop: its timeout, or silence on its stream.
  const own = new AbortController();
  const signal = AbortSignal.any([options.signal, own.signal]);
  let timer = setTimeout(() => own.abort(new TryFailure(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  try {
    let response: Response;
    try {
      response = await doFetch(decisionUrl(endpoint, query).href, {
        credentials: 'same-origin',
        headers: { Accept: stream ? 'text/event-stream, application/json;q=0.5' : 'application/json' },
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      throw failureOf(error, own.signal);
    }
    if (!response.ok) {
      const status = response.status;
      void response.body?.cancel().catch(() => {});
      const wait = retryAfter(response.headers.get('Retry-After'));
      if (status === 408 || status === 429 || status >= 500) throw new TryFailure(`HTTP ${status}`, wait);
      throw new DecisionRefused(`HTTP ${status}`);
    }
    const type = response.headers.get('Content-Type') ?? '';
    if (stream && /^text\/event-stream/i.test(type)) {
      clearTimeout(timer);
      const silence = options.silenceMs ?? SILENCE_MS;
      const quiet = () => own.abort(new TryFailure(`the stream said nothing for ${silence / 1000} s`));
      timer = setTimeout(quiet, silence);
      const restart = () => {
        clearTimeout(timer);
        timer = setTimeout(quiet, silence);
      };
      const limits = { maxChars: options.maxStreamChars ?? MAX_STREAM_CHARS, now, heard: restart, retry };
      return await readStream(response, query, limits, own.signal);
    }
    let data: unknown;
    try {
      data = JSON.parse(await readText(response, MAX_JSON_CHARS));
    } catch (error) {
      throw failureOf(error, own.signal, 'the answer is not JSON');
    }
    const answer = readDecision(data, query);
    if (answer === undefined) throw new TryFailure('the answer is not a decision for this session');
    return answer ?? { kind: 'none' };
  } finally {
    clearTimeout(timer);
    own.abort(); // whatever ended this try, its connection closes
  }
}

/** A stream's events until its `decision` for this query; or how it ended. */
async function readStream(
  response: Response,
  query: DecisionQuery,
  {
    maxChars,
    now,
    heard,
    retry,
  }: { maxChars: number; now: () => number; heard: () => void; retry?: (ms: number) => void },
  own: AbortSignal,
): Promise<Answer> {
  const opened = now();
  const parser = new EventStreamParser();
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  let chars = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      heard();
      const text = decoder.decode(value, { stream: true });
      chars += text.length;
      if (chars > maxChars) throw new TryFailure(`the stream sent more than ${maxChars} characters`);
      const events = parser.push(text);
      // As EventSource: the stream's reconnection time holds even if it then fails.
      if (parser.retry !== undefined) retry?.(Math.min(parser.retry, MAX_DELAY_MS));
      for (const event of events) {
        if (event.event !== 'decision') continue;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          continue; // not JSON: not an answer
        }
        const answer = readDecision(data, query);
        if (answer) return answer;
      }
    }
  } catch (error) {
    throw failureOf(error, own);
  } finally {
    void reader.cancel().catch(() => {});
  }
  return { kind: 'ended', healthy: now() - opened >= HEALTHY_MS };
}

/** At most `max` characters of a body, as text (a larger one is not an answer). */
async function readText(response: Response, max: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (text.length > max) {
      void reader.cancel().catch(() => {});
      throw new TryFailure(`the answer is larger than ${max} characters`);
    }
  }
}

/** What stopped a try, as a TryFailure (its own timeout or silence says why), or the caller's abort as it is. */
function failureOf(error: unknown, own: AbortSignal, fallback?: string): unknown {
  if (error instanceof TryFailure || error instanceof DecisionRefused) return error;
  if (own.aborted && own.reason instanceof TryFailure) return own.reason;
  if ((error as Error)?.name === 'AbortError') return error;
  return new TryFailure(fallback ?? `network error (${(error as Error)?.message ?? String(error)})`);
}
