import { anyMatches, concat, fromBase64, utf8 } from '../../server/webhooks/crypto';
import { at, eventOf, get, idOf, isoTimeOf, referenceOf } from '../../server/webhooks/fields';
import { single } from '../../server/webhooks/headers';
import { fresh, unixSeconds } from '../../server/webhooks/hmac-body';
import type { SignedRequest, Verdict, WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * The generic protocol's webhook follows Standard Webhooks (https://www.standardwebhooks.com, the specification at
 * github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md): `webhook-id`, `webhook-timestamp`
 * (unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, several
 * space-separated during a rotation; the key is the base64 after the `whsec_` prefix of the secret. The id is
 * signed, so it is the event's de-duplication key; the timestamp must be within the tolerance.
 * Body: the specification's payload structure, `{type, timestamp, data: {sessionId, referenceId, decision}}`.
 */
export const generic: WebhookScheme = {
  verify: verifyStandard,

  checkSecret(secret) {
    const key = keyOf(secret);
    if (!key) return 'a generic secret is whsec_ followed by base64 (Standard Webhooks)';
    return key.length < 16 ? 'a generic secret must hold at least 16 bytes of key' : undefined;
  },

  normalize(body) {
    const data = get(body, 'data');
    const decision = get(data, 'decision');
    return {
      event: eventOf(get(body, 'type')),
      sessionId: idOf(get(data, 'sessionId')),
      referenceId: referenceOf(get(data, 'referenceId')),
      occurredAtMs: isoTimeOf(at(body, 'timestamp')),
      decision: DECISIONS.includes(decision as WebhookDecision) ? (decision as WebhookDecision) : null,
    };
  },
};

const DECISIONS: readonly WebhookDecision[] = ['approved', 'declined', 'review'];

/** The HMAC key of a `whsec_<base64>` secret (the prefix is optional, as in the specification's libraries). */
function keyOf(secret: string): Uint8Array | undefined {
  return fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
}

/** Printable ASCII without spaces: the id is a storage key and goes into logs. */
const MESSAGE_ID = /^[\x21-\x7e]{1,256}$/;
const MAX_SIGNATURES = 8;

async function verifyStandard(request: SignedRequest): Promise<Verdict> {
  const idValues = request.header('webhook-id');
  const stampValues = request.header('webhook-timestamp');
  const signatureValues = request.header('webhook-signature');
  if (idValues.length === 0 || stampValues.length === 0 || signatureValues.length === 0) {
    return {
      ok: false,
      reason: 'missing-signature',
      message: 'webhook-id, webhook-timestamp and webhook-signature are required',
    };
  }
  const id = single(idValues);
  const seconds = unixSeconds(single(stampValues));
  if (id === undefined || !MESSAGE_ID.test(id) || seconds === undefined) {
    return { ok: false, reason: 'bad-signature', message: 'webhook-id or webhook-timestamp is unreadable' };
  }
  const signatures = signatureValues
    .join(' ')
    .split(/\s+/)
    .filter((entry) => entry.startsWith('v1,'))
    .slice(0, MAX_SIGNATURES)
    .map((entry) => fromBase64(entry.slice(3)))
    .filter((mac): mac is Uint8Array => mac?.length === 32);
  const keys = request.secrets.map(keyOf).filter((key): key is Uint8Array => key !== undefined);
  const message = concat(utf8(`${id}.${seconds}.`), request.body);
  if (!(await anyMatches('SHA-256', keys, message, signatures))) {
    return { ok: false, reason: 'bad-signature', message: 'webhook-signature matches none of the secrets' };
  }
  if (!fresh(request, seconds)) {
    return { ok: false, reason: 'stale', message: 'webhook-timestamp is outside the tolerance' };
  }
  return { ok: true, eventId: id, signedAtSeconds: seconds };
}
