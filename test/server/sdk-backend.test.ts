/**
 * createKycBackend with the SDK-hosted providers, from the session to the decision recorded, over real HTTP: the
 * real session clients create sessions at the sandbox's stand-ins, the sandbox (playing the provider) signs and
 * sends the webhook when the person finishes, and the backend verifies it and records the decision for the user
 * who asked. For Plaid, the backend fetches the signing key from the stand-in of Plaid's key endpoint and reads the
 * status with /identity_verification/get. Then Plaid's key source on its own: cached by kid, expired keys, unknown
 * kids, its budget, Plaid unreachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS as KEYS } from '../../sandbox/keys.mjs';
import { plaidKeyPair, signPlaidJwt } from '../../sandbox/sdk-session-apis.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import {
  jumioSessions,
  onfidoSessions,
  plaidSessions,
  plaidWebhooks,
  sessionsByProvider,
  stripeSessions,
  verifyWebhook,
} from '../../src/server/index';
import { listen } from './helpers';
import { SECRET, startBackend, type TestBackend } from './support/backend';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let backend: TestBackend;
const errors: unknown[] = [];

const plaidOptions = () => ({ ...KEYS.plaid, environment: 'sandbox' as const, baseUrl: sandbox.origin });

beforeAll(async () => {
  const target = { url: '' };
  sandbox = await startSandbox({
    webhookUrl: (provider: string) => `${target.url}/webhook/${provider}`,
    webhookSecret: SECRET,
  });
  const api = sandbox.origin;
  backend = await startBackend({
    createSession: sessionsByProvider({
      onfido: onfidoSessions({
        apiToken: KEYS.onfido.apiToken,
        workflowId: 'wf-1',
        applicant: () => 'app-1',
        baseUrl: api,
      }),
      stripe: stripeSessions({ secretKey: KEYS.stripe.secretKey, baseUrl: api }),
      plaid: plaidSessions({ ...plaidOptions(), templateId: 'idvtmp_1', clientName: 'Example' }),
      jumio: jumioSessions({ ...KEYS.jumio, workflowKey: 10011, baseUrl: api, authUrl: api }),
    }),
    webhookSecrets: { onfido: SECRET, stripe: SECRET },
    plaid: plaidWebhooks(plaidOptions()),
    onError: (error) => void errors.push(error),
    development: true, // the sandbox's APIs are plain http
  });
  target.url = backend.origin;
});
afterAll(async () => {
  await backend?.close();
  await sandbox?.close();
});

/** Starts a session as `user`, has the person finish with `decision`; the webhook's status at the backend. */
async function verifyAs(user: string, provider: string, decision: 'approved' | 'declined' | 'review') {
  const [status, answer] = await backend.startSession(user, provider);
  expect(status).toBe(200);
  const token = (answer as { sessionToken: string }).sessionToken;
  backend.clock.ms = Date.now();
  const finished = await sandbox.finish(provider, token, decision);
  return { webhookStatus: (finished.body as { webhookStatus: number }).webhookStatus, token };
}

const madeFor = (provider: string, token: string) => sandbox.sessions.get(`${provider}:${token}`)!;

describe('from the session to the decision', () => {
  it.each([
    ['onfido', 'approved'],
    ['onfido', 'review'],
    ['stripe', 'approved'],
    ['stripe', 'declined'],
  ] as const)('%s %s: the signed webhook records the decision for the user who asked', async (provider, decision) => {
    const user = `sdk-${provider}-${decision}`;
    expect(await backend.decision(user, { provider })).toEqual({ decision: null });
    const { webhookStatus, token } = await verifyAs(user, provider, decision);
    expect(webhookStatus).toBe(200);
    expect(await backend.decision(user, { provider })).toMatchObject({
      decision,
      provider,
      sessionId: madeFor(provider, token).sessionId,
    });
    expect(await backend.decision('someone-else', { provider })).toEqual({ decision: null });
  });

  it.each(['approved', 'declined', 'review'] as const)(
    'plaid %s: the JWT verified with the key fetched from Plaid, the status read from Plaid',
    async (decision) => {
      const user = `sdk-plaid-${decision}`;
      const { webhookStatus, token } = await verifyAs(user, 'plaid', decision);
      expect(webhookStatus).toBe(200);
      const idv = madeFor('plaid', token).sessionId;
      expect(idv).toMatch(/^idv_sbx/);
      expect(await backend.decision(user, { provider: 'plaid' })).toMatchObject({
        decision,
        provider: 'plaid',
        sessionId: idv,
      });
    },
  );

  it('plaid: a webhook whose JWT another key signed is 401 and records nothing', async () => {
    const user = 'sdk-plaid-forged';
    const [, answer] = await backend.startSession(user, 'plaid');
    const idv = madeFor('plaid', (answer as { sessionToken: string }).sessionToken).sessionId;
    sandbox.sdk.plaid.decide(idv, 'approved');
    const body = JSON.stringify(
      {
        environment: 'sandbox',
        identity_verification_id: idv,
        webhook_code: 'STATUS_UPDATED',
        webhook_type: 'IDENTITY_VERIFICATION',
      },
      null,
      2,
    );
    // The forger's key under the kid of the key Plaid signs with.
    const forger = { ...plaidKeyPair(), kid: sandbox.sdk.plaid.signing().kid };
    const forged = signPlaidJwt(body, forger, Math.floor(Date.now() / 1000));
    backend.clock.ms = Date.now();
    expect((await backend.deliver('plaid', { body, headers: { 'Plaid-Verification': forged } }))[0]).toBe(401);
    expect(await backend.decision(user, { provider: 'plaid' })).toEqual({ decision: null });
    // The control: Plaid's own key signing the same body is recorded.
    const genuine = signPlaidJwt(body, sandbox.sdk.plaid.signing(), Math.floor(Date.now() / 1000));
    expect((await backend.deliver('plaid', { body, headers: { 'Plaid-Verification': genuine } }))[0]).toBe(200);
    expect(await backend.decision(user, { provider: 'plaid' })).toMatchObject({ decision: 'approved' });
  });

  it('jumio: the session is made (hosted page and token); its callbacks are unsigned, so it has no webhook route', async () => {
    const [status, answer] = await backend.startSession('sdk-jumio', 'jumio');
    expect(status).toBe(200);
    const { sessionUrl, sessionToken } = answer as { sessionUrl: string; sessionToken: string };
    expect(sessionUrl).toContain(`/jumio/web/v4/app?authorizationToken=${sessionToken}`);
    expect((await backend.deliver('jumio', { body: '{}', headers: {} }))[0]).toBe(404);
    expect(await verifyWebhook('jumio', { rawBody: '{}', headers: {}, secret: SECRET })).toMatchObject({
      reason: 'unsigned-provider',
    });
  });
});

describe("Plaid's keys, fetched and cached", () => {
  const keyRequests = () => sandbox.sdk.seen.filter((request) => request.path === '/webhook_verification_key/get');
  const body = '{\n  "webhook_code": "STEP_UPDATED",\n  "webhook_type": "IDENTITY_VERIFICATION"\n}';
  const verify = (keys: ReturnType<typeof plaidWebhooks>, signer = sandbox.sdk.plaid.signing()) =>
    verifyWebhook('plaid', {
      rawBody: body,
      headers: { 'Plaid-Verification': signPlaidJwt(body, signer, Math.floor(Date.now() / 1000)) },
      keys,
    });

  it('asks Plaid once per kid, with your keys, then from the cache', async () => {
    const keys = plaidWebhooks(plaidOptions());
    const before = keyRequests().length;
    for (let i = 0; i < 5; i++) expect(await verify(keys)).toMatchObject({ ok: true });
    expect(keyRequests().length).toBe(before + 1);
    const asked = keyRequests().at(-1)!;
    expect(JSON.parse(asked.body)).toEqual({ key_id: sandbox.sdk.plaid.signing().kid });
    expect(asked.headers['plaid-client-id']).toBe(KEYS.plaid.clientId);
    expect(asked.headers['plaid-secret']).toBe(KEYS.plaid.secret);
  });

  it('refuses a key Plaid has expired, once the cached copy is looked up again', async () => {
    const old = sandbox.sdk.plaid.signing();
    const keys = plaidWebhooks({ ...plaidOptions(), keyMaxAgeMs: 0 });
    expect(await verify(keys, old)).toMatchObject({ ok: true });
    const fresh = sandbox.sdk.plaid.rotate();
    sandbox.sdk.plaid.expire(old.kid);
    expect(await verify(keys, old)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await verify(keys, fresh)).toMatchObject({ ok: true });
  });

  it('a kid Plaid does not know is refused and remembered; new kids are fetched within a budget', async () => {
    const keys = plaidWebhooks({ ...plaidOptions(), fetchesPerMinute: 3 });
    const stranger = plaidKeyPair();
    const before = keyRequests().length;
    expect(await verify(keys, stranger)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await verify(keys, stranger)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(keyRequests().length).toBe(before + 1);
    // Made-up kids beyond the budget are not fetched: unavailable (the provider's retry comes later).
    expect(await verify(keys, plaidKeyPair())).toMatchObject({ reason: 'bad-signature' });
    expect(await verify(keys, plaidKeyPair())).toMatchObject({ reason: 'bad-signature' });
    expect(await verify(keys, plaidKeyPair())).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(keyRequests().length).toBe(before + 3);
  });

  it('Plaid unreachable: unavailable, and the backend answers 503 so that Plaid retries', async () => {
    const closed = await listen(() => undefined);
    const origin = closed.origin;
    await closed.close();
    const keys = plaidWebhooks({ ...plaidOptions(), baseUrl: origin });
    expect(await verify(keys)).toMatchObject({ ok: false, reason: 'unavailable' });
    const down = await startBackend({
      createSession: () => Promise.resolve({ sessionToken: 't' }),
      webhookSecrets: {},
      plaid: keys,
    });
    try {
      const headers = {
        'Plaid-Verification': signPlaidJwt(body, sandbox.sdk.plaid.signing(), Math.floor(Date.now() / 1000)),
      };
      down.clock.ms = Date.now();
      expect((await down.deliver('plaid', { body, headers }))[0]).toBe(503);
    } finally {
      await down.close();
    }
  });
});
