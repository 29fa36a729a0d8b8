import { eventOf, get, idOf, isRecord, referenceOf, unixTimeOf } from '../../server/webhooks/fields';
import { fresh, verifyBodyHmac } from '../../server/webhooks/hmac-body';
import type { Normalized, WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * Didit (docs/providers/didit.md, "Webhooks (server)"): `X-Signature` = hex HMAC-SHA256 of the raw body with the
 * Webhook Secret Key. Freshness comes from the body's `timestamp` (unix seconds), which the signature covers; the
 * `X-Timestamp` header is not signed, so it is never read: a captured delivery with a rewritten `X-Timestamp`
 * is as old as its body says. `X-Signature-V2` (an HMAC of the JSON re-serialized by Didit's rules) and
 * `X-Signature-Simple` (of a few fields only) exist for receivers that lost the raw bytes; this verifier has them,
 * so it checks the stronger `X-Signature` only.
 */
export const didit: WebhookScheme = {
  async verify(request) {
    const signed = await verifyBodyHmac(request, ['X-Signature'], 'SHA-256');
    if (!signed.ok) return signed;
    const seconds = signedSeconds(request.body);
    // Not a JSON object: verify() refuses it as malformed, the more useful reason.
    if (seconds === 'not-json') return { ok: true };
    if (seconds === undefined) {
      return { ok: false, reason: 'stale', message: 'the signed body carries no timestamp to check its age by' };
    }
    if (!fresh(request, seconds)) {
      return { ok: false, reason: 'stale', message: "the body's timestamp is outside the tolerance" };
    }
    return { ok: true, signedAtSeconds: seconds };
  },

  normalize(body): Normalized {
    const status = get(body, 'status');
    // Older payloads carry no webhook_type: a status is then a status update.
    const event = eventOf(get(body, 'webhook_type')) || (typeof status === 'string' ? 'status.updated' : '');
    return {
      event,
      sessionId: idOf(get(body, 'session_id')),
      referenceId: referenceOf(get(body, 'vendor_data')),
      // created_at: when Didit created the event; timestamp: when this delivery was signed (a retry's is later).
      occurredAtMs: unixTimeOf(get(body, 'created_at')) ?? unixTimeOf(get(body, 'timestamp')),
      // data.updated and the user/business/transaction events repeat a status but decide nothing new.
      decision:
        event === 'status.updated' && typeof status === 'string'
          ? (DECISIONS[status.trim().toLowerCase()] ?? null)
          : null,
    };
  },
};

/** The body's `timestamp` (unix seconds), read from the signed bytes; undefined when absent. */
function signedSeconds(body: Uint8Array): number | undefined | 'not-json' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return 'not-json';
  }
  if (!isRecord(parsed)) return 'not-json';
  const ms = unixTimeOf(get(parsed, 'timestamp'));
  return ms === undefined ? undefined : ms / 1000;
}

/** Not Started, In Progress, Abandoned, Expired, Resubmitted…: no decision. */
const DECISIONS: Record<string, WebhookDecision> = {
  approved: 'approved',
  declined: 'declined',
  'in review': 'review',
};
