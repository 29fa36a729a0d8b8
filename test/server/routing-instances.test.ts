/**
 * Routing across instances: three backends (child processes, createKycBackend with `providers` on one PostgreSQL
 * schema) in front of two providers' session APIs, Veriff's failing every create (503) and Persona's working. 1,000
 * `provider: "auto"` requests from 100 users, Veriff first in the order: the breaker, kept in the database (or in the
 * real Redis, redisBreakerStore), is what every instance reads, so Veriff's API sees at most the breaker's `failures`
 * in its window plus one probe per cool-down in total, not per instance; every user gets a session (from Persona),
 * and one only: no user holds two billable sessions.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresStore } from '../../src/server/index';
import { listen, type Listening } from './helpers';
import { buildServerModule, startChild } from './support/instances.mjs';
import { testSchema, type TestSchema } from './support/postgres';

const INSTANCE = fileURLToPath(new URL('./support/routing-instance.mjs', import.meta.url));
const BREAKER = { failures: 5, windowMs: 600_000, coolDownMs: 600_000 };
const USERS = 100;
const REQUESTS = 1000;

interface Api extends Listening {
  hits: number;
  /** Per user, the creates it answered. */
  creates: Map<string, number>;
}

/** A provider's session API: every create answered `status` (2xx: a new session id). */
async function sessionApi(status: number): Promise<Api> {
  const api = { hits: 0, creates: new Map<string, number>() } as Api;
  let next = 0;
  const server = await listen((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      api.hits++;
      const { userId } = JSON.parse(body) as { userId: string };
      api.creates.set(userId, (api.creates.get(userId) ?? 0) + 1);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { id: `s-${++next}` } : { error: 'unavailable' }));
    });
  });
  return Object.assign(api, server);
}

interface Instance {
  origin: string;
  kill(): Promise<unknown>;
}

const startInstance = (env: Record<string, string>) => startChild(INSTANCE, env) as Promise<Instance>;

let built: Awaited<ReturnType<typeof buildServerModule>>;
const redis = createClient({ url: 'redis://127.0.0.1:6379' });

beforeAll(async () => {
  built = await buildServerModule();
  await redis.connect();
}, 60_000);

afterAll(async () => {
  built?.remove();
  await redis.quit();
});

const ask = (origin: string, user: string) =>
  fetch(`${origin}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'X-Test-User': user },
    body: JSON.stringify({ provider: 'auto', locale: 'en', refresh: false }),
  });

describe.each([
  ['in PostgreSQL', false],
  ['in Redis', true],
] as const)('routing across three instances on one PostgreSQL, the breaker %s', (_, inRedis) => {
  let db: TestSchema;
  let down: Api;
  let up: Api;
  let instances: Instance[] = [];
  const prefix = `kyc-test-${randomUUID()}:`;

  beforeAll(async () => {
    db = await testSchema();
    await postgresStore({ pool: db.pool, schema: db.schema }).migrate();
    [down, up] = await Promise.all([sessionApi(503), sessionApi(200)]);
    instances = await Promise.all(
      [0, 1, 2].map(() =>
        startInstance({
          KYC_SERVER_MODULE: built.module,
          KYC_SCHEMA: db.schema,
          KYC_DOWN_API: `${down.origin}/create`,
          KYC_UP_API: `${up.origin}/create`,
          KYC_BREAKER: JSON.stringify(BREAKER),
          KYC_REDIS_PREFIX: inRedis ? prefix : '',
        }),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((one) => one.kill()));
    await Promise.all([down?.close(), up?.close()]);
    await db?.drop();
    await redis.del(`${prefix}breakers`);
  });

  it('a provider failing every create gets the breaker’s threshold plus one probe per cool-down, in total; every user one session', async () => {
    const began = Date.now();
    const answers: { user: string; status: number; provider?: string; sessionUrl?: string }[] = [];
    // 20 at a time, spread over the three instances; each user's requests in turn (a user asks again and again).
    let sent = 0;
    const worker = async () => {
      while (sent < REQUESTS) {
        const i = sent++;
        const user = `user-${i % USERS}`;
        const answer = await ask(instances[i % instances.length].origin, user);
        const body = (await answer.json()) as { provider?: string; sessionUrl?: string };
        answers.push({ user, status: answer.status, ...body });
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    const seconds = (Date.now() - began) / 1000;

    expect(answers).toHaveLength(REQUESTS);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.provider))).toEqual(new Set(['persona']));
    // One billable session per user, whichever instance each request reached.
    expect(up.hits).toBe(USERS);
    expect([...up.creates.values()].every((n) => n === 1)).toBe(true);
    for (let u = 0; u < USERS; u++)
      expect(new Set(answers.filter((a) => a.user === `user-${u}`).map((a) => a.sessionUrl)).size).toBe(1);
    // The failing provider: the threshold in its window, then at most one probe per cool-down (and the first).
    const probes = Math.floor((seconds * 1000) / BREAKER.coolDownMs) + 1;
    console.info(
      `routing-instances (breaker ${inRedis ? 'in Redis' : 'in PostgreSQL'}): ${REQUESTS} requests in ${seconds.toFixed(1)} s; veriff's API asked ${down.hits} times ` +
        `(bound ${BREAKER.failures} + ${probes} probes), persona's ${up.hits}`,
    );
    expect(down.hits).toBeGreaterThanOrEqual(BREAKER.failures);
    expect(down.hits).toBeLessThanOrEqual(BREAKER.failures + probes);

    const health = (await (await fetch(`${instances[0].origin}/health`)).json()) as {
      providers: Record<string, { state: string; successRate: number | null; failures: number }>;
    };
    expect(health.providers.persona).toMatchObject({ state: 'closed', successRate: 1 });
    expect(['open', 'half-open']).toContain(health.providers.veriff.state);
    expect(health.providers.veriff.successRate).toBe(0);
    // Where the rows are: the Redis hash, or the table (and then not the hash).
    const row = await redis.hGet(`${prefix}breakers`, 'veriff');
    const table = await db.pool.query(`SELECT state FROM "${db.schema}".kyc_breakers WHERE provider = 'veriff'`);
    expect([!!row, table.rows.length === 1]).toEqual([inRedis, !inRedis]);
  }, 120_000);
});
