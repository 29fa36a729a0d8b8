/**
 * Every store call has a deadline: with the database partitioned (a TCP proxy in front of PostgreSQL that accepts
 * connections and never answers), every route is answered 503 with Retry-After within the store's deadline instead
 * of waiting on the pool, and answers again once the database does. The same with a store of the host's own that
 * stops answering (memoryStore behind a switch).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore, postgresStore, type KycStore } from '../../src/server/index';
import { PAGE_ORIGIN, sessionIdFor, startBackend, webhookAt, type TestBackend } from './support/backend';
import { PG_CONFIG, testSchema, type TestSchema } from './support/postgres';
import { stallProxy, type StallProxy } from './support/stall-proxy';

const STORE_TIMEOUT_MS = 1000;
/** A bound for "answered at all" (the partition, unguarded, answered nothing in 30 s). */
const NO_ANSWER_MS = 20_000;

interface Outcome {
  route: string;
  status: number | 'no answer';
  retryAfter: string | null;
  ms: number;
}

/** 20 session requests, 20 decision reads and 20 webhooks at once, each timed. */
async function burst(backend: TestBackend, tag: string): Promise<Outcome[]> {
  const timed = async (route: string, url: string, init: RequestInit): Promise<Outcome> => {
    const started = performance.now();
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(NO_ANSWER_MS) });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      return { route, status: response.status, retryAfter: response.headers.get('Retry-After'), ms };
    } catch {
      return { route, status: 'no answer', retryAfter: null, ms: performance.now() - started };
    }
  };
  backend.clock.ms = Date.now();
  const requests = Array.from({ length: 20 }, (_, i) => {
    const user = { 'X-Test-User': `partition-${tag}-${i}` };
    const webhook = webhookAt('veriff', backend.clock.ms, 'approved', sessionIdFor('veriff'), `partition-${tag}-${i}`);
    return [
      timed('session', `${backend.origin}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN, ...user },
        body: JSON.stringify({ provider: 'veriff', locale: 'en', refresh: false }),
      }),
      timed('decision', `${backend.origin}/decision`, { headers: user }),
      timed('webhook', `${backend.origin}/webhook/veriff`, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
      }),
    ];
  });
  return Promise.all(requests.flat());
}

function expectAllRefused(outcomes: Outcome[], label: string): void {
  const slowest = Math.max(...outcomes.map((one) => one.ms));
  const statuses = [...new Set(outcomes.map((one) => one.status))];
  console.log(`${label}: ${outcomes.length} requests, statuses ${statuses.join()}, slowest ${Math.round(slowest)} ms`);
  expect(outcomes.filter((one) => one.status === 'no answer')).toEqual([]);
  for (const one of outcomes) {
    expect(one.status, one.route).toBe(503);
    expect(Number(one.retryAfter), one.route).toBeGreaterThanOrEqual(1);
  }
}

describe('PostgreSQL partitioned behind a stalling proxy', () => {
  let db: TestSchema;
  let proxy: StallProxy;
  let pool: pg.Pool;
  let store: ReturnType<typeof postgresStore>;
  let backend: TestBackend;

  beforeAll(async () => {
    db = await testSchema();
    proxy = await stallProxy({ host: PG_CONFIG.host, port: PG_CONFIG.port });
    // The pool as a host makes it without timeouts of its own: only the backend's deadline stands between a
    // partition and requests that wait forever.
    pool = new pg.Pool({ ...PG_CONFIG, port: proxy.port, max: 5 });
    pool.on('error', () => undefined);
    store = postgresStore({ pool, schema: db.schema });
    await store.migrate();
    backend = await startBackend({ store, storeTimeoutMs: STORE_TIMEOUT_MS });
  });
  afterAll(async () => {
    await backend?.close();
    proxy?.heal();
    await store?.close();
    await pool?.end().catch(() => undefined);
    await proxy?.close();
    await db?.drop();
  });

  it('every route answers 503 with Retry-After while the database does not answer, and recovers', async () => {
    expect((await backend.startSession('partition-before', 'veriff'))[0]).toBe(200);
    proxy.stall();
    const outcomes = await burst(backend, 'pg');
    expectAllRefused(outcomes, 'partitioned PostgreSQL');
    await expect(backend.kyc.decisionOf('partition-before')).rejects.toMatchObject({ name: 'StoreUnavailable' });
    // Answered, but the pool without timeouts still queues the work it was given.
    console.log(`a pool without timeouts, partitioned: ${pool.waitingCount} queued`);
    expect(pool.waitingCount).toBeGreaterThan(0);
    proxy.heal();
    await expect
      .poll(async () => (await backend.startSession('partition-after', 'veriff'))[0], { timeout: 15_000 })
      .toBe(200);
  }, 60_000);

  it('with the pool settings docs/server.md gives (scaled under storeTimeoutMs), the pool sheds its queue', async () => {
    const timed = new pg.Pool({
      ...PG_CONFIG,
      port: proxy.port,
      max: 5,
      connectionTimeoutMillis: 500,
      query_timeout: 800,
      statement_timeout: 800,
    });
    timed.on('error', () => undefined);
    const timedStore = postgresStore({ pool: timed, schema: db.schema });
    const timedBackend = await startBackend({ store: timedStore, storeTimeoutMs: STORE_TIMEOUT_MS });
    try {
      expect((await timedBackend.startSession('timed-before', 'veriff'))[0]).toBe(200);
      proxy.stall();
      const outcomes = await burst(timedBackend, 'timed');
      const slowest = Math.max(...outcomes.map((one) => one.ms));
      console.log(
        `pool with timeouts, partitioned: statuses ${[...new Set(outcomes.map((one) => one.status))].join()}, ` +
          `slowest ${Math.round(slowest)} ms`,
      );
      // The driver's errors or the backend's deadline, whichever comes first: a 5xx with Retry-After, never silence.
      for (const one of outcomes) {
        expect(typeof one.status === 'number' && one.status >= 502 && one.status <= 503, one.route).toBe(true);
        expect(Number(one.retryAfter), one.route).toBeGreaterThanOrEqual(1);
      }
      await expect.poll(() => timed.waitingCount, { timeout: 5000 }).toBe(0);
      proxy.heal();
      await expect
        .poll(async () => (await timedBackend.startSession('timed-after', 'veriff'))[0], { timeout: 15_000 })
        .toBe(200);
    } finally {
      proxy.heal();
      await timedBackend.close();
      await timedStore.close();
      await timed.end().catch(() => undefined);
    }
  }, 60_000);
});

describe('a store of your own that stops answering', () => {
  let stalled = false;
  const never = new Promise<never>(() => undefined);
  const inner = memoryStore();
  const gate =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      stalled ? never : call(...args);
  const store: KycStore = {
    ...inner,
    bind: gate(inner.bind),
    record: gate(inner.record),
    current: gate(inner.current),
    latest: gate(inner.latest),
    hit: gate(inner.hit),
    openSessions: {
      get: gate(inner.openSessions.get),
      set: gate(inner.openSessions.set),
      delete: gate(inner.openSessions.delete),
    },
  };
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ store, storeTimeoutMs: STORE_TIMEOUT_MS });
  });
  afterAll(() => backend?.close());

  it('every route answers 503 with Retry-After, and answers again once the store does', async () => {
    stalled = true;
    expectAllRefused(await burst(backend, 'mem'), 'a store that never answers');
    stalled = false;
    expect((await backend.startSession('stalled-after', 'veriff'))[0]).toBe(200);
  }, 60_000);
});
