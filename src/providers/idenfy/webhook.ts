import { at, eventOf, get, idOf, referenceOf, unixTimeOf, upper } from '../../server/webhooks/fields';
import { verifyBodyHmac } from '../../server/webhooks/hmac-body';
import type { Normalized, WebhookScheme } from '../../server/webhooks/types';

/**
 * iDenfy (docs/providers/idenfy.md, "Webhooks (server)"): `Idenfy-Signature` = hex HMAC-SHA256 of the raw body
 * with the signing key set per webhook in the dashboard. No timestamp is signed and no event id is sent: replays
 * are stopped by the body's digest (the de-duplication key) and ordering by `finishTime` (unix seconds).
 */
export const idenfy: WebhookScheme = {
  verify: (request) => verifyBodyHmac(request, ['Idenfy-Signature'], 'SHA-256'),

  normalize(body): Normalized {
    const overall = upper(at(body, 'status', 'overall'));
    return {
      event: eventOf(overall),
      occurredAtMs: unixTimeOf(get(body, 'finishTime')),
      sessionId: idOf(get(body, 'scanRef')),
      referenceId: referenceOf(get(body, 'clientId')),
      decision: decisionOf(overall, get(body, 'final')),
    };
  },
};

/**
 * `final: false` is an automatic result that a manual review will replace: `review`, whatever it says.
 * SUSPECTED (fraud suspected) is left to a person at your end: `review`.
 */
function decisionOf(overall: string | undefined, final: unknown): Normalized['decision'] {
  if (overall === 'APPROVED' || overall === 'DENIED' || overall === 'SUSPECTED') {
    if (final === false) return 'review';
    if (overall === 'APPROVED') return 'approved';
    return overall === 'DENIED' ? 'declined' : 'review';
  }
  return overall === 'REVIEWING' ? 'review' : null;
}
