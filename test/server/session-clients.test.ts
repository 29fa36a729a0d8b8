import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderCallFailed, SessionRefusal } from '../../src/server/errors';
import { toNodeHandler } from '../../src/server/node';
import { sessionsByProvider } from '../../src/server/providers/call';
import { diditSessions } from '../../src/providers/didit/session';
import { idenfySessions } from '../../src/providers/idenfy/session';
import { personaSessions } from '../../src/providers/persona/session';
import { sumsubSessions } from '../../src/providers/sumsub/session';
import { veriffSessions } from '../../src/providers/veriff/session';
import { createSessionHandler, type SessionContext, type SessionProvider } from '../../src/server/session-handler';
import { bodyText, listen, sendJson, type ErrorBody } from './helpers';

/**
 * Each session client against a loopback imitation of its provider's API that checks the authentication
 * exactly as the provider documents it (docs/server.md cites the pages): a wrong key or signature is a 401
 * there, and a generic failure here.
 */

const KEYS = {
  sumsubApp: 'sbx:app_token_1',
  sumsubSecret: 'sumsub_secret_key_1',
  veriff: 'veriff-api-key-1',
  veriffSecret: 'veriff-shared-secret-1',
  persona: 'persona_sandbox_key_1',
  didit: 'didit-api-key-1',
  idenfyKey: 'idenfy-key',
  idenfySecret: 'idenfy-secret',
};

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
/** When set, every imitation answers this instead (a provider's own error, with text that must not leak). */
let outage: { status: number; body: unknown; headers?: Record<string, string> } | null = null;

function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function imitation(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const text = await bodyText(req);
  const url = new URL(req.url ?? '/', 'http://imitation.invalid');
  const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  seen.push({ path: url.pathname, headers: req.headers, body });
  if (outage) return sendJson(res, outage.status, outage.body, outage.headers);
  const refuse = () => sendJson(res, 401, { description: 'bad credentials', errorName: 'unauthorized' });
  if (req.method !== 'POST') return sendJson(res, 405, {});
  switch (url.pathname) {
    case '/sumsub/resources/accessTokens/sdk': {
      // https://docs.sumsub.com/reference/authentication: HMAC-SHA256 (secret key) of ts + METHOD + URI + body.
      const ts = header(req, 'x-app-access-ts');
      const expected = createHmac('sha256', KEYS.sumsubSecret)
        .update(ts + req.method + (req.url ?? '') + text)
        .digest('hex');
      const fresh = Math.abs(Date.now() / 1000 - Number(ts)) <= 60;
      if (
        header(req, 'x-app-token') !== KEYS.sumsubApp ||
        !sameText(header(req, 'x-app-access-sig'), expected) ||
        !fresh
      )
        return refuse();
      return sendJson(res, 200, { token: `_act-${String(body.userId)}`, userId: body.userId });
    }
    case '/veriff/v1/sessions': {
      if (header(req, 'x-auth-client') !== KEYS.veriff) return refuse();
      // https://devdocs.veriff.com/docs/general-faq: a POST's X-HMAC-SIGNATURE is the body signed with the shared secret.
      const signature = header(req, 'x-hmac-signature');
      if (signature && !sameText(signature, createHmac('sha256', KEYS.veriffSecret).update(text).digest('hex')))
        return refuse();
      return sendJson(res, 201, {
        status: 'success',
        verification: { id: 'f04bdb47-d3be-4b28-b028-a652feb060b5', url: 'https://magic.veriff.me/v/eyJ0b2tlbiJ9' },
      });
    }
    case '/persona/api/v1/inquiries':
      if (header(req, 'authorization') !== `Bearer ${KEYS.persona}`) return refuse();
      return sendJson(res, 201, {
        data: { type: 'inquiry', id: 'inq_ABC123', attributes: { status: 'created' } },
        meta: { 'session-token': 'persona_session_token_1' },
      });
    case '/didit/v3/session/':
      if (header(req, 'x-api-key') !== KEYS.didit) return refuse();
      return sendJson(res, 201, {
        session_id: '11111111-2222-3333-4444-555555555555',
        session_token: 'AbC123xyz',
        url: 'https://verify.didit.me/session/AbC123xyz',
      });
    case '/idenfy/api/v2/token': {
      const basic = `Basic ${Buffer.from(`${KEYS.idenfyKey}:${KEYS.idenfySecret}`).toString('base64')}`;
      if (header(req, 'authorization') !== basic) return refuse();
      return sendJson(res, 201, { authToken: `idenfy_${String(body.clientId)}`, scanRef: 'scan-1' });
    }
    default:
      return sendJson(res, 404, {});
  }
}

let provider: Awaited<ReturnType<typeof listen>>;
let api: (path: string) => string;
beforeAll(async () => {
  provider = await listen((req, res) => void imitation(req, res));
  api = (path) => `${provider.origin}${path}`;
});
afterAll(() => provider?.close());

function context(name: SessionProvider, user: string | null = 'user-42', refresh = false): SessionContext {
  return {
    provider: name,
    locale: 'en',
    refresh,
    request: new Request('https://app.example/api/kyc-session', { method: 'POST' }),
    userId: user,
    idempotencyKey: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
    signal: new AbortController().signal,
  };
}

const clients = () => ({
  sumsub: sumsubSessions({
    appToken: KEYS.sumsubApp,
    secretKey: KEYS.sumsubSecret,
    levelName: 'basic-kyc-level',
    baseUrl: api('/sumsub'),
  }),
  veriff: veriffSessions({ apiKey: KEYS.veriff, baseUrl: api('/veriff') }),
  persona: personaSessions({ apiKey: KEYS.persona, templateId: 'itmpl_abc', baseUrl: api('/persona') }),
  didit: diditSessions({ apiKey: KEYS.didit, workflowId: 'wf-1', baseUrl: api('/didit') }),
  idenfy: idenfySessions({ apiKey: KEYS.idenfyKey, apiSecret: KEYS.idenfySecret, baseUrl: api('/idenfy') }),
});

/** The reference a client makes for one session (sessionReference): never the user id. */
const REFERENCE = /^kyc_[0-9a-f]{32}$/;

describe('session clients', () => {
  it('Sumsub: a signed POST /resources/accessTokens/sdk gives the access token and its expiry', async () => {
    const before = Date.now();
    const result = await clients().sumsub(context('sumsub'));
    expect(result.sessionToken).toBe('_act-user-42');
    expect(Number(result.expiresAt)).toBeGreaterThanOrEqual(before + 600_000);
    expect(seen.at(-1)!.body).toEqual({ userId: 'user-42', levelName: 'basic-kyc-level', ttlInSecs: 600 });
    expect(result.sessionUrl).toBeUndefined();
    // The answer names no applicant: the session is bound by the userId, Sumsub's externalUserId in its webhooks.
    expect(result.sessionId).toBeUndefined();
    expect(result.referenceId).toBe('user-42');
    const framed = sumsubSessions({
      appToken: KEYS.sumsubApp,
      secretKey: KEYS.sumsubSecret,
      levelName: 'basic-kyc-level',
      baseUrl: api('/sumsub'),
      frameBaseUrl: 'http://127.0.0.1:5174/sumsub',
    });
    expect((await framed(context('sumsub'))).sessionUrl).toBe('http://127.0.0.1:5174/sumsub');
  });

  it('Sumsub: a wrong secret makes a wrong signature, which the imitation refuses', async () => {
    const wrong = sumsubSessions({
      appToken: KEYS.sumsubApp,
      secretKey: 'not-the-secret',
      levelName: 'basic-kyc-level',
      baseUrl: api('/sumsub'),
    });
    await expect(wrong(context('sumsub'))).rejects.toThrow(ProviderCallFailed);
    const stale = sumsubSessions({
      appToken: KEYS.sumsubApp,
      secretKey: KEYS.sumsubSecret,
      levelName: 'basic-kyc-level',
      baseUrl: api('/sumsub'),
      now: () => Date.now() - 5 * 60_000,
    });
    await expect(stale(context('sumsub'))).rejects.toThrow(/HTTP 401/);
  });

  it('Veriff: POST /v1/sessions with X-AUTH-CLIENT gives verification.url and .id; vendorData is a fresh reference', async () => {
    const result = await clients().veriff(context('veriff'));
    expect(result).toEqual({
      sessionUrl: 'https://magic.veriff.me/v/eyJ0b2tlbiJ9',
      sessionId: 'f04bdb47-d3be-4b28-b028-a652feb060b5',
      referenceId: expect.stringMatching(REFERENCE) as string,
    });
    expect(seen.at(-1)!.body).toEqual({ verification: { vendorData: result.referenceId } });
    // Per session: the next one's is another.
    expect((await clients().veriff(context('veriff'))).referenceId).not.toBe(result.referenceId);
    const wrong = veriffSessions({ apiKey: 'nope', baseUrl: api('/veriff') });
    await expect(wrong(context('veriff'))).rejects.toThrow(/HTTP 401/);
    const signed = veriffSessions({ apiKey: KEYS.veriff, sharedSecret: KEYS.veriffSecret, baseUrl: api('/veriff') });
    expect((await signed(context('veriff'))).sessionUrl).toBe('https://magic.veriff.me/v/eyJ0b2tlbiJ9');
    expect(seen.at(-1)!.headers['x-hmac-signature']).toMatch(/^[0-9a-f]{64}$/);
    const badlySigned = veriffSessions({ apiKey: KEYS.veriff, sharedSecret: 'wrong', baseUrl: api('/veriff') });
    await expect(badlySigned(context('veriff'))).rejects.toThrow(/HTTP 401/);
  });

  it('Persona: POST /api/v1/inquiries with the Bearer key gives the inquiry URL, its id and session token', async () => {
    const result = await clients().persona(context('persona'));
    expect(result).toEqual({
      sessionUrl: 'https://inquiry.withpersona.com/widget?inquiry-id=inq_ABC123',
      sessionToken: 'persona_session_token_1',
      sessionId: 'inq_ABC123',
      referenceId: expect.stringMatching(REFERENCE) as string,
    });
    expect(result.referenceId).not.toContain('user-42');
    expect(seen.at(-1)!.body).toEqual({
      data: { attributes: { 'inquiry-template-id': 'itmpl_abc', 'reference-id': result.referenceId } },
      meta: { 'auto-create-inquiry-session': true },
    });
    // A retry of the same attempt (same idempotency key) sends the same body; another attempt, another reference.
    const keyed = { ...context('persona'), idempotencyKey: 'attempt-1' };
    const again = (await clients().persona(keyed)).referenceId;
    expect(again).toMatch(REFERENCE);
    expect((await clients().persona(keyed)).referenceId).toBe(again);
    expect((await clients().persona({ ...keyed, idempotencyKey: 'attempt-2' })).referenceId).not.toBe(again);
    const local = personaSessions({
      apiKey: KEYS.persona,
      templateId: 'itmpl_abc',
      baseUrl: api('/persona'),
      flowHost: 'http://127.0.0.1:5174/persona',
      environmentId: 'env_1',
    });
    expect((await local(context('persona'))).sessionUrl).toBe(
      'http://127.0.0.1:5174/persona/widget?inquiry-id=inq_ABC123&environment-id=env_1',
    );
    const wrong = personaSessions({ apiKey: 'nope', templateId: 'itmpl_abc', baseUrl: api('/persona') });
    await expect(wrong(context('persona'))).rejects.toThrow(/HTTP 401/);
  });

  it('Didit: POST /v3/session/ with x-api-key gives the session url and session_id', async () => {
    const result = await clients().didit(context('didit'));
    expect(result).toEqual({
      sessionUrl: 'https://verify.didit.me/session/AbC123xyz',
      sessionId: '11111111-2222-3333-4444-555555555555',
      referenceId: expect.stringMatching(REFERENCE) as string,
    });
    expect(seen.at(-1)!.body).toEqual({ workflow_id: 'wf-1', vendor_data: result.referenceId });
    const wrong = diditSessions({ apiKey: 'nope', workflowId: 'wf-1', baseUrl: api('/didit') });
    await expect(wrong(context('didit'))).rejects.toThrow(/HTTP 401/);
  });

  it('iDenfy: POST /api/v2/token with Basic auth gives the authToken and the scanRef', async () => {
    const result = await clients().idenfy(context('idenfy'));
    expect(result.referenceId).toMatch(REFERENCE);
    expect(result.sessionToken).toBe(`idenfy_${result.referenceId}`);
    expect(result.sessionId).toBe('scan-1');
    expect(seen.at(-1)!.body).toEqual({ clientId: result.referenceId, expiryTime: 3600 });
    const kyb = idenfySessions({
      apiKey: KEYS.idenfyKey,
      apiSecret: KEYS.idenfySecret,
      baseUrl: api('/idenfy'),
      frameUrl: 'https://kyb.ui.idenfy.com/welcome',
    });
    expect((await kyb(context('idenfy'))).sessionUrl).toBe('https://kyb.ui.idenfy.com/welcome');
    const wrong = idenfySessions({ apiKey: KEYS.idenfyKey, apiSecret: 'nope', baseUrl: api('/idenfy') });
    await expect(wrong(context('idenfy'))).rejects.toThrow(/HTTP 401/);
  });

  it('refuses a request without a user (401) for the clients that need one, before any provider call', async () => {
    const before = seen.length;
    for (const name of ['sumsub', 'idenfy'] as const)
      await expect(clients()[name](context(name, null))).rejects.toBeInstanceOf(SessionRefusal);
    expect(seen.length).toBe(before);
    // The others create without a user (anonymous: true), under a reference of the session's own.
    const veriff = (await clients().veriff(context('veriff', null))).referenceId;
    expect(seen.at(-1)!.body).toEqual({ verification: { vendorData: veriff } });
    const didit = (await clients().didit(context('didit', null))).referenceId;
    expect(seen.at(-1)!.body).toEqual({ workflow_id: 'wf-1', vendor_data: didit });
    const persona = (await clients().persona(context('persona', null))).referenceId;
    expect(seen.at(-1)!.body).toMatchObject({
      data: { attributes: { 'inquiry-template-id': 'itmpl_abc', 'reference-id': persona } },
    });
    for (const reference of [veriff, didit, persona]) expect(reference).toMatch(REFERENCE);
  });

  it('forwards the Idempotency-Key to Persona, which documents one, and to no other provider', async () => {
    for (const name of ['sumsub', 'veriff', 'persona', 'didit', 'idenfy'] as const) {
      await clients()[name](context(name));
      expect(seen.at(-1)!.headers['idempotency-key'], name).toBe(
        name === 'persona' ? context(name).idempotencyKey : undefined,
      );
    }
    await clients().persona({ ...context('persona'), idempotencyKey: null });
    expect(seen.at(-1)!.headers['idempotency-key']).toBeUndefined();
  });

  it('refuses blank and placeholder keys at construction', () => {
    const base = { baseUrl: api('/persona'), templateId: 'itmpl_abc' };
    for (const apiKey of [
      '',
      ' ',
      'undefined',
      'null',
      'changeme',
      '${PERSONA_API_KEY}',
      '$PERSONA_KEY',
      'xxxxxxxx',
      '<your key>',
      ' persona_key_1 ',
      'YOUR_API_KEY',
    ])
      expect(() => personaSessions({ ...base, apiKey }), JSON.stringify(apiKey)).toThrow(TypeError);
    expect(() => personaSessions({ ...base, apiKey: undefined as never })).toThrow(/apiKey/);
    expect(() => personaSessions({ ...base, apiKey: KEYS.persona, templateId: ' ' })).toThrow(/templateId/);
    expect(() =>
      sumsubSessions({ appToken: KEYS.sumsubApp, secretKey: 'undefined', levelName: 'basic-kyc-level' }),
    ).toThrow(/secretKey/);
    expect(() => veriffSessions({ apiKey: KEYS.veriff, sharedSecret: ' ' })).toThrow(/sharedSecret/);
    expect(() => idenfySessions({ apiKey: KEYS.idenfyKey, apiSecret: 'null' })).toThrow(/apiSecret/);
    expect(() => diditSessions({ apiKey: 'none', workflowId: 'wf-1' })).toThrow(/apiKey/);
    expect(() => personaSessions({ ...base, apiKey: KEYS.persona })).not.toThrow();
  });

  it("carries a provider's 429 and its Retry-After to the handler", async () => {
    outage = { status: 429, body: { errors: [] }, headers: { 'Retry-After': '12' } };
    try {
      await expect(clients().veriff(context('veriff'))).rejects.toMatchObject({ status: 429, retryAfterSeconds: 12 });
    } finally {
      outage = null;
    }
  });

  it('refuses a request for another provider than its own', async () => {
    await expect(clients().veriff(context('sumsub'))).rejects.toMatchObject({ code: 'unsupported-provider' });
  });

  it('gives up after its timeout on a provider that does not answer', async () => {
    const silent = await listen(() => undefined);
    try {
      const client = veriffSessions({ apiKey: KEYS.veriff, baseUrl: silent.origin, timeoutMs: 100 });
      await expect(client(context('veriff'))).rejects.toThrow(/no answer in time/);
    } finally {
      await silent.close();
    }
  });

  it('through the handler: a provider error is a generic 502; neither its text nor our keys reach the browser', async () => {
    const createSession = sessionsByProvider(clients());
    const slot: { node?: ReturnType<typeof toNodeHandler> } = {};
    const app = await listen((req, res) => slot.node!(req, res));
    const handler = createSessionHandler({
      createSession,
      authorize: (request) => Promise.resolve(request.headers.get('x-test-user')),
      allowedOrigins: [app.origin],
      reuse: { minAgeMs: 0, ttlMs: 0 },
    });
    slot.node = toNodeHandler(handler);
    const ask = (name: string) =>
      fetch(app.origin, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: app.origin, 'x-test-user': 'user-7' },
        body: JSON.stringify({ provider: name, locale: 'en', refresh: false }),
      });
    try {
      const good = await ask('didit');
      expect(await good.json()).toEqual({ provider: 'didit', sessionUrl: 'https://verify.didit.me/session/AbC123xyz' });
      expect((await (await ask('jumio')).json()) as ErrorBody).toMatchObject({
        error: { code: 'unsupported-provider' },
      });
      outage = {
        status: 400,
        body: { description: `Invalid key ${KEYS.sumsubSecret} for applicant john@example.com`, code: 400 },
      };
      for (const name of ['sumsub', 'veriff', 'persona', 'didit', 'idenfy']) {
        const response = await ask(name);
        expect(response.status).toBe(502);
        const text = await response.text();
        expect(text).not.toMatch(/Invalid key|john@example\.com|HTTP 400/);
        for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
      }
    } finally {
      outage = null;
      await app.close();
    }
  });
});
