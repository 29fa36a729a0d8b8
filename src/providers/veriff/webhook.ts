import { eventOf, get, idOf, isoTimeOf, isRecord, referenceOf } from '../../server/webhooks/fields';
import { verifyBodyHmac } from '../../server/webhooks/hmac-body';
import type { Normalized, WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * Veriff (docs/providers/veriff.md, "Webhooks (server)"): `X-HMAC-SIGNATURE` (or the newer `vrf-hmac-signature`)
 * = hex HMAC-SHA256 of the raw body with the integration's shared secret key. No timestamp is signed and no event
 * id is sent: replays are stopped by the body's digest (the de-duplication key) and ordering by `decisionTime`.
 */
export const veriff: WebhookScheme = {
  verify: (request) => verifyBodyHmac(request, ['X-HMAC-SIGNATURE', 'vrf-hmac-signature'], 'SHA-256'),

  normalize(body): Normalized {
    const verification = get(body, 'verification');
    if (isRecord(verification)) {
      // The decision webhook: {status: "success", verification: {id, status, vendorData, …}}.
      const status = eventOf(get(verification, 'status'));
      return {
        event: status,
        occurredAtMs: isoTimeOf(get(verification, 'decisionTime')),
        sessionId: idOf(get(verification, 'id')),
        referenceId: referenceOf(get(verification, 'vendorData')),
        decision: DECISIONS[status] ?? null,
      };
    }
    // The event webhook: {id, attemptId, code, action: "started" | "submitted", vendorData, …}.
    return {
      event: eventOf(get(body, 'action')),
      sessionId: idOf(get(body, 'id')),
      referenceId: referenceOf(get(body, 'vendorData')),
      decision: null,
    };
  },
};

/** `resubmission_requested`, `expired`, `abandoned`: no decision (the person may try again, or never finished). */
const DECISIONS: Record<string, WebhookDecision> = {
  approved: 'approved',
  declined: 'declined',
  review: 'review',
};
