/**
 * The generic protocol is Standard Webhooks: checked against the specification's own TypeScript library
 * (`standardwebhooks`, a devDependency). Signed by their code and verified by ours, and the reverse: signed by the
 * sandbox's sender (sandbox/webhooks.mjs) and by the tests' own signer, verified by theirs.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { buildWebhook } from '../../../sandbox/webhooks.mjs';
import { verifyWebhook } from '../../../src/server/webhooks/verify';
import { OLD_SECRET, SECRET, SIGNERS, WRONG_SECRET } from './signing';

const body = JSON.stringify({
  type: 'verification.decided',
  timestamp: '2026-03-01T10:00:00.000Z',
  data: { sessionId: 'ses_42', referenceId: 'user-42', decision: 'declined' },
});

describe('generic = Standard Webhooks, against the standardwebhooks package', () => {
  it('verifies what their library signed', async () => {
    const now = new Date();
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, now, body),
    };
    const result = await verifyWebhook('generic', { rawBody: body, headers, secret: SECRET });
    expect(result).toMatchObject({
      ok: true,
      provider: 'generic',
      event: 'verification.decided',
      eventId: id,
      occurredAt: '2026-03-01T10:00:00.000Z',
      sessionId: 'ses_42',
      referenceId: 'user-42',
      decision: 'declined',
    });
    // Their signature under another key, or over another body, is refused by ours.
    expect(await verifyWebhook('generic', { rawBody: body, headers, secret: WRONG_SECRET })).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    expect(await verifyWebhook('generic', { rawBody: `${body} `, headers, secret: SECRET })).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('verifies their signature among several (a rotation), and theirs under an old timestamp is stale', async () => {
    const now = new Date();
    const id = 'msg_rotation';
    const seconds = Math.floor(now.getTime() / 1000);
    const signatures = [new Webhook(OLD_SECRET).sign(id, now, body), new Webhook(SECRET).sign(id, now, body)];
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(seconds),
      'webhook-signature': signatures.join(' '),
    };
    expect(await verifyWebhook('generic', { rawBody: body, headers, secret: SECRET })).toMatchObject({ ok: true });
    const old = new Date(now.getTime() - 301_000);
    const stale = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
      'webhook-signature': new Webhook(SECRET).sign(id, old, body),
    };
    expect(await verifyWebhook('generic', { rawBody: body, headers: stale, secret: SECRET })).toMatchObject({
      ok: false,
      reason: 'stale',
    });
  });

  it('their library verifies what the sandbox sender and the tests’ signer sign', () => {
    const fromSandbox = buildWebhook('generic', {
      sessionId: 'ses_1',
      referenceId: 'user-1',
      decision: 'approved',
      secret: SECRET,
    });
    expect(new Webhook(SECRET).verify(fromSandbox.body, fromSandbox.headers)).toMatchObject({
      type: 'verification.decided',
      data: { sessionId: 'ses_1', decision: 'approved' },
    });
    const fromTests = SIGNERS.generic(body, SECRET, Math.floor(Date.now() / 1000));
    expect(new Webhook(SECRET).verify(body, fromTests)).toMatchObject({ data: { decision: 'declined' } });
    // The control: their verifier refuses a signature under another key, so the two passes above mean something.
    expect(() => new Webhook(WRONG_SECRET).verify(body, fromTests)).toThrow();
  });

  it('refuses a secret that is not whsec_ and base64, with a message that says so', async () => {
    const headers = SIGNERS.generic(body, SECRET, Math.floor(Date.now() / 1000));
    for (const secret of ['whsec_not*base64*at-all-0000', 'plain-text-secret-without-prefix!', 'whsec_c2hvcnQ=']) {
      const result = await verifyWebhook('generic', { rawBody: body, headers, secret });
      expect(result).toMatchObject({ ok: false, reason: 'malformed' });
      expect(!result.ok && result.message).toMatch(/secret/);
    }
  });

  it('needs all three headers', async () => {
    const headers = SIGNERS.generic(body, SECRET, Math.floor(Date.now() / 1000));
    for (const name of Object.keys(headers)) {
      const partial = Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
      expect(await verifyWebhook('generic', { rawBody: body, headers: partial, secret: SECRET })).toMatchObject({
        ok: false,
        reason: 'missing-signature',
      });
    }
  });
});
