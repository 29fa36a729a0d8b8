import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEYS as KEYS, SANDBOX_WEBHOOK_SECRET } from '../../sandbox/keys.mjs';
import { startSandbox } from '../../sandbox/server.mjs';

/**
 * The sandbox playing each provider's server, over real HTTP on loopback: each session API accepts exactly the
 * documented credentials (signatures computed here with node:crypto), answers in the documented shape with a URL
 * that loads the provider's sandbox frame, and, when the person finishes, sends a webhook signed as that provider
 * signs them.
 */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let receiver: Server;
const received: Received[] = [];
let arrived: (() => void) | undefined;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      arrived?.();
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, webhookUrl: `http://127.0.0.1:${port}/hooks/{provider}` });
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

async function post(path: string, headers: Record<string, string>, body: string) {
  const response = await fetch(`${sandbox.origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

type Answer = Record<string, unknown>;

/** A string field of an answer, by path. */
function at(value: unknown, ...path: string[]): string {
  let current = value;
  for (const key of path) current = (current as Answer | undefined)?.[key];
  return String(current);
}

/** The page a session URL loads: the sandbox's frame for that provider. */
async function frameTitle(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
}

function sumsubHeaders(
  path: string,
  body: string,
  { ts = Math.floor(Date.now() / 1000), secret = KEYS.sumsub.secretKey as string } = {},
) {
  return {
    'X-App-Token': KEYS.sumsub.appToken,
    'X-App-Access-Ts': String(ts),
    'X-App-Access-Sig': hmac(secret, `${ts}POST${path}${body}`),
  };
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('Persona: POST /api/v1/inquiries', () => {
  const body = JSON.stringify({ data: { attributes: { 'inquiry-template-id': 'itmpl_x', 'reference-id': 'user-1' } } });

  it('creates an inquiry with the Bearer API key', async () => {
    const { status, body: answer } = await post(
      '/api/v1/inquiries',
      { Authorization: `Bearer ${KEYS.persona.apiKey}` },
      body,
    );
    expect(status).toBe(201);
    expect(answer.data).toMatchObject({ type: 'inquiry', attributes: { status: 'created', 'reference-id': 'user-1' } });
    expect(at(answer, 'data', 'id')).toMatch(/^inq_/);
    expect(await frameTitle(`${sandbox.origin}/widget?inquiry-id=${at(answer, 'data', 'id')}`)).toBe(
      'Persona (sandbox)',
    );
  });

  it('answers meta.session-token only when meta asks auto-create-inquiry-session', async () => {
    const auth = { Authorization: `Bearer ${KEYS.persona.apiKey}` };
    const asked = JSON.stringify({ ...(JSON.parse(body) as object), meta: { 'auto-create-inquiry-session': true } });
    const withToken = await post('/api/v1/inquiries', auth, asked);
    expect(withToken.status).toBe(201);
    expect(at(withToken.body, 'meta', 'session-token')).toMatch(/^sbx_pst_[0-9a-f]{32}$/);
    expect((await post('/api/v1/inquiries', auth, body)).body.meta).toBeUndefined();
  });

  it.each([
    ['a wrong key', { Authorization: 'Bearer persona_sandbox_wrong' }],
    ['no key', {}],
    ['Basic', { Authorization: basic('a', 'b') }],
  ])('refuses %s with 401 and Persona’s error list', async (_, headers) => {
    const { status, body: answer } = await post('/api/v1/inquiries', headers, body);
    expect(status).toBe(401);
    expect(answer).toMatchObject({ errors: [{ title: 'Unauthorized' }] });
  });
});

describe('Sumsub: POST /resources/accessTokens/sdk, signed', () => {
  const path = '/resources/accessTokens/sdk';
  const body = JSON.stringify({ userId: 'user-2', levelName: 'basic-kyc-level', ttlInSecs: 600 });

  it('issues an access token for a request signed over ts + method + path + body', async () => {
    const { status, body: answer } = await post(path, sumsubHeaders(path, body), body);
    expect(status).toBe(200);
    expect(Object.keys(answer).sort()).toEqual(['token', 'userId']);
    expect(at(answer, 'token')).toMatch(/^_act-/);
    expect(answer.userId).toBe('user-2');
  });

  it('signs the query too (the older /resources/accessTokens?userId=…)', async () => {
    const withQuery = '/resources/accessTokens?userId=user-3&levelName=basic-kyc-level';
    expect((await post(withQuery, sumsubHeaders(withQuery, ''), '')).status).toBe(200);
    // The same signature without its query does not hold for the request with one.
    expect((await post(withQuery, sumsubHeaders('/resources/accessTokens', ''), '')).status).toBe(401);
  });

  it.each([
    ['a signature made with another secret', () => sumsubHeaders(path, body, { secret: 'not-the-secret' })],
    ['a signature over another body', () => sumsubHeaders(path, body.replace('user-2', 'user-9'))],
    ['a timestamp 2 minutes old', () => sumsubHeaders(path, body, { ts: Math.floor(Date.now() / 1000) - 120 })],
    ['another app token', () => ({ ...sumsubHeaders(path, body), 'X-App-Token': 'sbx:someone-else' })],
    [
      'no signature',
      () => ({ 'X-App-Token': KEYS.sumsub.appToken, 'X-App-Access-Ts': String(Math.floor(Date.now() / 1000)) }),
    ],
  ])('refuses %s with 401', async (_, headers) => {
    const { status, body: answer } = await post(path, headers(), body);
    expect(status).toBe(401);
    expect(answer.code).toBe(401);
    expect(typeof answer.description).toBe('string');
  });
});

describe('Veriff: POST /v1/sessions', () => {
  const body = JSON.stringify({ verification: { vendorData: 'user-4' } });

  it('creates a session with X-AUTH-CLIENT, whose url loads the Veriff frame', async () => {
    const { status, body: answer } = await post('/v1/sessions', { 'X-AUTH-CLIENT': KEYS.veriff.apiKey }, body);
    expect(status).toBe(201);
    expect(answer).toMatchObject({ status: 'success', verification: { status: 'created', vendorData: 'user-4' } });
    expect(await frameTitle(at(answer, 'verification', 'url'))).toBe('Veriff (sandbox)');
  });

  it('accepts an X-HMAC-SIGNATURE of the body, and refuses a wrong one (1819)', async () => {
    const signed = { 'X-AUTH-CLIENT': KEYS.veriff.apiKey, 'X-HMAC-SIGNATURE': hmac(KEYS.veriff.sharedSecret, body) };
    expect((await post('/v1/sessions', signed, body)).status).toBe(201);
    const wrong = { ...signed, 'X-HMAC-SIGNATURE': hmac('not-the-secret', body) };
    expect(await post('/v1/sessions', wrong, body)).toMatchObject({
      status: 401,
      body: { status: 'fail', code: 1819 },
    });
  });

  it.each([
    ['no key', {}, 1801],
    ['a key that is no UUID', { 'X-AUTH-CLIENT': 'not-a-uuid' }, 1802],
    ['an unknown key', { 'X-AUTH-CLIENT': '00000000-0000-4000-8000-000000000000' }, 1803],
  ])('refuses %s with Veriff’s code', async (_, headers, code) => {
    expect(await post('/v1/sessions', headers, body)).toMatchObject({ status: 401, body: { status: 'fail', code } });
  });
});

describe('Didit: POST /v3/session/', () => {
  const body = JSON.stringify({ workflow_id: KEYS.didit.workflowId, vendor_data: 'user-5' });

  it('creates a session with x-api-key, whose url loads the Didit page', async () => {
    const { status, body: answer } = await post('/v3/session/', { 'x-api-key': KEYS.didit.apiKey }, body);
    expect(status).toBe(201);
    expect(answer).toMatchObject({ status: 'Not Started', vendor_data: 'user-5', workflow_id: KEYS.didit.workflowId });
    expect(await frameTitle(at(answer, 'url'))).toBe('Didit (sandbox)');
  });

  it('refuses a missing key with 403 and a wrong one with 401', async () => {
    expect((await post('/v3/session/', {}, body)).status).toBe(403);
    expect((await post('/v3/session/', { 'x-api-key': 'wrong' }, body)).status).toBe(401);
  });
});

describe('iDenfy: POST /api/v2/token', () => {
  const body = JSON.stringify({ clientId: 'user-6' });

  it('issues an authToken with HTTP Basic API key:secret, which loads the iDenfy UI', async () => {
    const { status, body: answer } = await post(
      '/api/v2/token',
      { Authorization: basic(KEYS.idenfy.apiKey, KEYS.idenfy.apiSecret) },
      body,
    );
    expect(status).toBe(201);
    expect(answer).toMatchObject({
      message: 'Token created successfully',
      clientId: 'user-6',
    });
    expect(at(answer, 'authToken')).toMatch(/^[0-9a-f]{40}$/);
    expect(await frameTitle(`${sandbox.origin}/idenfy/?authToken=${at(answer, 'authToken')}`)).toBe('iDenfy (sandbox)');
  });

  it.each([
    ['a wrong secret', { Authorization: basic(KEYS.idenfy.apiKey, 'wrong') }],
    ['no credentials', {}],
  ])('refuses %s with 401', async (_, headers) => {
    expect(await post('/api/v2/token', headers, body)).toEqual({
      status: 401,
      body: { message: 'Invalid authorization credentials' },
    });
  });
});

describe('the webhook when the person finishes', () => {
  async function finish(provider: string, session: string, decision: string) {
    const waiting = new Promise<void>((resolve) => (arrived = resolve));
    const result = await post('/sandbox/finish', {}, JSON.stringify({ provider, session, decision }));
    return { result, waiting };
  }

  it('Sumsub: X-Payload-Digest is the HMAC-SHA256 of the raw body, and the body names the applicant and the user', async () => {
    const path = '/resources/accessTokens/sdk';
    const body = JSON.stringify({ userId: 'user-7', levelName: 'basic-kyc-level' });
    const { body: token } = await post(path, sumsubHeaders(path, body), body);
    const before = received.length;
    const { result, waiting } = await finish('sumsub', at(token, 'token'), 'approved');
    expect(result).toEqual({ status: 200, body: { sent: true, webhookStatus: 200 } });
    await waiting;
    const hook = received[before];
    expect(hook.path).toBe('/hooks/sumsub');
    expect(hook.headers['x-payload-digest-alg']).toBe('HMAC_SHA256_HEX');
    expect(hook.headers['x-payload-digest']).toBe(hmac(SANDBOX_WEBHOOK_SECRET, hook.body));
    expect(JSON.parse(hook.body)).toMatchObject({ externalUserId: 'user-7', reviewResult: { reviewAnswer: 'GREEN' } });
  });

  it('Persona: Persona-Signature t=…,v1=HMAC(t + "." + body)', async () => {
    const body = JSON.stringify({
      data: { attributes: { 'inquiry-template-id': 'itmpl_x', 'reference-id': 'user-8' } },
    });
    const created = await post('/api/v1/inquiries', { Authorization: `Bearer ${KEYS.persona.apiKey}` }, body);
    const before = received.length;
    const { waiting } = await finish('persona', at(created.body, 'data', 'id'), 'declined');
    await waiting;
    const hook = received[before];
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(hook.headers['persona-signature']))!;
    expect(v1).toBe(hmac(SANDBOX_WEBHOOK_SECRET, `${t}.${hook.body}`));
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(60);
    expect(hook.body).toContain(at(created.body, 'data', 'id'));
  });

  it('Veriff, Didit, iDenfy: the HMAC-SHA256 of the raw body in their own header', async () => {
    const veriff = await post(
      '/v1/sessions',
      { 'X-AUTH-CLIENT': KEYS.veriff.apiKey },
      JSON.stringify({ verification: {} }),
    );
    const didit = await post('/v3/session/', { 'x-api-key': KEYS.didit.apiKey }, JSON.stringify({ workflow_id: 'w' }));
    const idenfy = await post(
      '/api/v2/token',
      { Authorization: basic(KEYS.idenfy.apiKey, KEYS.idenfy.apiSecret) },
      JSON.stringify({ clientId: 'u' }),
    );
    const cases = [
      ['veriff', at(veriff.body, 'verification', 'sessionToken'), 'x-hmac-signature'],
      ['didit', at(didit.body, 'session_token'), 'x-signature'],
      ['idenfy', at(idenfy.body, 'authToken'), 'idenfy-signature'],
    ] as const;
    for (const [provider, key, name] of cases) {
      const before = received.length;
      const { waiting } = await finish(provider, key, 'review');
      await waiting;
      const hook = received[before];
      expect(hook.path, provider).toBe(`/hooks/${provider}`);
      expect(hook.headers[name], provider).toBe(hmac(SANDBOX_WEBHOOK_SECRET, hook.body));
    }
  });

  it('refuses an unknown session (404), a decision it does not know (400) and a second finish (409)', async () => {
    expect(
      (
        await post(
          '/sandbox/finish',
          {},
          JSON.stringify({ provider: 'persona', session: 'inq_nope', decision: 'approved' }),
        )
      ).status,
    ).toBe(404);
    const created = await post(
      '/api/v1/inquiries',
      { Authorization: `Bearer ${KEYS.persona.apiKey}` },
      JSON.stringify({ data: { attributes: { 'inquiry-template-id': 'itmpl_x' } } }),
    );
    const id = at(created.body, 'data', 'id');
    expect(
      (await post('/sandbox/finish', {}, JSON.stringify({ provider: 'persona', session: id, decision: 'maybe' })))
        .status,
    ).toBe(400);
    const { waiting } = await finish('persona', id, 'approved');
    await waiting;
    expect(
      (await post('/sandbox/finish', {}, JSON.stringify({ provider: 'persona', session: id, decision: 'declined' })))
        .status,
    ).toBe(409);
  });
});
