/**
 * Over real HTTP on loopback: a node:http server that collects the raw body bytes and verifies them, a client that
 * posts a signed body with non-ASCII characters and formatting that re-serialized JSON would not reproduce; and the
 * sandbox's webhook sender (sandbox/webhooks.mjs), whose every provider and decision must round-trip.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISIONS, SIGNED_PROVIDERS, buildWebhook, sendWebhook } from '../../../sandbox/webhooks.mjs';
import { verifyWebhook, type WebhookResult } from '../../../src/server/webhooks/verify';
import { SECRET, SIGNERS, WRONG_SECRET } from './signing';

function rawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

let server: Server;
let url: string;
/** What the server's verifier said, per request id. */
const results = new Map<string, WebhookResult>();

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const provider = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
      const result = await verifyWebhook(provider, {
        rawBody: await rawBody(req),
        headers: req.headers,
        secret: SECRET,
      });
      const id = req.headers['x-test-id'];
      if (typeof id === 'string') results.set(id, result);
      res.writeHead(result.ok ? 204 : result.reason === 'malformed' ? 400 : 401).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('verifyWebhook over node:http', () => {
  // Non-ASCII text, escaped and unescaped, a float with a trailing zero and irregular white space: JSON.parse then
  // JSON.stringify gives other bytes, so only the raw bytes can verify.
  const t = Math.floor(Date.now() / 1000);
  const body =
    `{"session_id":"11111111-2222-3333-4444-555555555555", "status":"Approved","webhook_type":"status.updated",\n` +
    `  "timestamp": ${t}, "vendor_data":"user-42","decision":{"kyc":{"first_name":"José","last_name":"Müller \\u00e9","city":"日本","score":97.50}}}`;

  it('accepts the bytes as sent, and refuses the same JSON re-serialized under the same signature', async () => {
    const headers = { ...SIGNERS.didit(Buffer.from(body, 'utf8'), SECRET, t), 'content-type': 'application/json' };
    const reserialized = JSON.stringify(JSON.parse(body));
    expect(reserialized).not.toBe(body);

    const first = await fetch(`${url}/didit`, { method: 'POST', headers: { ...headers, 'x-test-id': 'raw' }, body });
    expect(first.status).toBe(204);
    expect(results.get('raw')).toMatchObject({
      ok: true,
      provider: 'didit',
      event: 'status.updated',
      sessionId: '11111111-2222-3333-4444-555555555555',
      referenceId: 'user-42',
      decision: 'approved',
    });

    const second = await fetch(`${url}/didit`, {
      method: 'POST',
      headers: { ...headers, 'x-test-id': 'reserialized' },
      body: reserialized,
    });
    expect(second.status).toBe(401);
    expect(results.get('reserialized')).toMatchObject({ ok: false, reason: 'bad-signature' });
  });
});

describe('the sandbox webhook sender', () => {
  const SESSIONS: Record<string, string> = {
    persona: 'inq_2CVZ4HyVg7qaboXz2PUHknAn',
    sumsub: '5cb56e8e0a975a35f333cb83',
    veriff: '12df6045-3846-3e45-946a-14fa6136d78b',
    didit: '11111111-2222-3333-4444-555555555555',
    idenfy: '3af0cfd4-a8d6-11ea-a2d9-0242ac130004',
    generic: 'ses_demo_1',
    onfido: 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19',
  };

  it('covers every provider the verifier can check', () => {
    expect([...SIGNED_PROVIDERS].sort()).toEqual(Object.keys(SIGNERS).sort());
  });

  for (const provider of SIGNED_PROVIDERS) {
    for (const decision of DECISIONS) {
      it(`${provider} ${decision}: verifyWebhook gives back the same sessionId, referenceId and decision`, async () => {
        const now = Date.now();
        const options = { sessionId: SESSIONS[provider]!, referenceId: 'user-42', decision, secret: SECRET, now };
        const { body, headers } = buildWebhook(provider, options);
        expect(await verifyWebhook(provider, { rawBody: body, headers, secret: SECRET, now })).toMatchObject({
          ok: true,
          provider,
          sessionId: SESSIONS[provider],
          referenceId: 'user-42',
          decision,
        });
        // The other secret of a rotation does not verify it.
        expect(await verifyWebhook(provider, { rawBody: body, headers, secret: WRONG_SECRET, now })).toMatchObject({
          ok: false,
          reason: 'bad-signature',
        });
      });
    }
  }

  it('sendWebhook posts over HTTP and resolves to the status; 0 when nobody answers', async () => {
    const options = { sessionId: 'inq_1', referenceId: 'user-42', decision: 'approved' as const, secret: SECRET };
    expect(await sendWebhook(`${url}/persona`, 'persona', options)).toBe(204);
    expect(await sendWebhook(`${url}/persona`, 'persona', { ...options, secret: WRONG_SECRET })).toBe(401);
    expect(await sendWebhook(`${url}/persona`, 'nobody', options)).toBe(0);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await sendWebhook(`http://127.0.0.1:${port}/`, 'persona', options)).toBe(0);
  });
});
