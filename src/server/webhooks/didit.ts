import { eventOf, get, idOf, referenceOf } from './fields';
import { fresh, unixSeconds, verifyBodyHmac } from './hmac-body';
import type { Normalized, WebhookDecision, WebhookScheme } from './types';

/**
 * Didit (docs/providers/didit.md, "Webhooks (server)"): `X-Signature` = hex HMAC-SHA256 of the raw body with the
 * Webhook Secret Key, and `X-Timestamp` (unix seconds) within the tolerance. `X-Signature-V2` (an HMAC of the
 * JSON re-serialized by Didit's rules) and `X-Signature-Simple` (of three fields only) exist for receivers that
 * lost the raw bytes; this verifier has them, so it checks the stronger `X-Signature` only.
 */
export const didit: WebhookScheme = {
  async verify(request) {
    const signed = await verifyBodyHmac(request, ['X-Signature'], 'SHA-256');
    if (!signed.ok) return signed;
    const stamps = request.header('X-Timestamp');
    if (stamps.length === 0) return { ok: false, reason: 'missing-signature', message: 'no X-Timestamp header' };
    const seconds = stamps.length === 1 ? unixSeconds(stamps[0]) : undefined;
    if (seconds === undefined) return { ok: false, reason: 'stale', message: 'X-Timestamp is not a unix time' };
    if (!fresh(request, seconds)) {
      return { ok: false, reason: 'stale', message: 'X-Timestamp is outside the tolerance' };
    }
    return { ok: true };
  },

  normalize(body): Normalized {
    const status = get(body, 'status');
    // Older payloads carry no webhook_type: a status is then a status update.
    const event = eventOf(get(body, 'webhook_type')) || (typeof status === 'string' ? 'status.updated' : '');
    return {
      event,
      sessionId: idOf(get(body, 'session_id')),
      referenceId: referenceOf(get(body, 'vendor_data')),
      // data.updated and the user/business/transaction events repeat a status but decide nothing new.
      decision:
        event === 'status.updated' && typeof status === 'string'
          ? (DECISIONS[status.trim().toLowerCase()] ?? null)
          : null,
    };
  },
};

/** Not Started, In Progress, Abandoned, Expired, Resubmitted…: no decision. */
const DECISIONS: Record<string, WebhookDecision> = {
  approved: 'approved',
  declined: 'declined',
  'in review': 'review',
};
