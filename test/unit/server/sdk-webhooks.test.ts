/**
 * The Onfido, Stripe and Plaid verifiers against vectors their vendors made:
 * - Onfido: the vectors of Onfido's own library tests (onfido/onfido-node test/classic-webhook-event-verifier.test.ts
 *   and test/studio-webhook-event-verifier.test.ts: token, raw event, X-SHA2-Signature), and the other way round,
 *   what we sign is what @onfido/api's WebhookEventVerifier accepts (it verifies only; it has no signer);
 * - Stripe: headers made by the `stripe` library's generateTestHeaderString, verified here, and headers made here
 *   verified by its constructEvent, one way and the other, with its tolerance and a rotation;
 * - Plaid (whose library ships no verifier): a JWT Plaid itself signed, published with its key and claims in the
 *   question "Hashing Plaid request body webhook" (stackoverflow.com/questions/62117400), whose body we rebuilt
 *   byte for byte (JSON indented by two spaces: its SHA-256 is the token's request_body_sha256); and tokens signed
 *   here with a P-256 key pair of our own (node:crypto, not the module's code).
 */
import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { WebhookEventVerifier } from '@onfido/api';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../src/server/webhooks/verify';
import type { WebhookKeyLookup, WebhookKeys } from '../../../src/server/webhooks/types';

const stripeLib = new Stripe('sk_test_not_used_for_webhooks_0001');

describe('onfido: X-SHA2-Signature', () => {
  // onfido/onfido-node test/classic-webhook-event-verifier.test.ts
  const classic = {
    token: '_ABC123abc123ABC123abc123ABC123_',
    body: `{"payload":{"resource_type":"check","action":"check.completed","object":{"id":"check-123","status":"complete","completed_at_iso8601":"2020-01-01T00:00:00Z","href":"https://api.onfido.com/v3/checks/check-123"}}}`,
    signature: 'a0082d7481f9f0a2907583dbe1f344d6d4c0d9989df2fd804f98479f60cd760e',
  };
  // onfido/onfido-node test/studio-webhook-event-verifier.test.ts
  const studio = {
    token: 'YKOC6mkBxi6yK2zlUIrLMvsJMFEZObP5',
    body: `{"payload":{"resource_type":"workflow_task","action":"workflow_task.started","object":{"id":"profile_1eb92","task_spec_id":"profile_1eb92","task_def_id":"profile_data","workflow_run_id":"bc77c6e5-753a-4580-96a6-aaed3e5a8d19","status":"started","started_at_iso8601":"2024-07-10T12:49:09Z","href":"https://api.eu.onfido.com/v3.6/workflow_runs/bc77c6e5-753a-4580-96a6-aaed3e5a8d19/tasks/profile_1eb92"},"resource":{"created_at":"2024-07-10T12:49:09Z","id":"profile_1eb92","workflow_run_id":"bc77c6e5-753a-4580-96a6-aaed3e5a8d19","updated_at":"2024-07-10T12:49:09Z","input":{},"task_def_version":null,"task_def_id":"profile_data","output":null}}}`,
    signature: 'c95a5b785484f6fa1bc25f381b5595d66bf85cb442eefb06aa007802ee6a4dfa',
  };
  const verify = (body: string, signature: string | undefined, secret: string) =>
    verifyWebhook('onfido', { rawBody: body, headers: signature ? { 'X-SHA2-Signature': signature } : {}, secret });

  it("accepts Onfido's own vectors, and reads the run, the time and no decision from them", async () => {
    const check = await verify(classic.body, classic.signature, classic.token);
    expect(check).toMatchObject({
      ok: true,
      event: 'check.completed',
      decision: null,
      occurredAt: '2020-01-01T00:00:00.000Z',
    });
    // A check names no workflow run: no session.
    expect(check).not.toHaveProperty('sessionId');
    const task = await verify(studio.body, studio.signature, studio.token);
    expect(task).toMatchObject({
      ok: true,
      event: 'workflow_task.started',
      sessionId: 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19',
      occurredAt: '2024-07-10T12:49:09.000Z',
      decision: null,
      eventId: `sha256:${createHash('sha256').update(studio.body).digest('hex')}`,
    });
  });

  it('refuses what Onfido’s library refuses: a wrong signature, another token, a changed byte, no header', async () => {
    const flipped = `b${classic.signature.slice(1)}`; // the library's own "invalid signature" case
    expect(() => new WebhookEventVerifier(classic.token).readPayload(classic.body, flipped)).toThrow();
    expect(await verify(classic.body, flipped, classic.token)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await verify(classic.body, classic.signature, studio.token)).toMatchObject({ reason: 'bad-signature' });
    const changed = classic.body.replace('check-123', 'check-124');
    expect(await verify(changed, classic.signature, classic.token)).toMatchObject({ reason: 'bad-signature' });
    expect(await verify(classic.body, undefined, classic.token)).toMatchObject({ reason: 'missing-signature' });
  });

  it('what is signed as Onfido documents, Onfido’s WebhookEventVerifier accepts, and so do we', async () => {
    const token = 'onfido-webhook-token-0123456789';
    for (const [status, decision] of [
      ['approved', 'approved'],
      ['declined', 'declined'],
      ['review', 'review'],
      ['abandoned', null],
      ['error', null],
    ] as const) {
      const body = JSON.stringify({
        payload: {
          resource_type: 'workflow_run',
          action: 'workflow_run.completed',
          object: { id: 'run-1', status, completed_at_iso8601: '2026-01-01T10:00:00Z', href: 'https://x/run-1' },
          resource: { id: 'run-1', customer_user_id: 'user-42', status },
        },
      });
      const signature = createHmac('sha256', token).update(body).digest('hex');
      expect(new WebhookEventVerifier(token).readPayload(body, signature)).toEqual(JSON.parse(body));
      expect(await verify(body, signature, token)).toMatchObject({
        ok: true,
        sessionId: 'run-1',
        referenceId: 'user-42',
        decision,
        occurredAt: '2026-01-01T10:00:00.000Z',
      });
    }
  });
});

describe('stripe: Stripe-Signature', () => {
  const secret = 'whsec_test_secret_0123456789abcdef';
  const old = 'whsec_old_secret_fedcba9876543210';
  const now = 1_767_225_600; // 2026-01-01T00:00:00Z
  const event = (type: string, lastError: object | null = null) =>
    JSON.stringify({
      id: 'evt_1Q2w3E4r5T6y7U8i',
      object: 'event',
      created: now - 5,
      type,
      data: {
        object: {
          id: 'vs_1Q2w3E4r5T6y7U8i',
          object: 'identity.verification_session',
          client_reference_id: 'user-42',
          last_error: lastError,
          status: type.split('.').pop(),
        },
      },
    });
  const ours = (body: string, header: string, at = now, toleranceSeconds?: number) =>
    verifyWebhook('stripe', {
      rawBody: body,
      headers: { 'Stripe-Signature': header },
      secret: [secret, old],
      now: at * 1000,
      ...(toleranceSeconds !== undefined && { toleranceSeconds }),
    });
  const signed = (body: string, key: string, t: number) =>
    `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;

  it("accepts what stripe's generateTestHeaderString signs, and reads the evt_ id, created and the session", async () => {
    const body = event('identity.verification_session.verified');
    const header = stripeLib.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now - 5 });
    expect(await ours(body, header)).toMatchObject({
      ok: true,
      event: 'identity.verification_session.verified',
      eventId: 'evt_1Q2w3E4r5T6y7U8i',
      occurredAt: new Date((now - 5) * 1000).toISOString(),
      sessionId: 'vs_1Q2w3E4r5T6y7U8i',
      referenceId: 'user-42',
      decision: 'approved',
    });
    const other = stripeLib.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_someone_else_000000000',
      timestamp: now,
    });
    expect(await ours(body, other)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it("what is signed here, stripe's constructEvent accepts; a rotation's two v1 pass both", async () => {
    const body = event('identity.verification_session.requires_input', { code: 'document_expired' });
    const header = signed(body, secret, now);
    expect(stripeLib.webhooks.constructEvent(body, header, secret, 300, undefined, now * 1000).id).toBe(
      'evt_1Q2w3E4r5T6y7U8i',
    );
    expect(await ours(body, header)).toMatchObject({ ok: true, decision: 'declined' });
    // During a rotation Stripe signs with both secrets: one t, two v1.
    const rotation = `${signed(body, old, now)},v1=${signed(body, secret, now).split('v1=')[1]}`;
    expect(stripeLib.webhooks.constructEvent(body, rotation, secret, 300, undefined, now * 1000).id).toBeTruthy();
    expect(stripeLib.webhooks.constructEvent(body, rotation, old, 300, undefined, now * 1000).id).toBeTruthy();
    expect(await ours(body, rotation)).toMatchObject({ ok: true });
    expect(
      await verifyWebhook('stripe', {
        rawBody: body,
        headers: { 'stripe-signature': rotation },
        secret: old,
        now: now * 1000,
      }),
    ).toMatchObject({ ok: true });
  });

  it('refuses a signature older than the tolerance, as constructEvent does, and says stale', async () => {
    const body = event('identity.verification_session.verified');
    const header = stripeLib.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now - 301 });
    expect(() => stripeLib.webhooks.constructEvent(body, header, secret, 300, undefined, now * 1000)).toThrow(
      /tolerance/,
    );
    expect(await ours(body, header)).toMatchObject({ ok: false, reason: 'stale' });
    expect(await ours(body, header, now, 400)).toMatchObject({ ok: true });
    // Within it, either library accepts it.
    const fresh = stripeLib.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now - 299 });
    expect(await ours(body, fresh)).toMatchObject({ ok: true });
    // A body changed by one byte is refused by both.
    const changed = body.replace('user-42', 'user-43');
    expect(() => stripeLib.webhooks.constructEvent(changed, fresh, secret, 300, undefined, now * 1000)).toThrow();
    expect(await ours(changed, fresh)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('maps verified, requires_input after a failed check, canceled and processing', async () => {
    const cases = [
      [event('identity.verification_session.verified'), 'approved'],
      [event('identity.verification_session.requires_input', { code: 'selfie_face_mismatch' }), 'declined'],
      [event('identity.verification_session.requires_input'), null],
      [event('identity.verification_session.canceled'), null],
      [event('identity.verification_session.processing'), null],
    ] as const;
    for (const [body, decision] of cases) {
      expect(await ours(body, signed(body, secret, now))).toMatchObject({ ok: true, decision });
    }
  });
});

/** A key source over a fixed set of keys, counting lookups (the HTTP one is tested in test/server). */
function keysOf(table: Record<string, WebhookKeyLookup>): WebhookKeys & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    key: (kid) => {
      asked.push(kid);
      return Promise.resolve(table[kid] ?? { found: false, unavailable: false, message: 'unknown kid' });
    },
  };
}

describe('plaid: Plaid-Verification (ES256 JWT)', () => {
  // Signed by Plaid (stackoverflow.com/questions/62117400): the token, and the key /webhook_verification_key/get gave.
  const plaidJwt =
    'eyJhbGciOiJFUzI1NiIsImtpZCI6IjZjNTUxNmUxLTkyZGMtNDc5ZS1hOGZmLTVhNTE5OTJlMDAwMSIsInR5cCI6IkpXVCJ9.eyJpYXQiOjE1OTA4ODcwMDEsInJlcXVlc3RfYm9keV9zaGEyNTYiOiJiNjNhMDdiNTQ3YjAwZjk5MjU0N2Y2YmJjOGQ5YWNjNjFhOGNjZWUxMzhiYzgyZjQ0YTZiYWEwOTY4M2E1ZDBmIn0.OOKvIihgqCj7Qrb2bmz7T3t7uK-0JyjiEqL2s1kWeJBM4MMmjaHKK8GmU_z91QolBWMzvPgs718EElY-rE3cwQ';
  const plaidKid = '6c5516e1-92dc-479e-a8ff-5a51992e0001';
  const plaidKey: WebhookKeyLookup = {
    found: true,
    expired: false,
    jwk: {
      kty: 'EC',
      crv: 'P-256',
      x: '35lvC8uz2QrWpQJ3TUH8t9o9DURMp7ydU518RKDl20k',
      y: 'I8BuXB2bvxelzJAd7OKhd-ZwjCst05Fx47Mb_0ugros',
    },
  };
  // The webhook's body, as Plaid sent it: two-space indented JSON (its SHA-256 is the token's request_body_sha256).
  const plaidBody = JSON.stringify(
    {
      error: null,
      item_id: 'yxQbxDjnD8hr69pKbQpbcKeVn3GL9QuyA7NV3',
      new_transactions: 390,
      webhook_code: 'HISTORICAL_UPDATE',
      webhook_type: 'TRANSACTIONS',
    },
    null,
    2,
  );
  const iat = 1_590_887_001;
  const verify = (body: string, token: string | undefined, keys: WebhookKeys, atSeconds = iat + 60) =>
    verifyWebhook('plaid', {
      rawBody: body,
      headers: token === undefined ? {} : { 'plaid-verification': token },
      keys,
      now: atSeconds * 1000,
    });

  it('accepts the token Plaid signed, with its key, inside 5 minutes of its iat', async () => {
    const keys = keysOf({ [plaidKid]: plaidKey });
    expect(await verify(plaidBody, plaidJwt, keys)).toMatchObject({
      ok: true,
      event: 'TRANSACTIONS.HISTORICAL_UPDATE',
      eventId: `sha256:b63a07b547b00f992547f6bbc8d9acc61a8ccee138bc82f44a6baa09683a5d0f:${iat}`,
      occurredAt: new Date(iat * 1000).toISOString(),
      decision: null,
    });
    expect(keys.asked).toEqual([plaidKid]);
  });

  it("refuses Plaid's token: replayed after 5 minutes, over a body changed by one byte, re-serialized, or an expired key", async () => {
    const keys = keysOf({ [plaidKid]: plaidKey });
    expect(await verify(plaidBody, plaidJwt, keys, iat + 301)).toMatchObject({ ok: false, reason: 'stale' });
    expect(await verify(plaidBody.replace('390', '391'), plaidJwt, keys)).toMatchObject({ reason: 'bad-signature' });
    expect(await verify(JSON.stringify(JSON.parse(plaidBody)), plaidJwt, keys)).toMatchObject({
      reason: 'bad-signature',
    });
    const expired = keysOf({ [plaidKid]: { ...plaidKey, expired: true } as WebhookKeyLookup });
    expect(await verify(plaidBody, plaidJwt, expired)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await verify(plaidBody, undefined, keys)).toMatchObject({ ok: false, reason: 'missing-signature' });
  });

  // A key pair of our own, signing as Plaid documents (node:crypto: an independent implementation of ES256).
  const ours = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ourJwk = ours.publicKey.export({ format: 'jwk' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  function jwt(
    body: string,
    kid: string,
    at: number,
    head: object = { alg: 'ES256', kid, typ: 'JWT' },
    key = ours.privateKey,
  ) {
    const claims = part({ iat: at, request_body_sha256: createHash('sha256').update(body).digest('hex') });
    const signed = `${part(head)}.${claims}`;
    const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    return `${signed}.${signature}`;
  }
  const body = JSON.stringify(
    {
      environment: 'sandbox',
      identity_verification_id: 'idv_52xR9LKo77r1Np',
      webhook_code: 'STATUS_UPDATED',
      webhook_type: 'IDENTITY_VERIFICATION',
    },
    null,
    2,
  );
  const now = 1_767_225_600;
  const keys = keysOf({
    'kid-a': { found: true, expired: false, jwk: ourJwk },
    'kid-b': { found: true, expired: false, jwk: other.publicKey.export({ format: 'jwk' }) },
  });

  it("reads an IDV STATUS_UPDATED: the verification's id, no decision (it needs a status read)", async () => {
    expect(await verify(body, jwt(body, 'kid-a', now - 10), keys, now)).toMatchObject({
      ok: true,
      event: 'IDENTITY_VERIFICATION.STATUS_UPDATED',
      sessionId: 'idv_52xR9LKo77r1Np',
      decision: null,
    });
  });

  it('refuses a wrong kid, an unknown kid, another alg, a forged signature; an unreachable key is unavailable', async () => {
    // Signed with key A, naming key B: the key it names does not verify it.
    expect(await verify(body, jwt(body, 'kid-b', now), keys, now)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    expect(await verify(body, jwt(body, 'kid-z', now), keys, now)).toMatchObject({
      ok: false,
      reason: 'bad-signature',
    });
    const none = jwt(body, 'kid-a', now, { alg: 'none', kid: 'kid-a' });
    expect(await verify(body, none, keys, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
    const hs = jwt(body, 'kid-a', now, { alg: 'HS256', kid: 'kid-a' });
    expect(await verify(body, hs, keys, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
    const forged = jwt(body, 'kid-a', now, undefined, other.privateKey);
    expect(await verify(body, forged, keys, now)).toMatchObject({ ok: false, reason: 'bad-signature' });
    const down: WebhookKeys = { key: () => Promise.resolve({ found: false, unavailable: true, message: 'down' }) };
    expect(await verify(body, jwt(body, 'kid-a', now), down, now)).toMatchObject({ ok: false, reason: 'unavailable' });
    // A forged token is never "stale": the time is looked at only once the signature holds.
    expect(await verify(body, jwt(body, 'kid-a', now - 3600, undefined, other.privateKey), keys, now)).toMatchObject({
      reason: 'bad-signature',
    });
    expect(await verify(body, jwt(body, 'kid-a', now - 3600), keys, now)).toMatchObject({ reason: 'stale' });
  });

  it('needs keys, not a secret', async () => {
    expect(
      await verifyWebhook('plaid', {
        rawBody: body,
        headers: { 'plaid-verification': jwt(body, 'kid-a', now) },
        secret: 'a-long-enough-secret-0001',
      }),
    ).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('the unsigned SDK-hosted providers', () => {
  it.each(['socure', 'incode', 'jumio'])('%s is unsigned-provider, with what to do instead', async (provider) => {
    const result = await verifyWebhook(provider, { rawBody: '{}', headers: {}, secret: 'a-long-enough-secret-0001' });
    expect(result).toMatchObject({ ok: false, reason: 'unsigned-provider' });
    expect((result as { message: string }).message).toMatch(/allowlist|source addresses/);
  });
});
