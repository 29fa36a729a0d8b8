/**
 * onEvent at least once: an event whose handler did not finish is handed to it again, on the provider's retry of the
 * event and by the sweep at start.
 * - memoryStore on a clock the test moves: a handler that throws runs again on the retry once its lease ran out,
 *   never while it holds it, and never after it finished; a second backend on the store hands it over at start.
 * - PostgreSQL, backend instances as child processes: one is killed with SIGKILL while its onEvent runs; the
 *   provider's retry to another instance, and a third instance's sweep at start, hand the two events over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebhook } from '../../sandbox/webhooks.mjs';
import { memoryStore, postgresStore } from '../../src/server/index';
import { sessionIdFor, startBackend, webhookAt } from './support/backend';
import { buildServerModule, startInstance as startChild } from './support/instances.mjs';
import { testSchema, type TestSchema } from './support/postgres';

describe('memoryStore, on a clock the test moves', () => {
  it('a handler that threw runs again on the retry after its lease, once it finished never again', async () => {
    const clock = { ms: Date.now() };
    const store = memoryStore({ now: () => clock.ms });
    const ran: string[] = [];
    let failing = true;
    const backend = await startBackend({
      store,
      onEventLeaseMs: 60_000,
      onEvent: (event) => {
        ran.push(event.eventId);
        if (failing) throw new Error('the handler failed');
      },
      onError: () => undefined,
    });
    try {
      backend.clock.ms = Date.now();
      const webhook = webhookAt('persona', backend.clock.ms, 'approved', sessionIdFor('persona'), 'someone');
      expect(await backend.deliver('persona', webhook)).toEqual([200, { received: true, duplicate: false }]);
      await expect.poll(() => ran.length).toBe(1);
      // The retry while the first run holds the lease: recorded before, and not handed out twice at once.
      expect(await backend.deliver('persona', webhook)).toEqual([200, { received: true, duplicate: true }]);
      expect(ran).toHaveLength(1);
      clock.ms += 60_001;
      failing = false;
      expect(await backend.deliver('persona', webhook)).toEqual([200, { received: true, duplicate: true }]);
      await expect.poll(() => ran.length).toBe(2);
      // Finished: later retries are only duplicates.
      clock.ms += 60_001;
      expect(await backend.deliver('persona', webhook)).toEqual([200, { received: true, duplicate: true }]);
      expect(ran).toHaveLength(2);

      // An event whose handler failed, and no retry: a backend starting on the store hands it over.
      failing = true;
      const lost = webhookAt('persona', backend.clock.ms, 'declined', sessionIdFor('persona'), 'someone');
      expect((await backend.deliver('persona', lost))[0]).toBe(200);
      await expect.poll(() => ran.length).toBe(3);
      clock.ms += 60_001;
      const swept: { eventId: string; payload: unknown; decision: unknown }[] = [];
      const restarted = await startBackend({ store, onEvent: (event) => void swept.push(event) });
      try {
        await expect.poll(() => swept.length).toBe(1);
        expect(swept[0]).toMatchObject({ eventId: ran[2], decision: 'declined' });
        expect(swept[0]!.payload).toEqual(JSON.parse(lost.body));
      } finally {
        await restarted.close();
      }
    } finally {
      await backend.close();
    }
  });
});

const SECRET = `whsec_${Buffer.from('on-event-test-webhook-secret-001').toString('base64')}`;
interface Instance {
  origin: string;
  messages: { handling?: string; handled?: string }[];
  next(test: (message: { handling?: string; handled?: string }) => boolean): Promise<{ handled?: string }>;
  kill(signal?: NodeJS.Signals): Promise<string | number | null>;
}
const startInstance = startChild as (options: {
  module: string;
  schema: string;
  secret: string;
  onEvent?: 'hang' | 'print';
  leaseMs?: number;
}) => Promise<Instance>;

describe('PostgreSQL: an instance killed with SIGKILL before its onEvent finished', () => {
  let db: TestSchema;
  let built: Awaited<ReturnType<typeof buildServerModule>>;
  const started: Instance[] = [];

  beforeAll(async () => {
    db = await testSchema();
    await postgresStore({ pool: db.pool, schema: db.schema }).migrate();
    built = await buildServerModule();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((one) => one.kill()));
    built?.remove();
    await db?.drop();
  });

  const start = async (options: { onEvent: 'hang' | 'print'; leaseMs?: number }) => {
    const instance = await startInstance({ module: built.module, schema: db.schema, secret: SECRET, ...options });
    started.push(instance);
    return instance;
  };
  const deliver = async (origin: string, webhook: { body: string; headers: Record<string, string> }) => {
    const response = await fetch(`${origin}/webhook/persona`, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });
    return [response.status, await response.json()] as const;
  };
  const rows = async (ids: string[]) =>
    (
      await db.pool.query(
        `SELECT event_id, pending, lease_until <= now() AS lease_over FROM "${db.schema}".kyc_events
         WHERE provider = 'persona' AND event_id = ANY($1) ORDER BY event_id`,
        [ids],
      )
    ).rows as { event_id: string; pending: boolean; lease_over: boolean | null }[];
  const persona = (n: number) =>
    buildWebhook('persona', {
      sessionId: sessionIdFor('persona'),
      referenceId: `on-event-${n}`,
      decision: 'approved',
      secret: SECRET,
    }) as { body: string; headers: Record<string, string> };
  const idOf = (webhook: { body: string }) => (JSON.parse(webhook.body) as { data: { id: string } }).data.id;

  it("the provider's retry to another instance, and a new instance's sweep at start, hand the events over", async () => {
    // B runs its sweep at its start (nothing due yet), then every 60 s: within this test, only a retry reaches it.
    const b = await start({ onEvent: 'print' });
    const a = await start({ onEvent: 'hang', leaseMs: 1000 });
    const [first, second] = [persona(1), persona(2)];
    const ids = [idOf(first), idOf(second)];
    for (const webhook of [first, second]) {
      expect(await deliver(a.origin, webhook)).toEqual([200, { received: true, duplicate: false }]);
      await a.next((message) => message.handling === idOf(webhook));
    }
    expect(await a.kill('SIGKILL')).toBe('SIGKILL');
    expect((await rows(ids)).map((row) => row.pending)).toEqual([true, true]);
    // A's lease (1 s) runs out on the database's clock.
    await expect
      .poll(async () => (await rows(ids)).every((row) => row.lease_over), { timeout: 10_000, interval: 100 })
      .toBe(true);

    // The provider retries the first to B: a duplicate, whose handler B now runs.
    expect(await deliver(b.origin, first)).toEqual([200, { received: true, duplicate: true }]);
    await b.next((message) => message.handled === ids[0]);
    // The second is not retried: C's sweep at its start hands it over.
    const c = await start({ onEvent: 'print' });
    await c.next((message) => message.handled === ids[1]);
    await expect.poll(async () => (await rows(ids)).map((row) => row.pending)).toEqual([false, false]);

    // Handled: a retry is only a duplicate. A fresh event is a fence (B's lines come in order).
    expect(await deliver(b.origin, first)).toEqual([200, { received: true, duplicate: true }]);
    const fence = persona(3);
    expect(await deliver(b.origin, fence)).toEqual([200, { received: true, duplicate: false }]);
    await b.next((message) => message.handled === idOf(fence));
    const handled = [...b.messages, ...c.messages].filter(
      (message) => message.handled && ids.includes(message.handled),
    );
    console.log(`killed before onEvent finished: 2 events; handed over again: ${handled.length}`);
    expect(handled.map((message) => message.handled).sort()).toEqual([...ids].sort());
  }, 90_000);
});
