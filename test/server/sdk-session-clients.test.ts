/**
 * The session clients of the SDK-hosted providers against the sandbox's stand-ins of their APIs
 * (sandbox/sdk-session-apis.mjs) over real HTTP on loopback: what each client sends (method, path,
 * authentication, body encoding, idempotency key) and how it reads the answer. The Stripe and Onfido stand-ins are
 * first checked against the vendors' own libraries (`stripe`, `@onfido/api`) creating the same thing, so that the
 * stand-in accepts what the vendor's client sends, and the client under test is compared with it.
 */
import { Configuration, DefaultApi } from '@onfido/api';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS as KEYS } from '../../sandbox/keys.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import {
  createSessionHandler,
  jumioSessions,
  onfidoSessions,
  plaidSessions,
  socureSessions,
  stripeSessions,
  toNodeHandler,
  type SessionContext,
  type SessionProvider,
} from '../../src/server/index';
import { listen, sendJson } from './helpers';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

const last = (path: string) => sandbox.sdk.seen.filter((request) => request.path === path).at(-1)!;
const count = (path: string) => sandbox.sdk.seen.filter((request) => request.path === path).length;

function context(provider: SessionProvider, userId: string | null = 'user-42', key: string | null = 'k'.repeat(64)) {
  return {
    provider,
    locale: 'en',
    refresh: false,
    request: new Request('https://app.example/api/kyc-session', { method: 'POST' }),
    userId,
    idempotencyKey: key,
    signal: new AbortController().signal,
  } satisfies SessionContext;
}

describe('stripeSessions', () => {
  const client = () => stripeSessions({ secretKey: KEYS.stripe.secretKey, baseUrl: sandbox.origin });

  it("the stand-in takes what stripe's own library sends, and the client sends the same", async () => {
    const url = new URL(sandbox.origin);
    const stripe = new Stripe(KEYS.stripe.secretKey, { host: url.hostname, port: url.port, protocol: 'http' });
    const made = await stripe.identity.verificationSessions.create(
      { type: 'document', client_reference_id: 'user-42' },
      { idempotencyKey: 'from-the-library-1' },
    );
    expect(made.client_secret).toMatch(/^vs_/);
    const library = last('/v1/identity/verification_sessions');
    await client()(context('stripe', 'user-42', 'from-the-client-1'));
    const ours = last('/v1/identity/verification_sessions');
    for (const request of [library, ours]) {
      expect(request.method).toBe('POST');
      expect(request.headers.authorization).toBe(`Bearer ${KEYS.stripe.secretKey}`);
      expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    }
    expect(Object.fromEntries(new URLSearchParams(ours.body))).toEqual(
      Object.fromEntries(new URLSearchParams(library.body)),
    );
    expect(library.headers['idempotency-key']).toBe('from-the-library-1');
    expect(ours.headers['idempotency-key']).toBe('from-the-client-1');
  });

  it('answers the client_secret as the token, vs_ as the session id, 24 h as its expiry', async () => {
    const before = Date.now();
    const result = await client()(context('stripe'));
    expect(result.sessionToken).toMatch(/^vs_sbx[0-9a-f]{24}_secret_/);
    expect(result.sessionId).toBe(result.sessionToken!.split('_secret_')[0]);
    expect(result.referenceId).toBe('user-42');
    expect(Number(result.expiresAt) - before).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(Number(result.expiresAt) - before).toBeLessThan(24 * 3_600_000 + 5_000);
  });

  it('a retry with the same idempotency key is the same session (Stripe replays the first answer)', async () => {
    const first = await client()(context('stripe', 'user-7', 'retry-key-1'));
    const second = await client()(context('stripe', 'user-7', 'retry-key-1'));
    expect(second.sessionId).toBe(first.sessionId);
    expect((await client()(context('stripe', 'user-7', 'retry-key-2'))).sessionId).not.toBe(first.sessionId);
    // Without a key (a caller of its own), none is sent.
    await client()(context('stripe', 'user-7', null));
    expect(last('/v1/identity/verification_sessions').headers['idempotency-key']).toBeUndefined();
  });

  it('refuses a publishable key, a placeholder, and a wrong key is a 401 there', async () => {
    for (const secretKey of ['pk_test_abc123abc123', '', 'undefined', '${STRIPE_SECRET_KEY}', 'sk_test_ '])
      expect(() => stripeSessions({ secretKey }), secretKey).toThrow(TypeError);
    const wrong = stripeSessions({ secretKey: 'sk_test_not_the_sandbox_key_01', baseUrl: sandbox.origin });
    await expect(wrong(context('stripe'))).rejects.toThrow(/HTTP 401/);
  });
});

describe('onfidoSessions', () => {
  it("the stand-in takes @onfido/api's createWorkflowRun, and the client sends the same", async () => {
    const onfido = new DefaultApi(
      new Configuration({ apiToken: KEYS.onfido.apiToken, basePath: `${sandbox.origin}/v3.6` }),
    );
    const run = await onfido.createWorkflowRun({
      applicant_id: 'app-1',
      workflow_id: 'wf-1',
      customer_user_id: 'user-42',
    });
    expect(run.data.sdk_token).toBeTruthy();
    const library = last('/v3.6/workflow_runs');
    const client = onfidoSessions({
      apiToken: KEYS.onfido.apiToken,
      workflowId: 'wf-1',
      applicant: () => 'app-1',
      baseUrl: sandbox.origin,
    });
    const result = await client(context('onfido'));
    const ours = last('/v3.6/workflow_runs');
    expect(ours.headers.authorization).toBe(library.headers.authorization);
    expect(ours.headers.authorization).toBe(`Token token=${KEYS.onfido.apiToken}`);
    expect(ours.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(ours.body)).toEqual(JSON.parse(library.body));
    expect(result.sessionToken).toMatch(/^sbx\.onfido\./);
    expect(result.referenceId).toBe('user-42');
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Onfido sends no lifetime for a run's token: the handler's reuse window applies.
    expect(result.expiresAt).toBeUndefined();
    expect(ours.headers['idempotency-key']).toBeUndefined();
  });

  it('creates the applicant from the names your backend gives, then the run for it', async () => {
    const before = count('/v3.6/applicants');
    const client = onfidoSessions({
      apiToken: KEYS.onfido.apiToken,
      workflowId: 'wf-1',
      applicant: ({ userId }) => ({ first_name: 'Zoë', last_name: `Müller-${userId}` }),
      baseUrl: sandbox.origin,
    });
    await client(context('onfido'));
    expect(count('/v3.6/applicants')).toBe(before + 1);
    expect(JSON.parse(last('/v3.6/applicants').body)).toEqual({ first_name: 'Zoë', last_name: 'Müller-user-42' });
    const { applicant_id: applicantId } = JSON.parse(last('/v3.6/workflow_runs').body) as { applicant_id: string };
    expect(applicantId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an SDK token bound to the referrer, valid 90 minutes', async () => {
    const client = onfidoSessions({
      apiToken: KEYS.onfido.apiToken,
      referrer: 'https://app.example/*',
      applicant: () => 'app-2',
      baseUrl: sandbox.origin,
    });
    const before = Date.now();
    const result = await client(context('onfido'));
    expect(JSON.parse(last('/v3.6/sdk_token').body)).toEqual({
      applicant_id: 'app-2',
      referrer: 'https://app.example/*',
    });
    expect(Number(result.expiresAt) - before).toBeGreaterThanOrEqual(90 * 60_000);
    expect(result.sessionId).toBeUndefined();
    // No run: nothing for the Web SDK but the token.
    expect(result.options).toBeUndefined();
  });

  it("the workflow run's id reaches the widget in the answer's options, over HTTP through the session handler", async () => {
    const handler = createSessionHandler({
      createSession: onfidoSessions({
        apiToken: KEYS.onfido.apiToken,
        workflowId: 'wf-1',
        applicant: () => 'app-1',
        baseUrl: sandbox.origin,
      }),
      anonymous: true,
      allowedOrigins: ['https://app.example'],
    });
    const server = await listen(toNodeHandler(handler));
    try {
      const response = await fetch(`${server.origin}/api/kyc-session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'Idempotency-Key': 'run-1' },
        body: JSON.stringify({ provider: 'onfido', locale: 'en', refresh: false }),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as Record<string, unknown> & { sessionToken: string };
      const run = JSON.parse(last('/v3.6/workflow_runs').body) as Record<string, unknown>;
      expect(run).toMatchObject({ applicant_id: 'app-1', workflow_id: 'wf-1' });
      // The run Onfido made for this token, as Onfido's answer named it (`id`).
      const made = sandbox.sessions.get(`onfido:${answer.sessionToken}`)!;
      expect(made.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer).toEqual({
        provider: 'onfido',
        sessionToken: answer.sessionToken,
        options: { workflowRunId: made.sessionId },
      });
    } finally {
      await server.close();
    }
  });

  it('goes to the region’s host, refuses bad options and an applicant it cannot use', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = (input, init) => {
      asked.push(String(input));
      return fetch(String(input).replace('https://api.ca.onfido.com', sandbox.origin), init);
    };
    const ca = onfidoSessions({
      apiToken: KEYS.onfido.apiToken,
      region: 'ca',
      workflowId: 'wf-1',
      applicant: () => 'a',
      fetch: recording,
    });
    await ca(context('onfido'));
    expect(asked).toEqual(['https://api.ca.onfido.com/v3.6/workflow_runs']);
    const base = { apiToken: KEYS.onfido.apiToken, applicant: () => 'a' };
    expect(() => onfidoSessions(base)).toThrow(/workflowId|referrer/);
    expect(() => onfidoSessions({ ...base, workflowId: 'w', region: 'uk' as never })).toThrow(/region/);
    expect(() => onfidoSessions({ ...base, workflowId: 'w', apiToken: 'changeme' })).toThrow(/apiToken/);
    const bad = onfidoSessions({
      ...base,
      workflowId: 'w',
      applicant: () => ({ first_name: 'only' }) as never,
      baseUrl: sandbox.origin,
    });
    await expect(bad(context('onfido'))).rejects.toMatchObject({ status: 422, code: 'no-applicant' });
  });
});

describe('plaidSessions', () => {
  const client = () =>
    plaidSessions({
      clientId: KEYS.plaid.clientId,
      secret: KEYS.plaid.secret,
      environment: 'sandbox',
      templateId: 'idvtmp_sbx0001',
      clientName: 'Example App',
      baseUrl: sandbox.origin,
    });

  it('POST /link/token/create for identity_verification, keys in Plaid’s headers, the user as client_user_id', async () => {
    const result = await client()(context('plaid'));
    const sent = last('/link/token/create');
    expect(sent.method).toBe('POST');
    expect(sent.headers['plaid-client-id']).toBe(KEYS.plaid.clientId);
    expect(sent.headers['plaid-secret']).toBe(KEYS.plaid.secret);
    expect(sent.headers['plaid-version']).toBe('2020-09-14');
    expect(sent.headers['idempotency-key']).toBeUndefined();
    expect(JSON.parse(sent.body)).toEqual({
      client_name: 'Example App',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'user-42' },
      products: ['identity_verification'],
      identity_verification: { template_id: 'idvtmp_sbx0001' },
    });
    expect(result.sessionToken).toMatch(/^link-sandbox-/);
    expect(Date.parse(String(result.expiresAt))).toBeGreaterThan(Date.now());
    expect(result).toMatchObject({ referenceId: 'user-42' });
  });

  it('needs a user (401 before any call); refuses bad options at construction', async () => {
    const before = count('/link/token/create');
    await expect(client()(context('plaid', null))).rejects.toMatchObject({ status: 401 });
    expect(count('/link/token/create')).toBe(before);
    const base = { clientId: KEYS.plaid.clientId, secret: KEYS.plaid.secret, templateId: 't', clientName: 'n' };
    expect(() => plaidSessions({ ...base, environment: 'production' })).not.toThrow();
    expect(() => plaidSessions({ ...base, environment: 'development' as never })).toThrow(/environment/);
    expect(() => plaidSessions({ ...base, environment: 'sandbox', secret: 'null' })).toThrow(/secret/);
    expect(() => plaidSessions({ ...base, environment: 'sandbox', clientName: 'x'.repeat(31) })).toThrow(/30/);
  });
});

describe('jumioSessions', () => {
  const client = () =>
    jumioSessions({
      clientId: KEYS.jumio.clientId,
      clientSecret: KEYS.jumio.clientSecret,
      workflowKey: 10011,
      baseUrl: sandbox.origin,
      authUrl: sandbox.origin,
    });

  it('an OAuth2 token (Basic, form-encoded), then an account (Bearer, JSON); the token is reused', async () => {
    const jumio = client();
    const tokens = count('/oauth2/token');
    const result = await jumio(context('jumio'));
    const token = last('/oauth2/token');
    expect(token.headers.authorization).toBe(
      `Basic ${Buffer.from(`${KEYS.jumio.clientId}:${KEYS.jumio.clientSecret}`).toString('base64')}`,
    );
    expect(token.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(token.body).toBe('grant_type=client_credentials');
    const account = last('/api/v1/accounts');
    expect(account.headers.authorization).toMatch(/^Bearer sbx\.jumio\./);
    expect(account.headers['user-agent']).toBe('kyc-widget');
    expect(JSON.parse(account.body)).toEqual({
      customerInternalReference: 'k'.repeat(64),
      workflowDefinition: { key: 10011 },
      tokenLifetime: '30m',
      userReference: 'user-42',
    });
    expect(result.sessionToken).toMatch(/^sbx\.jumio\.sdk\./);
    expect(result.sessionUrl).toContain(`/jumio/web/v4/app?authorizationToken=${result.sessionToken}`);
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The account's data centre as `<jumio-sdk>` names it (amer-1 by default: `us`).
    expect(result.options).toEqual({ dc: 'us' });
    await jumio(context('jumio'));
    expect(count('/oauth2/token')).toBe(tokens + 1);
  });

  it("each region's `dc` for the web component, in the answer's options", async () => {
    for (const [region, dc] of [
      ['emea-1', 'eu'],
      ['apac-1', 'sgp'],
    ] as const) {
      const regional = jumioSessions({
        clientId: KEYS.jumio.clientId,
        clientSecret: KEYS.jumio.clientSecret,
        workflowKey: 10011,
        region,
        baseUrl: sandbox.origin,
        authUrl: sandbox.origin,
      });
      expect((await regional(context('jumio'))).options, region).toEqual({ dc });
    }
  });

  it('refuses bad options at construction', () => {
    const base = { clientId: KEYS.jumio.clientId, clientSecret: KEYS.jumio.clientSecret, workflowKey: 10011 };
    expect(() => jumioSessions({ ...base, clientSecret: '' })).toThrow(/clientSecret/);
    expect(() => jumioSessions({ ...base, workflowKey: 0 })).toThrow(/workflowKey/);
    expect(() => jumioSessions({ ...base, tokenLifetime: '1m' })).toThrow(/tokenLifetime/);
    expect(() => jumioSessions({ ...base, region: 'eu' as never })).toThrow(/region/);
  });
});

describe('socureSessions', () => {
  it('a RiskOS evaluation with the person’s data; the DocV transaction token from the Document Request', async () => {
    const client = socureSessions({
      apiKey: KEYS.socure.apiKey,
      environment: 'sandbox',
      workflow: 'docv',
      individual: () => ({
        given_name: 'Jane',
        family_name: 'Smith',
        phone_number: '+19998887777',
        address: { country: 'US' },
      }),
      baseUrl: sandbox.origin,
    });
    const result = await client(context('socure'));
    const sent = last('/api/evaluation');
    expect(sent.headers.authorization).toBe(`Bearer ${KEYS.socure.apiKey}`);
    const body = JSON.parse(sent.body) as { id: string; timestamp: string };
    expect(body).toMatchObject({ workflow: 'docv', data: { individual: { given_name: 'Jane' } } });
    expect(Date.parse(body.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(result.sessionToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.referenceId).toBe(body.id);
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('every new client', () => {
  it("passes a provider's 429 and 503 on with its Retry-After", async () => {
    let status = 429;
    const busy = await listen((req, res) => {
      req.resume();
      req.on('end', () => sendJson(res, status, { error: 'busy' }, { 'Retry-After': '17' }));
    });
    const base = busy.origin;
    const clients = {
      stripe: stripeSessions({ secretKey: KEYS.stripe.secretKey, baseUrl: base }),
      onfido: onfidoSessions({ apiToken: KEYS.onfido.apiToken, workflowId: 'w', applicant: () => 'a', baseUrl: base }),
      plaid: plaidSessions({ ...KEYS.plaid, environment: 'sandbox', templateId: 't', clientName: 'n', baseUrl: base }),
      jumio: jumioSessions({ ...KEYS.jumio, workflowKey: 1, baseUrl: base, authUrl: base }),
      socure: socureSessions({
        apiKey: KEYS.socure.apiKey,
        environment: 'sandbox',
        workflow: 'w',
        individual: () => ({}),
        baseUrl: base,
      }),
    };
    try {
      for (status of [429, 503])
        for (const [provider, client] of Object.entries(clients))
          await expect(client(context(provider as SessionProvider)), provider).rejects.toMatchObject({
            status,
            retryAfterSeconds: 17,
          });
    } finally {
      await busy.close();
    }
  });

  it("the handler's deadline is never shorter than the client's", () => {
    const createSession = stripeSessions({ secretKey: KEYS.stripe.secretKey, timeoutMs: 50_000 });
    const options = { createSession, authorize: () => 'u', allowedOrigins: ['https://app.example'] };
    expect(() => createSessionHandler({ ...options, createTimeoutMs: 45_000 })).toThrow();
    expect(() => createSessionHandler({ ...options, createTimeoutMs: 60_000 })).not.toThrow();
  });
});
