/**
 * createKycBackend with the real session clients, against the sandbox's copy of each provider's session API
 * (sandbox/session-apis.mjs), over real HTTP: each created session is bound to its user by the id the
 * client read from the provider's answer (Persona's inquiry id, Veriff's verification.id, Didit's session_id,
 * iDenfy's scanRef), so that a webhook naming that session reaches that user, whatever reference it carries; Sumsub,
 * whose answer names no applicant, by the user id it was sent as (externalUserId).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS } from '../../sandbox/keys.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import {
  diditSessions,
  idenfySessions,
  personaSessions,
  sessionsByProvider,
  sumsubSessions,
  veriffSessions,
} from '../../src/server/index';
import { startBackend, webhookAt, type TestBackend } from './support/backend';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let backend: TestBackend;

beforeAll(async () => {
  sandbox = await startSandbox();
  const keys = SANDBOX_API_KEYS;
  const api = sandbox.origin;
  backend = await startBackend({
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
});
afterAll(async () => {
  await backend?.close();
  await sandbox?.close();
});

/** The session the sandbox's API made last for `provider`: its id as the provider's webhooks name it. */
function lastMade(provider: string): { sessionId: string; referenceId: string | null } {
  const made = [...sandbox.sessions.values()].filter((session) => session.provider === provider).at(-1);
  if (!made) throw new Error(`the sandbox made no ${provider} session`);
  return made;
}

describe("a session bound by its client's session id", () => {
  it.each(['persona', 'veriff', 'didit', 'idenfy'])(
    '%s: a webhook naming the created session reaches its user, even under another reference',
    async (provider) => {
      const user = `bound-${provider}`;
      expect((await backend.startSession(user, provider))[0]).toBe(200);
      const made = lastMade(provider);
      // The client's reference for this one session, never the user id.
      expect(made.referenceId).toMatch(/^kyc_[0-9a-f]{32}$/);
      backend.clock.ms = Date.now();
      // The reference is not the user's: only the session id can say whose decision this is.
      const webhook = webhookAt(provider, backend.clock.ms, 'approved', made.sessionId, 'someone-else');
      expect((await backend.deliver(provider, webhook))[0]).toBe(200);
      expect(await backend.decision(user, { provider })).toMatchObject({
        decision: 'approved',
        provider,
        sessionId: made.sessionId,
      });
      expect(await backend.decision('someone-else', { provider })).toEqual({ decision: null });
    },
  );

  it('sumsub: bound by the userId it was sent as (externalUserId), the answer naming no applicant', async () => {
    const user = 'bound-sumsub';
    expect((await backend.startSession(user, 'sumsub'))[0]).toBe(200);
    const made = lastMade('sumsub');
    expect(made.referenceId).toBe(user);
    backend.clock.ms = Date.now();
    const webhook = webhookAt('sumsub', backend.clock.ms, 'declined', made.sessionId, user);
    expect((await backend.deliver('sumsub', webhook))[0]).toBe(200);
    expect(await backend.decision(user, { provider: 'sumsub' })).toMatchObject({ decision: 'declined' });
    // Another applicant's webhook, under another user's reference, is not this user's.
    const other = webhookAt('sumsub', backend.clock.ms + 1000, 'approved', 'a0a0a0a0a0a0a0a0a0a0a0a0', 'someone-else');
    expect((await backend.deliver('sumsub', other))[0]).toBe(200);
    expect(await backend.decision(user, { provider: 'sumsub' })).toMatchObject({ decision: 'declined' });
  });
});
