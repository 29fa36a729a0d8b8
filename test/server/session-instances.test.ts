import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/server/index';
import { countingPersona, sleep } from './helpers';
import { buildServerModule } from './support/instances.mjs';
import { testSchema, type TestSchema } from './support/postgres';

/**
 * Several instances of one app behind a load balancer, as separate Node processes (support/session-instance.mjs),
 * sharing their limit's counters and open sessions through the real Redis on 127.0.0.1:6379 (redisLimitStore and
 * redisSessionStore, under a random key prefix, deleted afterwards) or the real PostgreSQL (postgresStore's `hit`
 * and `openSessions`, in a schema of its own, dropped afterwards). Each process runs the server entry as built, and
 * creates Persona sessions at one counting imitation (helpers.ts).
 */

const CHILD = fileURLToPath(new URL('./support/session-instance.mjs', import.meta.url));
const APP_ORIGIN = 'https://app.example';
let built: Awaited<ReturnType<typeof buildServerModule>>;
const redis = createClient({ url: 'redis://127.0.0.1:6379' });
const prefixes: string[] = [];
let db: TestSchema;

beforeAll(async () => {
  built = await buildServerModule();
  await redis.connect();
  db = await testSchema();
  await postgresStore({ pool: db.pool, schema: db.schema }).migrate();
}, 60_000);

afterAll(async () => {
  for (const prefix of prefixes)
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 }))
      if (keys.length) await redis.del(keys);
  await redis.quit();
  await db?.drop();
  built?.remove();
});

interface Instance {
  origin: string;
  child: ChildProcess;
}

type Kind = 'redis' | 'postgres';

async function instances(
  kind: Kind,
  count: number,
  config: { persona: string; max: number; createTimeoutMs?: number },
): Promise<Instance[]> {
  // Each group of instances shares its own Redis keys (a fresh prefix); on PostgreSQL, the tests' users differ.
  const prefix = `kyc-test-${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(CHILD, [
        built.module,
        JSON.stringify({ ...config, kind, prefix, schema: db.schema, origin: APP_ORIGIN }),
      ]);
      const origin = await new Promise<string>((resolve, reject) => {
        child.once('message', (message: { origin: string }) => resolve(message.origin));
        child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
      });
      return { origin, child };
    }),
  );
}

const stop = (all: Instance[]) =>
  Promise.all(all.map(({ child }) => new Promise((resolve) => child.once('exit', resolve).send('stop'))));

function ask(instance: Instance, init: { user?: string; key?: string; refresh?: boolean } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: APP_ORIGIN };
  if (init.user) headers['x-user'] = init.user;
  if (init.key) headers['Idempotency-Key'] = init.key;
  return fetch(`${instance.origin}/api/kyc-session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ provider: 'persona', locale: 'en', refresh: init.refresh ?? false }),
  });
}

describe.each([
  ['Redis', 'redis'],
  ['PostgreSQL', 'postgres'],
] as const)('two instances sharing %s', (name, kind: Kind) => {
  it('300 concurrent requests of one user, half refresh, spread over both: one provider create', async () => {
    const persona = await countingPersona({ delayMs: 300 });
    const both = await instances(kind, 2, { persona: persona.api.origin, max: 10 });
    try {
      const responses = await Promise.all(
        Array.from({ length: 300 }, (_, i) => ask(both[i % 2], { user: 'mallory', key: `k${i}`, refresh: i % 4 < 2 })),
      );
      const tokens = new Set(
        await Promise.all(responses.map(async (r) => ((await r.json()) as { sessionToken?: string }).sessionToken)),
      );
      console.log(`${name}, 2 instances, 300 concurrent of one user: ${persona.made()} creates`);
      expect(responses.every((response) => response.status === 200)).toBe(true);
      expect(tokens.size).toBe(1);
      expect(persona.made()).toBe(1);
      // Refreshes sent to either instance later, while the session is young: still that one.
      for (let i = 0; i < 20; i++)
        expect((await ask(both[i % 2], { user: 'mallory', refresh: true })).status).toBe(200);
      expect(persona.made()).toBe(1);
    } finally {
      await stop(both);
      await persona.api.close();
    }
  }, 30_000);

  it('400 anonymous requests from one address, spread over both: exactly the limit, counted once for both', async () => {
    const persona = await countingPersona({ delayMs: 10 });
    const both = await instances(kind, 2, { persona: persona.api.origin, max: 7 });
    try {
      const responses = await Promise.all(Array.from({ length: 400 }, (_, i) => ask(both[i % 2], { key: `a${i}` })));
      const statuses = responses.map((response) => response.status);
      console.log(`${name}, 2 instances, 400 anonymous from one address, limit 7: ${persona.made()} creates`);
      expect(persona.made()).toBe(7);
      expect(statuses.filter((status) => status === 200).length).toBe(7);
      expect(statuses.filter((status) => status === 429).length).toBe(393);
    } finally {
      await stop(both);
      await persona.api.close();
    }
  }, 30_000);

  it("an instance dies mid-create: the widget's retry on the other waits out its claim, and the same key makes no second inquiry", async () => {
    // The claim lasts the create's deadline (2 s here); the provider takes 1 s to answer the dead instance's create.
    const persona = await countingPersona({ delayMs: 1000 });
    const both = await instances(kind, 2, { persona: persona.api.origin, max: 10, createTimeoutMs: 2000 });
    try {
      const first = ask(both[0], { user: 'oscar', key: 'click-1' }).catch(() => null);
      // Killed once its create has reached the provider (which then takes 1 s to answer).
      while (persona.requests() === 0) await sleep(10); // fixed wait: a poll
      both[0].child.kill('SIGKILL');
      expect(await first).toBeNull();
      const retry = await ask(both[1], { user: 'oscar', key: 'click-1' });
      const waited = persona.arrivals[1] - persona.arrivals[0];
      console.log(
        `${name}, instance killed mid-create: the retry answered ${retry.status}, its create ${waited} ms after`,
      );
      expect(retry.status).toBe(200);
      // It waited for the dead instance's claim (taken just before that instance's create) rather than creating.
      expect(waited).toBeGreaterThan(1500);
      expect(persona.requests()).toBe(2);
      expect(persona.made()).toBe(1); // the Idempotency-Key, bound to oscar, named the inquiry already made
    } finally {
      both[1].child.kill('SIGKILL');
      await persona.api.close();
    }
  }, 30_000);
});
