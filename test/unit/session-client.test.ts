import { describe, expect, it } from 'vitest';
import { fetchSession, readAnswer, retryAfter, SessionFetchError } from '../../src/runtime/session-client';

const endpoint = new URL('https://shop.example/api/kyc-session');
const body = { provider: 'sumsub', locale: 'en', refresh: false };

type Step = Response | Error | ((init: RequestInit) => Promise<Response>);

/** A fetch that plays the given answers in order and records what it was asked. */
function fakeFetch(steps: Step[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error('no more answers');
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(init);
    return step;
  }) as unknown as typeof fetch;
  return { fn, calls };
}

const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function run(steps: Step[], extra: Partial<Parameters<typeof fetchSession>[2]> = {}) {
  const fake = fakeFetch(steps);
  const waits: number[] = [];
  const signal = extra.signal ?? new AbortController().signal;
  const promise = fetchSession(endpoint, body, {
    signal,
    fetch: fake.fn,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { promise, calls: fake.calls, waits };
}

describe('session endpoint client', () => {
  it('POSTs the body the README gives as JSON with same-origin credentials', async () => {
    const { promise, calls } = run([json({ sessionToken: 'tok_1', expiresAt: '2030-01-01T00:00:00Z' })]);
    await expect(promise).resolves.toEqual({ sessionToken: 'tok_1', expiresAt: '2030-01-01T00:00:00Z' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(endpoint.href);
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(JSON.parse(String(calls[0].init.body))).toEqual(body);
  });

  it('reads a decision instead of a session (kyc-widget/server, for a person already decided), and nothing else', () => {
    expect(readAnswer({ provider: 'persona', decision: 'approved' }, endpoint)).toEqual({
      provider: 'persona',
      decision: 'approved',
    });
    expect(readAnswer({ decision: 'maybe' }, endpoint)).toBeNull();
  });

  it('sends one Idempotency-Key per attempt: the same on every retry, a new one for the next attempt', async () => {
    const keyOf = (call: { init: RequestInit }) => (call.init.headers as Record<string, string>)['Idempotency-Key'];
    const first = run([new TypeError('Failed to fetch'), json({}, 503), json({ sessionToken: 'tok_1' })]);
    await first.promise;
    expect(first.calls).toHaveLength(3);
    const key = keyOf(first.calls[0]);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(first.calls.map(keyOf)).toEqual([key, key, key]);
    const second = run([json({ sessionToken: 'tok_2' })]);
    await second.promise;
    expect(keyOf(second.calls[0])).toMatch(/^[0-9a-f]{24}$/);
    expect(keyOf(second.calls[0])).not.toBe(key);
  });

  it('retries network errors, 5xx, bad JSON and wrong shapes at most 3 times, then fails', async () => {
    const { promise, calls, waits } = run([
      new TypeError('Failed to fetch'),
      json({}, 503),
      new Response('<html>', { status: 200 }),
      json({ nope: 1 }),
    ]);
    const error = (await promise.catch((e: unknown) => e)) as SessionFetchError;
    expect(error).toBeInstanceOf(SessionFetchError);
    expect(error.attempts).toBe(4);
    expect(error.message).toMatch(/neither a valid sessionUrl nor a sessionToken/);
    expect(calls).toHaveLength(4);
    expect(waits).toHaveLength(3);
    expect(waits[1]).toBeGreaterThan(waits[0]); // backoff grows
  });

  it('succeeds on a later try', async () => {
    const { promise, calls } = run([json({}, 502), json({ sessionUrl: '/verify/abc' })]);
    await expect(promise).resolves.toEqual({ sessionUrl: 'https://shop.example/verify/abc' });
    expect(calls).toHaveLength(2);
  });

  it('honours Retry-After, capped', async () => {
    const { promise, waits } = run([
      json({}, 429, { 'Retry-After': '7' }),
      json({}, 503, { 'Retry-After': '3600' }),
      json({ sessionToken: 't' }),
    ]);
    await promise;
    expect(waits).toEqual([7000, 60000]);
  });

  it('caps a Retry-After beyond what a timer holds (it would fire at once), in seconds or as a date', async () => {
    const { promise, waits } = run([
      json({}, 503, { 'Retry-After': '2147484' }),
      json({}, 503, { 'Retry-After': '1e308' }),
      json({}, 503, { 'Retry-After': 'Fri, 31 Dec 9999 23:59:59 GMT' }),
      json({ sessionToken: 't' }),
    ]);
    await promise;
    expect(waits).toEqual([60000, 60000, 60000]);
  });

  it('caps a backoff beyond what a timer holds', async () => {
    const { promise, waits } = run([json({}, 503), json({ sessionToken: 't' })], { baseDelayMs: 1e308 });
    await promise;
    expect(waits).toEqual([60000]);
  });

  it('does not retry a 4xx that asking again cannot fix', async () => {
    const { promise, calls } = run([json({ error: 'forbidden' }, 403)]);
    await expect(promise).rejects.toThrow(/HTTP 403/);
    expect(calls).toHaveLength(1);
  });

  it('times a try out', async () => {
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    const { promise } = run([hang, hang], { timeoutMs: 20, retries: 1 });
    await expect(promise).rejects.toThrow(/no answer within 0.02 s/);
  });

  it('stops at once when aborted (the element left the page)', async () => {
    const abort = new AbortController();
    const hang = (init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)));
    const { promise, calls } = run([hang], { signal: abort.signal });
    await Promise.resolve();
    abort.abort();
    await expect(promise).rejects.toHaveProperty('name', 'AbortError');
    expect(calls).toHaveLength(1);
  });

  it('validates answers: unsafe URLs and wrong types are refused', () => {
    expect(readAnswer({ sessionUrl: 'javascript:alert(1)' }, endpoint)).toBeNull();
    expect(readAnswer({ sessionUrl: 'http://evil.example/x' }, endpoint)).toBeNull();
    expect(readAnswer({ sessionToken: 42 }, endpoint)).toBeNull();
    expect(readAnswer([], endpoint)).toBeNull();
    expect(readAnswer({ sessionToken: 't', provider: 'veriff', expiresAt: 'soon', extra: 'x' }, endpoint)).toEqual({
      sessionToken: 't',
      provider: 'veriff',
    });
  });

  it('reads Retry-After in seconds and as a date', () => {
    expect(retryAfter('2')).toBe(2000);
    expect(retryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfter('soon')).toBeUndefined();
    expect(retryAfter(null)).toBeUndefined();
  });
});
