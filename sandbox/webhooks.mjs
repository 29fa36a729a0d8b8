/**
 * The sandbox's webhook sender: it plays each provider's servers, for the demo loop and the tests. It builds
 * a decision webhook in the provider's documented format and signs it the way the provider documents (the sources
 * are in docs/providers/<id>.md, "Webhooks (server)"). Independent of src/ on purpose: it plays the provider, so it
 * must not share the verifier's code. Plain Node ESM, no dependencies.
 *
 *   const { body, headers } = buildWebhook('persona', { sessionId: 'inq_123', referenceId: 'user-1',
 *     decision: 'approved', secret: 'wbhsec_…' });
 *   const status = await sendWebhook('http://127.0.0.1:8080/api/kyc-webhook', 'persona', { …same options });
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SDK_BUILDERS, SDK_SIGNERS } from './sdk-webhooks.mjs';

/**
 * The providers that sign their webhooks with a shared secret and have all three decisions (and so can be played
 * here in every test), and the generic protocol. Stripe (no review decision) and Plaid (a key pair, no status in its
 * webhooks) are played too, by `buildWebhook`, but stand outside this list.
 */
export const SIGNED_PROVIDERS = ['persona', 'sumsub', 'veriff', 'didit', 'idenfy', 'generic', 'onfido'];

/** @type {readonly ('approved' | 'declined' | 'review')[]} */
export const DECISIONS = ['approved', 'declined', 'review'];

const hmacHex = (algorithm, secret, text) => createHmac(algorithm, secret).update(text, 'utf8').digest('hex');

/**
 * @param {string} provider one of SIGNED_PROVIDERS
 * @param {{sessionId: string, referenceId?: string, decision: 'approved' | 'declined' | 'review', secret: string,
 *   now?: number}} options `now` in milliseconds (default Date.now())
 * @returns {{body: string, headers: Record<string, string>}}
 */
export function buildWebhook(provider, { sessionId, referenceId, decision, secret, now = Date.now() } = {}) {
  const build = BUILDERS[provider];
  if (!build) throw new TypeError(`buildWebhook: no sender for provider ${String(provider)}`);
  if (!DECISIONS.includes(decision)) throw new TypeError(`buildWebhook: decision must be one of ${DECISIONS}`);
  if (typeof sessionId !== 'string' || !sessionId) throw new TypeError('buildWebhook: sessionId is required');
  if (typeof secret !== 'string' || !secret) throw new TypeError('buildWebhook: secret is required');
  const seconds = Math.floor(now / 1000);
  const { payload, indent } = build({
    sessionId,
    referenceId,
    decision,
    seconds,
    iso: new Date(now).toISOString(),
  });
  const body = JSON.stringify(payload, null, indent);
  return { body, headers: { 'Content-Type': 'application/json', ...SIGNERS[provider](body, secret, seconds) } };
}

/**
 * The headers `provider` sends with `payload`, signed the way that provider signs: for a test of your own webhook
 * route with a body of your choosing (as Stripe's `generateTestHeaderString`). `payload`: the exact body (a string,
 * sent as it is) or an object (serialized with JSON.stringify; send `body`, not the object, since the signature
 * covers these bytes). `timestamp`: unix seconds (default now), for the schemes that sign one.
 * @param {string} provider
 * @param {{ payload: string | object, secret: string, timestamp?: number }} options
 * @returns {{ body: string, headers: Record<string, string> }}
 */
export function webhookHeaders(provider, { payload, secret, timestamp = Math.floor(Date.now() / 1000) } = {}) {
  const sign = Object.hasOwn(SIGNERS, provider) ? SIGNERS[provider] : undefined;
  if (!sign) throw new TypeError(`webhookHeaders: no signing scheme for provider ${String(provider)}`);
  if (typeof secret !== 'string' || !secret) throw new TypeError('webhookHeaders: secret is required');
  if (!Number.isSafeInteger(timestamp)) throw new TypeError('webhookHeaders: timestamp must be unix seconds');
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  if (body === undefined) throw new TypeError('webhookHeaders: payload must be a string or a JSON value');
  return { body, headers: { 'Content-Type': 'application/json', ...sign(body, secret, timestamp) } };
}

/**
 * POSTs a built webhook. Resolves to the response's status, or 0 when there was none (refused connection, bad
 * options, no answer within 5 s). Never rejects.
 */
export async function sendWebhook(url, provider, options) {
  try {
    const { body, headers } = buildWebhook(provider, options);
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  } catch {
    return 0;
  }
}

/** Persona's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
const timestamped = (header) => (body, secret, seconds) => ({
  [header]: `t=${seconds},v1=${hmacHex('sha256', secret, `${seconds}.${body}`)}`,
});

/**
 * Standard Webhooks (https://www.standardwebhooks.com, spec/standard-webhooks.md): `webhook-id`, `webhook-timestamp`
 * and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the base64 after `whsec_`.
 */
const standardWebhooks = (body, secret, seconds) => {
  const id = `msg_${randomUUID().replaceAll('-', '')}`;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${seconds}.${body}`, 'utf8').digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': `v1,${signature}` };
};

const BUILDERS = {
  // https://docs.withpersona.com/docs/webhooks (event shape), …/webhooks-best-practices (signature)
  persona: ({ sessionId, referenceId, decision, iso }) => {
    const [name, status] = {
      approved: ['inquiry.approved', 'approved'],
      declined: ['inquiry.declined', 'declined'],
      review: ['inquiry.marked-for-review', 'needs_review'],
    }[decision];
    return {
      payload: {
        data: {
          type: 'event',
          id: `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
          attributes: {
            name,
            payload: {
              data: {
                type: 'inquiry',
                id: sessionId,
                attributes: { status, 'reference-id': referenceId ?? null, 'created-at': iso, 'completed-at': iso },
              },
            },
            'created-at': iso,
          },
        },
      },
    };
  },

  // https://docs.sumsub.com/docs/user-verification-webhooks (payloads), …/webhook-manager (secret key, SHA256)
  sumsub: ({ sessionId, referenceId, decision, seconds }) => {
    const reviewed = {
      approved: { type: 'applicantReviewed', reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } },
      declined: {
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] },
      },
      review: { type: 'applicantOnHold', reviewStatus: 'onHold' },
    }[decision];
    return {
      payload: {
        applicantId: sessionId,
        inspectionId: randomUUID().replaceAll('-', '').slice(0, 24),
        correlationId: randomUUID(),
        externalUserId: referenceId,
        levelName: 'basic-kyc-level',
        ...reviewed,
        sandboxMode: true,
        createdAtMs: new Date(seconds * 1000).toISOString().replace('T', ' ').replace('Z', ''),
      },
    };
  },

  // https://devdocs.veriff.com/docs/decision-webhook , …/hmac-authentication-and-endpoint-security
  veriff: ({ sessionId, referenceId, decision, iso }) => ({
    payload: {
      status: 'success',
      verification: {
        id: sessionId,
        attemptId: randomUUID(),
        code: { approved: 9001, declined: 9102, review: 9121 }[decision],
        status: decision,
        reason: decision === 'declined' ? 'Physical document not used' : null,
        reasonCode: decision === 'declined' ? 102 : null,
        vendorData: referenceId ?? null,
        endUserId: null,
        decisionTime: iso,
        acceptanceTime: iso,
        person: { firstName: 'Zoë', lastName: 'Müller' },
      },
      technicalData: { ip: null },
    },
  }),

  // https://docs.didit.me/integration/webhooks
  didit: ({ sessionId, referenceId, decision, seconds }) => {
    const status = { approved: 'Approved', declined: 'Declined', review: 'In Review' }[decision];
    return {
      payload: {
        session_id: sessionId,
        status,
        webhook_type: 'status.updated',
        created_at: seconds,
        timestamp: seconds,
        ...(referenceId === undefined ? {} : { vendor_data: referenceId }),
        decision: { session_id: sessionId, status, vendor_data: referenceId ?? null, kyc: { first_name: 'José' } },
      },
    };
  },

  // https://documentation.idenfy.com/kyc/webhooks (events, final), …/security/callback-signing
  idenfy: ({ sessionId, referenceId, decision, seconds }) => ({
    payload: {
      final: decision !== 'review',
      platform: 'PC',
      status: {
        overall: { approved: 'APPROVED', declined: 'DENIED', review: 'REVIEWING' }[decision],
        suspicionReasons: [],
        denyReasons: decision === 'declined' ? ['DOC_NOT_FOUND'] : [],
        fraudTags: [],
        mismatchTags: [],
      },
      data: { docFirstName: 'JŪRATĖ' },
      fileUrls: {},
      scanRef: sessionId,
      clientId: referenceId ?? null,
      startTime: seconds - 120,
      finishTime: seconds,
    },
  }),

  // The generic protocol's webhook (docs/webhooks.md, "Generic"): Standard Webhooks, with its payload structure.
  generic: ({ sessionId, referenceId, decision, iso }) => ({
    payload: { type: 'verification.decided', timestamp: iso, data: { sessionId, referenceId, decision } },
  }),

  ...SDK_BUILDERS,
};

/**
 * Each provider's signature over a body: `(body, secret, unix seconds) → headers`. Sources: the builders' comments
 * above, and docs/webhooks.md.
 */
const SIGNERS = {
  persona: timestamped('Persona-Signature'),
  sumsub: (body, secret) => ({
    'X-Payload-Digest': hmacHex('sha256', secret, body),
    'X-Payload-Digest-Alg': 'HMAC_SHA256_HEX',
  }),
  veriff: (body, secret) => ({
    'X-AUTH-CLIENT': 'sandbox-api-key',
    'X-HMAC-SIGNATURE': hmacHex('sha256', secret, body),
  }),
  // The body's timestamp is what Didit's signature covers; X-Timestamp repeats it, unsigned.
  didit: (body, secret, at) => ({ 'X-Signature': hmacHex('sha256', secret, body), 'X-Timestamp': String(at) }),
  idenfy: (body, secret) => ({ 'Idenfy-Signature': hmacHex('sha256', secret, body) }),
  generic: standardWebhooks,
  ...SDK_SIGNERS,
};
