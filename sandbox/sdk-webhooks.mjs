/**
 * The sandbox's webhook builders for the SDK-hosted providers that sign their webhooks, merged into webhooks.mjs's
 * `buildWebhook`. Each plays the provider: its documented payload, signed the way the provider signs (sources in
 * docs/providers/<id>.md, "Webhooks (server)"). Independent of src/ on purpose.
 */
import { createHmac, createPrivateKey, randomUUID } from 'node:crypto';
import { signPlaidJwt } from './sdk-session-apis.mjs';

const hmacHex = (secret, text) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');

export const SDK_BUILDERS = {
  // @onfido/api@6.2.0 dist/api.d.ts (WebhookEventPayload, WorkflowRunStatus), dist/webhook-event-verifier.js;
  // https://documentation.onfido.com/api/manual-webhook-signature-verification
  onfido: ({ sessionId, referenceId, decision, iso }) => ({
    payload: {
      payload: {
        resource_type: 'workflow_run',
        action: 'workflow_run.completed',
        object: {
          id: sessionId,
          status: decision,
          completed_at_iso8601: iso.replace(/\.\d{3}Z$/, 'Z'),
          href: `https://api.eu.onfido.com/v3.6/workflow_runs/${sessionId}`,
        },
        resource: {
          id: sessionId,
          status: decision,
          ...(referenceId === undefined ? {} : { customer_user_id: referenceId }),
          reasons: decision === 'declined' ? ['document_report_rejected'] : [],
        },
      },
    },
  }),

  // stripe@23.1.0 esm/Webhooks.js (t=…,v1=…, HMAC of "<t>.<body>"), resources/Identity/VerificationSessions.d.ts.
  // Stripe Identity has no review state: a 'review' decision cannot be played.
  stripe: ({ sessionId, referenceId, decision, seconds }) => {
    if (decision === 'review') throw new TypeError('buildWebhook: Stripe Identity has no review decision');
    const verified = decision === 'approved';
    return {
      payload: {
        id: `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        object: 'event',
        api_version: '2026-01-28',
        created: seconds,
        livemode: false,
        type: verified ? 'identity.verification_session.verified' : 'identity.verification_session.requires_input',
        data: {
          object: {
            id: sessionId,
            object: 'identity.verification_session',
            client_reference_id: referenceId ?? null,
            created: seconds - 60,
            last_error: verified ? null : { code: 'document_expired', reason: 'The document is expired.' },
            livemode: false,
            status: verified ? 'verified' : 'requires_input',
            type: 'document',
          },
        },
      },
    };
  },

  // plaid@47.0.0 api.ts IdentityVerificationStatusUpdatedWebhook; https://plaid.com/docs/api/webhooks/webhook-verification/.
  // The secret is the signing key as JSON {kid, pem}; the decision is what /identity_verification/get will answer
  // (the sandbox's key and status endpoints, sdk-session-apis.mjs), not part of the webhook. Plaid's bodies are
  // JSON indented by two spaces (the body of its published example hashes that way).
  plaid: ({ sessionId }) => ({
    payload: {
      environment: 'sandbox',
      identity_verification_id: sessionId,
      webhook_code: 'STATUS_UPDATED',
      webhook_type: 'IDENTITY_VERIFICATION',
    },
    indent: 2,
  }),
};

/** Their signatures over a body: `(body, secret, unix seconds) → headers` (sources above). */
export const SDK_SIGNERS = {
  onfido: (body, secret) => ({ 'X-SHA2-Signature': hmacHex(secret, body) }),
  stripe: (body, secret, at) => ({ 'Stripe-Signature': `t=${at},v1=${hmacHex(secret, `${at}.${body}`)}` }),
  // The secret is the signing key as JSON {kid, pem} (plaidSecret below).
  plaid: (body, secret, at) => {
    const { kid, pem } = JSON.parse(secret);
    return { 'Plaid-Verification': signPlaidJwt(body, { kid, privateKey: createPrivateKey(pem) }, at) };
  },
};

/** The signing key of the sandbox's Plaid as buildWebhook's `secret` for 'plaid'. */
export function plaidSecret({ kid, privateKey }) {
  return JSON.stringify({ kid, pem: privateKey.export({ format: 'pem', type: 'pkcs8' }) });
}
