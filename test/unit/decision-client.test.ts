import { describe, expect, it } from 'vitest';
import {
  DecisionRefused,
  decisionUrl,
  lookForDecision,
  readDecision,
  watchDecision,
  type DecisionQuery,
  type WatchOptions,
} from '../../src/runtime/decision-client';

const endpoint = new URL('https://shop.example/api/kyc-decision?tenant=t1');
const query: DecisionQuery = { provider: 'persona', sessionId: 'inq_1' };

/** A piece of a scripted stream: text, a pause, the connection dropped, or held open until the request is aborted. */
type Piece = string | { wait: number } | 'drop' | 'hold';

/**
 * A text/event-stream answer that plays `pieces`. The reader closing it, or the request's `signal` aborting, ends it
 * as a browser would, and `log` says so ('closed').
 */
function sse(pieces: Piece[], signal: AbortSignal, log: string[] = []): Response {
  const encoder = new TextEncoder();
  let closed = false;
  const close = () => {
    if (!closed) log.push('closed');
    closed = true;
  };
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const stop = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      signal.addEventListener('abort', () => {
        close();
        try {
          controller.error(signal.reason);
        } catch {
          // closed already
        }
      });
      for (const piece of pieces) {
        if (signal.aborted) return;
        if (piece === 'drop') return controller.error(new TypeError('network error'));
        if (piece === 'hold') return void (await stop);
        if (typeof piece === 'object') await Promise.race([stop, new Promise((r) => setTimeout(r, piece.wait))]);
        else controller.enqueue(encoder.encode(piece));
      }
      if (!signal.aborted) controller.close();
    },
    cancel: close,
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json', ...headers } });

type Step = ((init: RequestInit) => Response) | Response | Error;

/** A fetch that plays the given answers in order and records what it was asked. */
function fakeFetch(steps: Step[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const step = steps.shift();
    if (!step) throw new Error('no more answers');
    if (step instanceof Error) throw step;
    return typeof step === 'function' ? step(init) : step;
  }) as unknown as typeof fetch;
  return { fn, calls };
}

function watch(steps: Step[], extra: Partial<WatchOptions> = {}) {
  const fake = fakeFetch(steps);
  const waits: number[] = [];
  const promise = watchDecision(endpoint, query, {
    signal: new AbortController().signal,
    fetch: fake.fn,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { promise, calls: fake.calls, waits };
}

const accept = (init: RequestInit) => new Headers(init.headers).get('Accept');
const DECISION = 'event: decision\ndata: {"decision":"approved","provider":"persona","sessionId":"inq_1"}\n\n';

describe('reading the decision endpoint’s answer', () => {
  it('takes a decision for this query, none, and nothing else', () => {
    expect(
      readDecision({ decision: 'approved', provider: 'persona', sessionId: 'inq_1', occurredAt: 'x' }, query),
    ).toEqual({ decision: 'approved', sessionId: 'inq_1' });
    expect(readDecision({ decision: 'review' }, { provider: 'persona' })).toEqual({ decision: 'review' });
    expect(readDecision({ decision: null }, query)).toBeNull();
    for (const bad of [
      null,
      [],
      'approved',
      { decision: 'maybe' },
      { decision: 'Approved' },
      { decision: ['approved'] },
      { decision: 'approved', provider: 'sumsub' }, // another provider's
      { decision: 'approved', sessionId: 'inq_2' }, // another session's
      { decision: 'approved', sessionId: '<script>' },
      { decision: 'approved', sessionId: 42 },
      { decision: 'approved', sessionId: 'x'.repeat(200) },
    ])
      expect(readDecision(bad, query), JSON.stringify(bad)).toBeUndefined();
  });

  it('asks with the provider and the session, keeping the endpoint’s own parameters', () => {
    expect(decisionUrl(endpoint, query).href).toBe(
      'https://shop.example/api/kyc-decision?tenant=t1&provider=persona&sessionId=inq_1',
    );
    expect(decisionUrl(endpoint, { provider: 'generic' }).search).toBe('?tenant=t1&provider=generic');
  });
});

describe('watching the decision endpoint (runtime/decision-client.ts)', () => {
  it('streams: same-origin credentials, never cached; heartbeats, then the decision; the stream is closed after it', async () => {
    const log: string[] = [];
    const { promise, calls } = watch([
      (init) =>
        sse(['retry: 3000\n: waiting\n\n', ': heartbeat\n\n', { wait: 20 }, DECISION, 'hold'], init.signal!, log),
    ]);
    await expect(promise).resolves.toEqual({ decision: 'approved', sessionId: 'inq_1' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(decisionUrl(endpoint, query).href);
    expect(calls[0].init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    expect(accept(calls[0].init)).toMatch(/^text\/event-stream/);
    await expect.poll(() => log).toEqual(['closed']);
  });

  it('ignores forged and malformed events in the stream, and takes the real one after them', async () => {
    const forged = [
      'event: decision\ndata: {"decision":"granted"}\n\n',
      'event: decision\ndata: {"decision":"approved","provider":"sumsub"}\n\n',
      'event: decision\ndata: {"decision":"approved","sessionId":"inq_other"}\n\n',
      'event: decision\ndata: not json\n\n',
      'event: message\ndata: {"decision":"approved"}\n\n', // not the decision event
      `event: decision\ndata: {"decision":"approved","pad":"${'x'.repeat(70_000)}"}\n\n`, // over the event bound
      'event: decision\ndata: {"decision":null}\n\n',
    ];
    const { promise } = watch([
      (init) => sse([...forged, 'event: decision\ndata: {"decision":"declined"}\n\n', 'hold'], init.signal!),
    ]);
    await expect(promise).resolves.toEqual({ decision: 'declined' });
  });

  it('a stream that ends without a decision: asked again after the server’s retry', async () => {
    const { promise, calls, waits } = watch([
      (init) => sse(['retry: 1234\n\n', ': heartbeat\n\n'], init.signal!),
      (init) => sse([DECISION], init.signal!),
    ]);
    await expect(promise).resolves.toMatchObject({ decision: 'approved' });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([1234]);
  });

  it('a dropped stream: asked again, with backoff over the server’s retry after failures in a row', async () => {
    const dropped = (init: RequestInit) => sse(['retry: 100\n\n', { wait: 5 }, 'drop'], init.signal!);
    const { promise, calls, waits } = watch([
      dropped,
      dropped,
      dropped,
      new TypeError('offline'),
      (init) => sse([DECISION], init.signal!),
    ]);
    await expect(promise).resolves.toMatchObject({ decision: 'approved' });
    expect(calls).toHaveLength(5);
    // 0.5 s, 1 s, 2 s, 4 s (±25 %): never under the server's 100 ms.
    expect(waits).toHaveLength(4);
    [500, 1000, 2000, 4000].forEach((base, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(base * 0.75);
      expect(waits[i]).toBeLessThanOrEqual(base * 1.25);
    });
  });

  it('says each failed try (onFailure), and not a healthy stream that ended or a JSON "none yet"', async () => {
    const failures: string[] = [];
    const { promise } = watch(
      [
        (init) => sse(['retry: 100\n\n', { wait: 5 }, 'drop'], init.signal!),
        new TypeError('Failed to fetch'),
        json({ error: 'unavailable' }, 503),
        json({ decision: null }),
        json({ decision: 'approved', provider: 'persona', sessionId: 'inq_1' }),
      ],
      { onFailure: (note) => failures.push(note) },
    );
    await expect(promise).resolves.toMatchObject({ decision: 'approved' });
    expect(failures).toEqual(['network error (network error)', 'network error (Failed to fetch)', 'HTTP 503']);
  });

  it('429 and 503: their Retry-After; other refusals end the watch at once', async () => {
    const busy = watch([
      json({ error: 'too-many-streams' }, 429, { 'Retry-After': '5' }),
      json({ error: 'unavailable' }, 503, { 'Retry-After': '2' }),
      (init) => sse([DECISION], init.signal!),
    ]);
    await expect(busy.promise).resolves.toMatchObject({ decision: 'approved' });
    expect(busy.waits).toEqual([5000, 2000]);
    for (const status of [400, 401, 403, 404]) {
      const refused = watch([json({ error: 'no' }, status), json({ decision: 'approved' })]);
      await expect(refused.promise).rejects.toBeInstanceOf(DecisionRefused);
      expect(refused.calls).toHaveLength(1);
    }
  });

  it('a JSON answer instead of a stream: polls, slower and slower, asking for JSON', async () => {
    const { promise, calls, waits } = watch([
      json({ decision: null }),
      json({ decision: null }),
      json({ decision: null }),
      json({ decision: 'review', provider: 'persona' }),
    ]);
    await expect(promise).resolves.toEqual({ decision: 'review' });
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(calls.map((call) => accept(call.init))).toEqual([
      expect.stringMatching(/^text\/event-stream/),
      'application/json',
      'application/json',
      'application/json',
    ]);
  });

  it('a JSON answer that is not one (malformed, too large, another session’s) is a failure: asked again', async () => {
    const { promise, waits } = watch([
      new Response('{"decision":', { headers: { 'Content-Type': 'application/json' } }),
      json({ decision: 'approved', pad: 'x'.repeat(20_000) }),
      json({ decision: 'approved', sessionId: 'inq_2' }),
      json({ decision: 'approved' }),
    ]);
    await expect(promise).resolves.toEqual({ decision: 'approved' });
    expect(waits).toHaveLength(3);
  });

  it('a silent stream is taken for dead and asked again; so is one that sends too much', async () => {
    const silent = watch(
      [(init) => sse(['retry: 0\n\n', 'hold'], init.signal!), (init) => sse([DECISION], init.signal!)],
      { silenceMs: 50 },
    );
    await expect(silent.promise).resolves.toMatchObject({ decision: 'approved' });
    expect(silent.calls).toHaveLength(2);
    const chatty = watch(
      [(init) => sse([': heartbeat\n\n'.repeat(100), DECISION], init.signal!), (init) => sse([DECISION], init.signal!)],
      { maxStreamChars: 500 },
    );
    await expect(chatty.promise).resolves.toMatchObject({ decision: 'approved' });
    expect(chatty.calls).toHaveLength(2);
  });

  it('gives up after its time: null, and the stream open then is closed', async () => {
    const log: string[] = [];
    const { promise, calls } = watch([(init) => sse([': heartbeat\n\n', 'hold'], init.signal!, log)], { limitMs: 100 });
    await expect(promise).resolves.toBeNull();
    expect(calls).toHaveLength(1);
    expect(log).toEqual(['closed']);
  });

  it('the caller’s abort stops the request under way, and the watch rejects', async () => {
    const log: string[] = [];
    const abort = new AbortController();
    const { promise, calls } = watch([(init) => sse(['hold'], init.signal!, log)], { signal: abort.signal });
    await expect.poll(() => calls.length).toBe(1);
    abort.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(log).toEqual(['closed']);
  });
});

describe('one look (a page that opens on a decided session)', () => {
  it('asks for JSON once: the decision, or null', async () => {
    const signal = new AbortController().signal;
    const decided = fakeFetch([json({ decision: 'declined', provider: 'persona' })]);
    await expect(lookForDecision(endpoint, query, { signal, fetch: decided.fn })).resolves.toEqual({
      decision: 'declined',
    });
    expect(accept(decided.calls[0].init)).toBe('application/json');
    const none = fakeFetch([json({ decision: null })]);
    await expect(lookForDecision(endpoint, query, { signal, fetch: none.fn })).resolves.toBeNull();
    const failed = fakeFetch([json({ error: 'x' }, 500)]);
    await expect(lookForDecision(endpoint, query, { signal, fetch: failed.fn })).rejects.toThrow('HTTP 500');
    expect(failed.calls).toHaveLength(1);
  });
});
