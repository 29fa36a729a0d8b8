/**
 * Whose decision a verified webhook is, over real HTTP with the real session clients against the sandbox's copy of
 * each provider's session API, on both stores (memory, and PostgreSQL in a schema of its own):
 * - the foreign-session attack: an outsider makes a session of their own with the provider (Veriff's API key rides
 *   in its browser SDK; a Persona template may allow client-side inquiries) under the victim's user id or even the
 *   victim's session reference, and its genuinely signed webhook arrives. It is recorded and answered 2xx, and it is
 *   nobody's decision: the victim's /decision, decisionOf and next session request are unchanged;
 * - a binding by reference alone (Sumsub) owns only the events that occurred after it;
 * - after a decline and a new session, /decision without a session id answers the new session only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS } from '../../sandbox/keys.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import {
  diditSessions,
  idenfySessions,
  memoryStore,
  personaSessions,
  postgresStore,
  sessionsByProvider,
  sumsubSessions,
  veriffSessions,
  type KycStore,
} from '../../src/server/index';
import { sessionIdFor, startBackend, webhookAt, type TestBackend } from './support/backend';
import { testSchema, type TestSchema } from './support/postgres';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

/** The session the sandbox's API made last for `provider`, as the provider's webhooks name it. */
function lastMade(provider: string): { sessionId: string; referenceId: string } {
  const made = [...sandbox.sessions.values()].filter((session) => session.provider === provider).at(-1);
  if (!made?.referenceId) throw new Error(`the sandbox made no ${provider} session with a reference`);
  return { sessionId: made.sessionId, referenceId: made.referenceId };
}

function backendOn(store: KycStore): Promise<TestBackend> {
  const keys = SANDBOX_API_KEYS;
  const api = sandbox.origin;
  return startBackend({
    store,
    createSession: sessionsByProvider({
      persona: personaSessions({ apiKey: keys.persona.apiKey, templateId: 'itmpl_sbxDemo0001', baseUrl: api }),
      sumsub: sumsubSessions({
        appToken: keys.sumsub.appToken,
        secretKey: keys.sumsub.secretKey,
        levelName: 'basic-kyc-level',
        baseUrl: api,
      }),
      veriff: veriffSessions({ apiKey: keys.veriff.apiKey, baseUrl: api }),
      didit: diditSessions({ apiKey: keys.didit.apiKey, workflowId: keys.didit.workflowId, baseUrl: api }),
      idenfy: idenfySessions({ apiKey: keys.idenfy.apiKey, apiSecret: keys.idenfy.apiSecret, baseUrl: api }),
    }),
    // The sandbox's APIs and frames are plain http.
    development: true,
  });
}

/** A session answer, not a decision in its place. */
function isSession(body: unknown): boolean {
  const answer = body as { decision?: unknown; sessionUrl?: unknown; sessionToken?: unknown };
  return answer.decision === undefined && (answer.sessionUrl !== undefined || answer.sessionToken !== undefined);
}

describe.each(['memory', 'postgres'] as const)('on the %s store', (kind) => {
  let db: TestSchema | undefined;
  let store: KycStore;
  let backend: TestBackend;
  const user = (name: string) => `${name}-${kind}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    if (kind === 'postgres') {
      db = await testSchema();
      const pg = postgresStore({ pool: db.pool, schema: db.schema });
      await pg.migrate();
      store = pg;
    } else {
      store = memoryStore();
    }
    backend = await backendOn(store);
  });
  afterAll(async () => {
    await backend?.close();
    await store?.close();
    await db?.drop();
  });

  it.each(['persona', 'veriff', 'didit', 'idenfy'])(
    "%s: an outsider's signed webhook for a session we never created decides nothing for the victim",
    async (provider) => {
      const victim = user('victim');
      expect((await backend.startSession(victim, provider))[0]).toBe(200);
      const mine = lastMade(provider);
      backend.clock.ms = Date.now();
      // The outsider's own session, carrying the victim's user id, then the victim's very session reference.
      const foreign = [victim, mine.referenceId].map((reference, i) =>
        webhookAt(provider, backend.clock.ms + i * 1000, 'review', sessionIdFor(provider), reference),
      );
      for (const webhook of foreign) {
        expect(await backend.deliver(provider, webhook)).toEqual([200, { received: true, duplicate: false }]);
        // Recorded: its provider's retry is a duplicate.
        expect(await backend.deliver(provider, webhook)).toEqual([200, { received: true, duplicate: true }]);
      }
      expect(await backend.decision(victim)).toEqual({ decision: null });
      expect(await backend.decision(victim, { provider })).toEqual({ decision: null });
      expect(await backend.kyc.decisionOf(victim)).toBeNull();
      // Not locked out: the next session request is answered with a session, not with the outsider's "review".
      const [status, body] = await backend.startSession(victim, provider, {}, true);
      expect(status).toBe(200);
      expect(isSession(body)).toBe(true);
      // The webhook of the session we created for the victim still decides.
      const latest = lastMade(provider);
      const genuine = webhookAt(provider, backend.clock.ms + 5000, 'approved', latest.sessionId, latest.referenceId);
      expect((await backend.deliver(provider, genuine))[0]).toBe(200);
      expect(await backend.decision(victim)).toMatchObject({ decision: 'approved', sessionId: latest.sessionId });
      expect(await backend.kyc.decisionOf(victim)).toMatchObject({ decision: 'approved', provider });
    },
  );

  it('sumsub (bound by reference alone): only events that occurred after the binding are the user’s', async () => {
    const person = user('sumsub');
    expect((await backend.startSession(person, 'sumsub'))[0]).toBe(200);
    const made = lastMade('sumsub');
    expect(made.referenceId).toBe(person);
    backend.clock.ms = Date.now();
    // An event an hour before the binding, under the user's reference: not this binding's.
    const before = webhookAt('sumsub', backend.clock.ms - 3_600_000, 'approved', made.sessionId, person);
    expect((await backend.deliver('sumsub', before))[0]).toBe(200);
    expect(await backend.decision(person)).toEqual({ decision: null });
    expect(await backend.kyc.decisionOf(person)).toBeNull();
    const after = webhookAt('sumsub', backend.clock.ms, 'declined', made.sessionId, person);
    expect((await backend.deliver('sumsub', after))[0]).toBe(200);
    expect(await backend.decision(person)).toMatchObject({ decision: 'declined', provider: 'sumsub' });
  });

  it.each(['veriff', 'persona', 'didit', 'idenfy', 'sumsub'])(
    '%s: after a decline and a new session, the decision without a session id is the new session’s',
    async (provider) => {
      const person = user('retry');
      expect((await backend.startSession(person, provider))[0]).toBe(200);
      const first = lastMade(provider);
      backend.clock.ms = Date.now() - 10_000;
      const declined = webhookAt(provider, backend.clock.ms, 'declined', first.sessionId, first.referenceId);
      expect((await backend.deliver(provider, declined))[0]).toBe(200);
      expect(await backend.decision(person)).toMatchObject({ decision: 'declined' });
      // The default newSessionAfter allows a new attempt after a decline: a new session, not the old answer.
      const [status, body] = await backend.startSession(person, provider);
      expect(status).toBe(200);
      expect(isSession(body)).toBe(true);
      expect(await backend.decision(person)).toEqual({ decision: null });
      expect(await backend.decision(person, { provider })).toEqual({ decision: null });
      // decisionOf is the host's question (the decision that occurred last): still the decline.
      expect(await backend.kyc.decisionOf(person)).toMatchObject({ decision: 'declined' });
      backend.clock.ms = Date.now();
      const second = lastMade(provider);
      const approved = webhookAt(provider, backend.clock.ms, 'approved', second.sessionId, second.referenceId);
      expect((await backend.deliver(provider, approved))[0]).toBe(200);
      expect(await backend.decision(person)).toMatchObject({ decision: 'approved' });
    },
  );
});
