/**
 * The store contract (support/store-contract.ts) against memoryStore, and against postgresStore on the real
 * PostgreSQL in a schema of its own; plus what only the database store must show: concurrent writers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore, postgresMigration, postgresStore, type PostgresStore } from '../../src/server/index';
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
