/**
 * Several instances of a host's backend (child processes, createKycBackend on postgresStore) sharing one PostgreSQL
 * schema: one user's session requests spread over both make one create; a webhook delivered to instance A reaches a
 * decision stream connected to instance B; instance A killed with SIGKILL in the middle of recording, the provider's
 * retry delivered to B: nothing lost, nothing twice. Across a switch of provider (`provider: "auto"`, routed
 * instances): both providers' webhooks duplicated, reordered and one instance killed mid-write, each recorded once,
 * the later decision kept, and the attempts ledger saying what happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebhook } from '../../sandbox/webhooks.mjs';
import { createKycBackend, postgresStore } from '../../src/server/index';
import { buildServerModule, startInstance as startChild } from './support/instances.mjs';
import { testSchema, type TestSchema } from './support/postgres';
import { openDecisionStream } from './support/sse';

const SECRET = `whsec_${Buffer.from('instances-test-webhook-secret-01').toString('base64')}`;
interface Instance {
  origin: string;
  next(test: (message: { holding?: string }) => boolean): Promise<{ holding?: string }>;
  kill(signal?: NodeJS.Signals): Promise<string | number | null>;
}
const startInstance = startChild as (options: {
  module: string;
  schema: string;
  secret: string;
  hold?: boolean;
  routed?: boolean;
}) => Promise<Instance>;

let db: TestSchema;
let built: Awaited<ReturnType<typeof buildServerModule>>;
let a: Instance;
let b: Instance;
const extra: Instance[] = [];

beforeAll(async () => {
  db = await testSchema();
  await postgresStore({ pool: db.pool, schema: db.schema }).migrate();
  built = await buildServerModule();
  [a, b] = await Promise.all(
    [0, 1].map(() => startInstance({ module: built.module, schema: db.schema, secret: SECRET })),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all([a, b, ...extra].map((one) => one?.kill()));
  built?.remove();
  await db?.drop();
});

const startSession = (origin: string, user: string, provider: string, refresh = false, failed?: unknown) =>
  fetch(`${origin}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'X-Test-User': user },
    body: JSON.stringify({ provider, locale: 'en', refresh, ...(failed !== undefined && { failed }) }),
  });

const deliver = (origin: string, provider: string, webhook: { body: string; headers: Record<string, string> }) =>
  fetch(`${origin}/webhook/${provider}`, { method: 'POST', headers: webhook.headers, body: webhook.body });

const count = async (sql: string, values: unknown[]) =>
  ((await db.pool.query(sql.replaceAll('$schema', `"${db.schema}"`), values)).rows[0] as { n: number }).n;

/** The session id the user's latest created session was bound by: only a webhook naming it is theirs. */
const boundSession = async (user: string, provider: string) =>
  (
    (
      await db.pool.query(
        `SELECT session_id FROM "${db.schema}".kyc_sessions WHERE user_id = $1 AND provider = $2 ORDER BY seq DESC LIMIT 1`,
        [user, provider],
      )
    ).rows[0] as { session_id: string }
  ).session_id;

const events = 'SELECT count(*)::int AS n FROM $schema.kyc_events WHERE provider = $1 AND event_id = $2';

/**
 * Delivers `webhook` to `held` (an instance holding every recording before its COMMIT) and kills it with SIGKILL
 * there: no answer, and nothing of the event stays. Resolves with the event's id.
 */
async function killedMidWrite(
  held: Instance,
  provider: string,
  webhook: { body: string; headers: Record<string, string> },
) {
  const answer = deliver(held.origin, provider, webhook).then(
    (response) => response.status,
    () => 'no answer' as const,
  );
  const { holding } = await held.next((message) => !!message.holding);
  // The transaction has run its statement and holds its row; the process dies before COMMIT.
  expect(await held.kill('SIGKILL')).toBe('SIGKILL');
  expect(await answer).toBe('no answer');
  // PostgreSQL rolls the dead connection's transaction back: nothing of it stays.
  await expect.poll(() => count(events, [provider, holding]), { timeout: 10_000 }).toBe(0);
  return holding!;
}

describe('two instances, one database', () => {
  it('100 concurrent session requests of one user over A and B, half refresh: one create, bound and counted once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        startSession(i % 2 ? a.origin : b.origin, 'user-reuse', 'veriff', i % 4 < 2),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array<number>(100).fill(200));
    // Each create binds its session once (instance.mjs answers a new session id per create).
    const bound = 'SELECT count(*)::int AS n FROM $schema.kyc_sessions WHERE user_id = $1';
    expect(await count(bound, ['user-reuse'])).toBe(1);
    const counted = 'SELECT coalesce(sum(count), 0)::int AS n FROM $schema.kyc_limits WHERE key = $1';
    expect(await count(counted, ['user:user-reuse'])).toBe(1);
  });

  it('a webhook delivered to A reaches the decision stream connected to B (through NOTIFY)', async () => {
    expect((await startSession(a.origin, 'user-ab', 'persona')).status).toBe(200);
    const stream = await openDecisionStream(`${b.origin}/decision?provider=persona`, { 'X-Test-User': 'user-ab' });
    expect(stream.status).toBe(200);
    // B's stream is open and waiting (its first look found nothing) before the webhook goes to A.
    await expect.poll(() => stream.seen.some((one) => one.data === 'waiting for the decision')).toBe(true);
    const sessionId = await boundSession('user-ab', 'persona');
    const webhook = buildWebhook('persona', {
      sessionId,
      referenceId: 'user-ab',
      decision: 'approved',
      secret: SECRET,
    });
    expect((await deliver(a.origin, 'persona', webhook)).status).toBe(200);
    // B's heartbeat is a minute away (instance.mjs): only A's NOTIFY can have told it.
    expect((await stream.decision)?.data).toMatchObject({ decision: 'approved', sessionId });
    await stream.ended;
  });

  it('A killed with SIGKILL mid-recording, the retry delivered to B: recorded once, decision delivered', async () => {
    const held = await startInstance({ module: built.module, schema: db.schema, secret: SECRET, hold: true });
    extra.push(held);
    expect((await startSession(held.origin, 'user-kill', 'idenfy')).status).toBe(200);
    const stream = await openDecisionStream(`${b.origin}/decision?provider=idenfy`, { 'X-Test-User': 'user-kill' });
    const webhook = buildWebhook('idenfy', {
      sessionId: await boundSession('user-kill', 'idenfy'),
      referenceId: 'user-kill',
      decision: 'declined',
      secret: SECRET,
    });
    const holding = await killedMidWrite(held, 'idenfy', webhook);

    // The provider retries (the same bytes) to B: recorded, and the stream waiting on B hears of it.
    const retry = await deliver(b.origin, 'idenfy', webhook);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    expect((await stream.decision)?.data).toMatchObject({ decision: 'declined', provider: 'idenfy' });
    // Retried again (the provider did not see B's answer, say): nothing twice.
    expect(await (await deliver(b.origin, 'idenfy', webhook)).json()).toEqual({ received: true, duplicate: true });
    expect(await count(events, ['idenfy', holding])).toBe(1);
    const decisions = 'SELECT count(*)::int AS n FROM $schema.kyc_decisions WHERE provider = $1 AND user_id = $2';
    expect(await count(decisions, ['idenfy', 'user-kill'])).toBe(1);
  });

  it('across a switch of provider: every webhook recorded once (duplicates, reordering, a kill mid-write), the later decision kept', async () => {
    const start = (hold = false) =>
      startInstance({ module: built.module, schema: db.schema, secret: SECRET, hold, routed: true });
    const [c, d, held] = await Promise.all([start(), start(), start(true)]);
    extra.push(c, d, held);
    const user = 'user-switch';
    const first = await startSession(c.origin, user, 'auto');
    expect(await first.json()).toMatchObject({ provider: 'veriff' });
    const veriffSession = await boundSession(user, 'veriff');
    // Veriff's frame never said ready: the widget asks another instance with `failed`.
    const failed = [{ provider: 'veriff', code: 'frame-load-timeout' }];
    const second = await startSession(d.origin, user, 'auto', true, failed);
    expect(await second.json()).toMatchObject({ provider: 'persona' });
    const personaSession = await boundSession(user, 'persona');

    const now = Date.now();
    const approved = buildWebhook('persona', {
      sessionId: personaSession,
      referenceId: user,
      decision: 'approved',
      secret: SECRET,
      now,
    });
    const review = buildWebhook('persona', {
      sessionId: personaSession,
      referenceId: user,
      decision: 'review',
      secret: SECRET,
      now: now - 1000,
    });
    // Veriff's webhook for the session the person left, late and earlier than Persona's decision.
    const late = buildWebhook('veriff', {
      sessionId: veriffSession,
      referenceId: user,
      decision: 'declined',
      secret: SECRET,
      now: now - 2000,
    });
    // Persona's approval reaches the instance that dies before its COMMIT.
    await killedMidWrite(held, 'persona', approved);

    // Persona retries to C and D at once, then sends the older review; Veriff's late event arrives twice, at once.
    const recorded = async (origin: string, provider: string, webhook: typeof late) =>
      ((await (await deliver(origin, provider, webhook)).json()) as { duplicate?: boolean }).duplicate === false;
    const statuses = await Promise.all([c, d].map((one) => recorded(one.origin, 'persona', approved)));
    expect(statuses.filter(Boolean)).toHaveLength(1);
    expect(await (await deliver(d.origin, 'persona', review)).json()).toEqual({ received: true, duplicate: false });
    const veriffAnswers = await Promise.all([c, d].map((one) => recorded(one.origin, 'veriff', late)));
    expect(veriffAnswers.filter(Boolean)).toHaveLength(1);

    const byUser = 'SELECT count(*)::int AS n FROM $schema.kyc_events WHERE provider = $1 AND user_id = $2';
    expect(await count(byUser, ['persona', user])).toBe(2);
    expect(await count(byUser, ['veriff', user])).toBe(1);
    const store = postgresStore({ pool: db.pool, schema: db.schema });
    const kyc = createKycBackend({
      authorize: () => null,
      allowedOrigins: ['https://app.example'],
      webhookSecrets: {},
      createSession: () => Promise.reject(new Error('only read here')),
      store,
    });
    // The decision that counts is the latest from any provider, and says which provider made it.
    expect(await kyc.decisionOf(user)).toMatchObject({
      provider: 'persona',
      decision: 'approved',
      sessionId: personaSession,
    });
    expect((await kyc.attempts(user)).map((a) => [a.provider, a.sessionId, a.outcome, a.ended])).toEqual([
      ['veriff', veriffSession, 'declined', 'frame-load-timeout'],
      ['persona', personaSession, 'approved', 'decided'],
    ]);
    await store.close();
  });
});
