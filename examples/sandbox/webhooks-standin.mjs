/**
 * STAND-IN, to be deleted at merge: the sandbox's webhook sender until `examples/sandbox/webhooks.mjs` (the
 * webhooks branch) lands. Same names and signatures: `buildWebhook(provider, { sessionId, referenceId, decision,
 * secret, now }) → { body, headers }` and `async sendWebhook(url, provider, options) → status` (never throws; 0
 * when the request failed). Payloads are the smallest ones that carry a decision; the signatures follow each
 * provider's documented scheme (docs/providers/<id>.md). At merge, session-apis.mjs imports './webhooks.mjs'.
 */
import { createHmac } from 'node:crypto';

const hmacHex = (secret, text) => createHmac('sha256', secret).update(text).digest('hex');

const PERSONA_EVENTS = {
  approved: 'inquiry.approved',
  declined: 'inquiry.declined',
  review: 'inquiry.marked-for-review',
};
const PERSONA_STATUS = { approved: 'approved', declined: 'declined', review: 'needs_review' };
const VERIFF_STATUS = {
  approved: ['approved', 9001],
  declined: ['declined', 9102],
  review: ['resubmission_requested', 9103],
};
const DIDIT_STATUS = { approved: 'Approved', declined: 'Declined', review: 'In Review' };
const IDENFY_STATUS = { approved: 'APPROVED', declined: 'DENIED', review: 'REVIEWING' };

const PAYLOADS = {
  persona: ({ sessionId, referenceId, decision, now }) => ({
    data: {
      type: 'event',
      id: `evt_sbx${now}`,
      attributes: {
        name: PERSONA_EVENTS[decision],
        'created-at': new Date(now).toISOString(),
        payload: {
          data: {
            type: 'inquiry',
            id: sessionId,
            attributes: { status: PERSONA_STATUS[decision], 'reference-id': referenceId },
          },
        },
      },
    },
  }),
  sumsub: ({ sessionId, referenceId, decision, now }) => ({
    applicantId: sessionId,
    externalUserId: referenceId,
    type: decision === 'review' ? 'applicantOnHold' : 'applicantReviewed',
    reviewStatus: decision === 'review' ? 'onHold' : 'completed',
    ...(decision === 'review' ? {} : { reviewResult: { reviewAnswer: decision === 'approved' ? 'GREEN' : 'RED' } }),
    createdAtMs: new Date(now).toISOString(),
  }),
  veriff: ({ sessionId, referenceId, decision, now }) => ({
    status: 'success',
    verification: {
      id: sessionId,
      status: VERIFF_STATUS[decision][0],
      code: VERIFF_STATUS[decision][1],
      vendorData: referenceId,
      decisionTime: new Date(now).toISOString(),
    },
  }),
  didit: ({ sessionId, referenceId, decision, now }) => ({
    session_id: sessionId,
    status: DIDIT_STATUS[decision],
    webhook_type: 'status.updated',
    vendor_data: referenceId,
    created_at: Math.floor(now / 1000),
    timestamp: Math.floor(now / 1000),
  }),
  idenfy: ({ sessionId, referenceId, decision }) => ({
    final: true,
    scanRef: sessionId,
    clientId: referenceId,
    status: { overall: IDENFY_STATUS[decision] },
  }),
};

const SIGNERS = {
  persona: (body, secret, now) => {
    const t = Math.floor(now / 1000);
    return { 'Persona-Signature': `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}` };
  },
  sumsub: (body, secret) => ({ 'X-Payload-Digest': hmacHex(secret, body), 'X-Payload-Digest-Alg': 'HMAC_SHA256_HEX' }),
  veriff: (body, secret) => ({ 'X-HMAC-SIGNATURE': hmacHex(secret, body) }),
  didit: (body, secret, now) => ({
    'X-Signature': hmacHex(secret, body),
    'X-Timestamp': String(Math.floor(now / 1000)),
  }),
  idenfy: (body, secret) => ({ 'Idenfy-Signature': hmacHex(secret, body) }),
};

/** @returns {{ body: string, headers: Record<string, string> }} */
export function buildWebhook(provider, { sessionId, referenceId, decision, secret, now = Date.now() }) {
  const body = JSON.stringify(PAYLOADS[provider]({ sessionId, referenceId, decision, now }));
  return { body, headers: { 'Content-Type': 'application/json', ...SIGNERS[provider](body, secret, now) } };
}

export async function sendWebhook(url, provider, options) {
  try {
    const { body, headers } = buildWebhook(provider, options);
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
