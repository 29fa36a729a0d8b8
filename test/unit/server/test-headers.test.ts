/**
 * kyc-widget/sandbox's `webhookHeaders`: a body of the test's own choosing, signed in each provider's scheme, must
 * verify with kyc-widget/server's verifyWebhook, and the same headers on another body must not.
 */
import { describe, expect, it } from 'vitest';
import { TRIGGER_PROVIDERS } from '../../../sandbox/trigger.mjs';
import { buildWebhook, webhookHeaders } from '../../../sandbox/webhooks.mjs';
import { verifyWebhook } from '../../../src/server/index';

const SECRET = `whsec_${Buffer.from('test-headers-webhook-secret-01').toString('base64')}`;
const NOW = Date.UTC(2026, 10, 28, 12);

describe('webhookHeaders', () => {
  for (const provider of TRIGGER_PROVIDERS) {
    it(`${provider}: signs a given body as ${provider} does; verifyWebhook accepts it and refuses it tampered`, async () => {
      // A real payload of the provider's shape, re-signed from its bytes alone.
      const { body } = buildWebhook(provider, { sessionId: 'sess_1', decision: 'declined', secret: SECRET, now: NOW });
      const signed = webhookHeaders(provider, { payload: body, secret: SECRET, timestamp: NOW / 1000 });
      expect(signed.body).toBe(body);
      const verify = (rawBody: string) =>
        verifyWebhook(provider, { rawBody, headers: signed.headers, secret: SECRET, now: NOW });
      expect(await verify(body)).toMatchObject({ ok: true, decision: 'declined' });
      expect(await verify(body.replace('sess_1', 'sess_2'))).toMatchObject({ ok: false, reason: 'bad-signature' });
    });
  }

  it('serializes an object payload once, and refuses an unknown provider or a missing secret', () => {
    const { body } = webhookHeaders('generic', { payload: { a: 1 }, secret: SECRET, timestamp: 1 });
    expect(body).toBe('{"a":1}');
    expect(() => webhookHeaders('jumio', { payload: '{}', secret: SECRET })).toThrow(/no signing scheme/);
    expect(() => webhookHeaders('sumsub', { payload: '{}', secret: '' })).toThrow(/secret is required/);
  });
});
