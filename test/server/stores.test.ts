/**
 * The store contract (support/store-contract.ts) against memoryStore, and against postgresStore on the real
 * PostgreSQL in a schema of its own; plus what only the database store must show: concurrent writers; and the
 * breaker's rows under concurrent changes in each store that keeps them, the real Redis included.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memoryStore,
  postgresMigration,
  postgresStore,
  redisBreakerStore,
  type BreakerRow,
  type BreakerStore,
  type PostgresStore,
} from '../../src/server/index';
import { testSchema, type TestSchema } from './support/postgres';
import { storeContract } from './support/store-contract';

describe('memoryStore', () => {
  const store = memoryStore();
  storeContract(() => store);
});

describe('postgresStore', () => {
  let db: TestSchema;
  let store: PostgresStore;

  beforeAll(async () => {
    db = await testSchema();
    store = postgresStore({ pool: db.pool, schema: db.schema });
    await store.migrate();
    // Idempotent: a second instance starting runs it again.
    await Promise.all([store.migrate(), postgresStore({ pool: db.pool, schema: db.schema }).migrate()]);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  storeContract(() => store);

  it('records one of 50 concurrent deliveries of one event, and keeps the latest of 50 concurrent events', async () => {
    await store.bind({ provider: 'sumsub', userId: 'race-user', sessionId: 'race-applicant' });
    const same = { provider: 'sumsub', eventId: 'race-1', event: 'applicantReviewed', sessionId: 'race-applicant' };
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => store.record({ ...same, decision: 'approved', occurredAtMs: 1_000 })),
    );
    expect(outcomes.filter((one) => !one.duplicate)).toHaveLength(1);
    const decisions = ['approved', 'declined', 'review'] as const;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.record({
          ...same,
          eventId: `race-${i + 2}`,
          decision: decisions[i % 3]!,
          occurredAtMs: 2_000 + i * 1000,
        }),
      ),
    );
    expect(await store.current({ userId: 'race-user', sessionId: 'race-applicant' })).toMatchObject({
      decision: decisions[49 % 3],
      occurredAt: new Date(2_000 + 49 * 1000).toISOString(),
    });
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM "${db.schema}".kyc_events WHERE session_id = 'race-applicant'`,
    );
    expect(rows[0]).toEqual({ n: 51 });
  });

  it('lets one instance at a time claim the create of an open session; a released or expired claim is free again', async () => {
    const mine = store.openSessions;
    const theirs = postgresStore({ pool: db.pool, schema: db.schema }).openSessions;
    const key = 'sumsub\u0000user:claimed';
    // 20 claims at once from two instances: exactly one is taken.
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? mine : theirs).claim!(key, 60_000)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = taken.indexOf(true) % 2 ? mine : theirs;
    const waiter = holder === mine ? theirs : mine;
    // Releasing is only the holder's: the other instance's release leaves the claim held.
    await waiter.release!(key);
    expect(await waiter.claim!(key, 60_000)).toBe(false);
    await holder.release!(key);
    expect(await waiter.claim!(key, 300)).toBe(true);
    expect(await holder.claim!(key, 60_000)).toBe(false);
    // A claim whose holder died expires.
    // fixed wait: the claim's time-to-live (300) is the subject; the store takes no clock
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await holder.claim!(key, 60_000)).toBe(true);
  });

  it('documents its migration as SQL, and refuses a schema name it would have to quote', () => {
    expect(postgresMigration('tenant_a')).toContain('CREATE TABLE IF NOT EXISTS "tenant_a".kyc_events');
    expect(() => postgresStore({ pool: db.pool, schema: 'x"; DROP TABLE y; --' })).toThrow(/schema/);
    expect(() => postgresStore({ pool: {} as never })).toThrow(/pool/);
  });
});

describe("the breaker's rows, changed by many callers at once (memoryStore, postgresStore, redisBreakerStore)", () => {
  let db: TestSchema;
  const redis = createClient({ url: 'redis://127.0.0.1:6379' });
  const prefix = `kyc-test-${randomUUID()}:`;
  const stores: Record<string, BreakerStore> = {};

  beforeAll(async () => {
    db = await testSchema();
    const pg = postgresStore({ pool: db.pool, schema: db.schema });
    await pg.migrate();
    await redis.connect();
    const memory = memoryStore();
    stores.memory = memory as BreakerStore;
    stores.postgres = pg as BreakerStore;
    stores.redis = redisBreakerStore({ command: (args) => redis.sendCommand(args), prefix });
  });
  afterAll(async () => {
    await redis.del(`${prefix}breakers`);
    await redis.quit();
    await db?.drop();
  });

  it.each(['memory', 'postgres', 'redis'])('%s: 200 concurrent changes of one row, none lost', async (kind) => {
    const store = stores[kind];
    const count = (row: BreakerRow | undefined): BreakerRow => ({
      ...(row ?? { state: 'closed', windowStart: 0, pending: 0, healthy: false, openedAt: 0, probeUntil: 0 }),
      failures: (row?.failures ?? 0) + 1,
      recent: [],
    });
    const written = await Promise.all(Array.from({ length: 200 }, () => store.breaker('veriff', count)));
    // Each change saw the row the one before it wrote: every count from 1 to 200, once.
    expect(written.map((row) => row.failures).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    expect((await store.breakers()).veriff?.failures).toBe(200);
  });

  it('redis: a value that is not a row (written by something else) counts as none and is replaced', async () => {
    await redis.hSet(`${prefix}breakers`, 'persona', 'not json');
    expect(await stores.redis.breakers()).not.toHaveProperty('persona');
    const row = await stores.redis.breaker('persona', (found) => ({
      state: 'open',
      windowStart: 1,
      failures: found ? 99 : 5,
      pending: 0,
      healthy: false,
      openedAt: 1,
      probeUntil: 0,
      recent: [],
    }));
    expect(row.failures).toBe(5);
    expect((await stores.redis.breakers()).persona).toMatchObject({ state: 'open', failures: 5 });
    expect(() => redisBreakerStore({} as never)).toThrow(/command/);
  });
});
