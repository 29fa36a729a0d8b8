/**
 * Test-side signers: each provider's documented scheme written out with node:crypto, never with the module's own
 * code, so a verifier that computes the wrong thing cannot agree with itself.
 */
import { createHmac } from 'node:crypto';

export const hmacHex = (algorithm: string, secret: string, data: string | Uint8Array) =>
  createHmac(algorithm, secret).update(data).digest('hex');

export const SECRET = 'whsec_current_0123456789abcdef';
export const OLD_SECRET = 'whsec_previous_fedcba9876543210';
/** 2026-01-01T00:00:00Z */
export const NOW_MS = 1_767_225_600_000;
export const NOW_S = NOW_MS / 1000;

export type Signer = (body: string | Uint8Array, secret: string, seconds: number) => Record<string, string>;

const bytes = (body: string | Uint8Array) => (typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body));

export const SIGNERS: Record<'persona' | 'sumsub' | 'veriff' | 'didit' | 'idenfy' | 'generic', Signer> = {
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
  generic: (body, secret, t) => ({
    'Kyc-Signature': `t=${t},v1=${hmacHex('sha256', secret, Buffer.concat([Buffer.from(`${t}.`), bytes(body)]))}`,
  }),
};

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
      person: { firstName: 'Zoë' },
    },
  }),
  didit: JSON.stringify({
    session_id: '11111111-2222-3333-4444-555555555555',
    status: 'Approved',
    webhook_type: 'status.updated',
    created_at: 1627680000,
    timestamp: 1627680000,
    vendor_data: 'user-42',
    decision: { kyc: { first_name: 'José' } },
  }),
  idenfy: JSON.stringify({
    final: true,
    status: { overall: 'APPROVED', suspicionReasons: [], denyReasons: [] },
    scanRef: '3af0cfd4-a8d6-11ea-a2d9-0242ac130004',
    clientId: 'user-42',
    data: { docFirstName: 'JŪRATĖ' },
  }),
  generic: JSON.stringify({
    event: 'verification.decided',
    sessionId: 'ses_123',
    referenceId: 'user-42',
    decision: 'approved',
  }),
};

export const EXPECTED_SESSION: Record<keyof typeof SIGNERS, string> = {
  persona: 'inq_2CVZ4HyVg7qaboXz2PUHknAn',
  sumsub: '5cb56e8e0a975a35f333cb83',
  veriff: '12df6045-3846-3e45-946a-14fa6136d78b',
  didit: '11111111-2222-3333-4444-555555555555',
  idenfy: '3af0cfd4-a8d6-11ea-a2d9-0242ac130004',
  generic: 'ses_123',
};
