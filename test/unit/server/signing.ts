/**
 * Test-side signers: each provider's documented scheme written out with node:crypto, never with the module's own
 * code, so a verifier that computes the wrong thing cannot agree with itself.
 */
import { createHmac } from 'node:crypto';

export const hmacHex = (algorithm: string, secret: string, data: string | Uint8Array) =>
  createHmac(algorithm, secret).update(data).digest('hex');

/** `whsec_` + base64: a Standard Webhooks secret for the generic protocol, and a plain string secret for the rest. */
const whsec = (text: string) => `whsec_${Buffer.from(text).toString('base64')}`;
export const SECRET = whsec('current-secret-0123456789ab');
export const OLD_SECRET = whsec('previous-secret-fedcba98765');
/** Well-formed secrets that are not the sender's. */
export const WRONG_SECRET = whsec('wrong-secret-000000000000x');
export const OTHER_SECRETS = [whsec('another-secret-a-11111111'), whsec('another-secret-b-22222222')];

/** The HMAC key of a `whsec_<base64>` secret, as the Standard Webhooks specification says. */
const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
export const GENERIC_ID = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
/** 2026-01-01T00:00:00Z */
export const NOW_MS = 1_767_225_600_000;
export const NOW_S = NOW_MS / 1000;

export type Signer = (body: string | Uint8Array, secret: string, seconds: number) => Record<string, string>;

const bytes = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));

export const SIGNERS: Record<'persona' | 'sumsub' | 'veriff' | 'didit' | 'idenfy' | 'generic' | 'onfido', Signer> = {
  // https://documentation.onfido.com/api/manual-webhook-signature-verification
  onfido: (body, secret) => ({ 'X-SHA2-Signature': hmacHex('sha256', secret, bytes(body)) }),
  persona: (body, secret, t) => ({
    'Persona-Signature': `t=${t},v1=${hmacHex('sha256', secret, Buffer.concat([Buffer.from(`${t}.`), bytes(body)]))}`,
  }),
  sumsub: (body, secret) => ({
    'X-Payload-Digest': hmacHex('sha256', secret, bytes(body)),
    'X-Payload-Digest-Alg': 'HMAC_SHA256_HEX',
  }),
  veriff: (body, secret) => ({
    'X-AUTH-CLIENT': 'api-key',
    'X-HMAC-SIGNATURE': hmacHex('sha256', secret, bytes(body)),
  }),
  didit: (body, secret, t) => ({ 'X-Signature': hmacHex('sha256', secret, bytes(body)), 'X-Timestamp': String(t) }),
  idenfy: (body, secret) => ({ 'Idenfy-Signature': hmacHex('sha256', secret, bytes(body)) }),
  // Standard Webhooks (spec/standard-webhooks.md): v1,<base64 HMAC-SHA256 of "id.timestamp.body"> under the key.
  generic: (body, secret, t) => ({
    'webhook-id': GENERIC_ID,
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${createHmac('sha256', keyOf(secret))
      .update(Buffer.concat([Buffer.from(`${GENERIC_ID}.${t}.`), bytes(body)]))
      .digest('base64')}`,
  }),
};

/**
 * A body and its headers signed at `t`. Didit's time is the body's `timestamp` (what its signature covers), so its
 * body changes with `t`; the others sign `t` in a header. `headerT` rewrites Didit's unsigned X-Timestamp.
 */
export function signedAt(provider: keyof typeof SIGNERS, t: number, secret = SECRET, headerT = t) {
  const body = provider === 'didit' ? BODIES.didit.replace(/"timestamp":\d+/, `"timestamp":${t}`) : BODIES[provider];
  const headers = SIGNERS[provider](body, secret, t);
  if (provider === 'didit') headers['X-Timestamp'] = String(headerT);
  return { body, headers };
}

/** Providers whose signature carries a time that must be fresh. */
export const TIMESTAMPED = new Set(['persona', 'didit', 'generic']);

/** One authentic decision body per provider, as each provider's documentation shows it. */
export const BODIES: Record<keyof typeof SIGNERS, string> = {
  persona: JSON.stringify({
    data: {
      type: 'event',
      id: 'evt_XGuYWp7WuDzNxie5z16s7sGJ',
      attributes: {
        name: 'inquiry.approved',
        payload: {
          data: {
            type: 'inquiry',
            id: 'inq_2CVZ4HyVg7qaboXz2PUHknAn',
            attributes: { status: 'approved', 'reference-id': 'user-42', 'created-at': '2019-09-09T22:40:56.000Z' },
          },
        },
        'created-at': '2019-09-09T22:44:51.000Z',
      },
    },
  }),
  sumsub: JSON.stringify({
    applicantId: '5cb56e8e0a975a35f333cb83',
    inspectionId: '5cb56e8e0a975a35f333cb84',
    correlationId: 'req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4',
    externalUserId: 'user-42',
    levelName: 'basic-kyc-level',
    type: 'applicantReviewed',
    reviewResult: { reviewAnswer: 'GREEN' },
    reviewStatus: 'completed',
    createdAtMs: '2020-02-21 13:23:19.321',
  }),
  veriff: JSON.stringify({
    status: 'success',
    verification: {
      id: '12df6045-3846-3e45-946a-14fa6136d78b',
      code: 9001,
      status: 'approved',
      vendorData: 'user-42',
      decisionTime: '2019-11-06T07:18:36.916Z',
      acceptanceTime: '2019-11-06T07:15:27.000Z',
      person: { firstName: 'Zoë' },
    },
  }),
  didit: JSON.stringify({
    session_id: '11111111-2222-3333-4444-555555555555',
    status: 'Approved',
    webhook_type: 'status.updated',
    created_at: NOW_S - 2,
    timestamp: NOW_S,
    vendor_data: 'user-42',
    decision: { kyc: { first_name: 'José' } },
  }),
  idenfy: JSON.stringify({
    final: true,
    status: { overall: 'APPROVED', suspicionReasons: [], denyReasons: [] },
    scanRef: '3af0cfd4-a8d6-11ea-a2d9-0242ac130004',
    clientId: 'user-42',
    data: { docFirstName: 'JŪRATĖ' },
    startTime: 1591096180,
    finishTime: 1591096226,
  }),
  // The shape of @onfido/api@6.2.0's WebhookEventPayload, with a run's completion (dist/api.d.ts).
  onfido: JSON.stringify({
    payload: {
      resource_type: 'workflow_run',
      action: 'workflow_run.completed',
      object: {
        id: 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19',
        status: 'approved',
        completed_at_iso8601: '2024-07-10T12:52:41Z',
        href: 'https://api.eu.onfido.com/v3.6/workflow_runs/bc77c6e5-753a-4580-96a6-aaed3e5a8d19',
      },
      resource: { id: 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19', customer_user_id: 'user-42', reasons: [] },
    },
  }),
  generic: JSON.stringify({
    type: 'verification.decided',
    timestamp: '2025-12-31T23:59:58.000Z',
    data: { sessionId: 'ses_123', referenceId: 'user-42', decision: 'approved' },
  }),
};

export const EXPECTED_SESSION: Record<keyof typeof SIGNERS, string> = {
  persona: 'inq_2CVZ4HyVg7qaboXz2PUHknAn',
  sumsub: '5cb56e8e0a975a35f333cb83',
  veriff: '12df6045-3846-3e45-946a-14fa6136d78b',
  didit: '11111111-2222-3333-4444-555555555555',
  idenfy: '3af0cfd4-a8d6-11ea-a2d9-0242ac130004',
  generic: 'ses_123',
  onfido: 'bc77c6e5-753a-4580-96a6-aaed3e5a8d19',
};

/** The event id and time each body carries; `digest` where the provider sends no id (the body's SHA-256). */
export const EXPECTED_EVENT: Record<keyof typeof SIGNERS, { eventId: string | 'digest'; occurredAt: string }> = {
  persona: { eventId: 'evt_XGuYWp7WuDzNxie5z16s7sGJ', occurredAt: '2019-09-09T22:44:51.000Z' },
  sumsub: {
    eventId: 'applicantReviewed:req-a260b669-4f14-4bb5-a4c5-ac0218acb9a4',
    occurredAt: '2020-02-21T13:23:19.321Z',
  },
  veriff: { eventId: 'digest', occurredAt: '2019-11-06T07:18:36.916Z' },
  didit: { eventId: 'digest', occurredAt: new Date((NOW_S - 2) * 1000).toISOString() },
  idenfy: { eventId: 'digest', occurredAt: '2020-06-02T11:10:26.000Z' },
  onfido: { eventId: 'digest', occurredAt: '2024-07-10T12:52:41.000Z' },
  generic: { eventId: GENERIC_ID, occurredAt: '2025-12-31T23:59:58.000Z' },
};
