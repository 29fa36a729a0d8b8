import { at, eventOf, get, idOf, isRecord, referenceOf, unixTimeOf } from '../../server/webhooks/fields';
import { verifyTimestamped } from '../../server/webhooks/timestamped';
import type { Normalized, WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * Stripe (docs/providers/stripe.md, "Webhooks (server)"): `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`, the
 * hex HMAC-SHA256 of `"<t>.<raw body>"` keyed with the endpoint's whole secret string (`whsec_…`); any `v1` may
 * match (several during a rotation) and other schemes (`v0`) are ignored (stripe@23.1.0 esm/Webhooks.js:
 * `parseHeader`, `makeHMACContent`, `validateComputedSignature`; https://docs.stripe.com/webhooks#verify-manually).
 * Stripe's library refuses only a `t` older than the tolerance (300 s by default); this verifier also refuses one
 * that far in the future. The event: `{id: "evt_…", type, created, data: {object: <verification session>}}`.
 */
export const stripe: WebhookScheme = {
  verify: (request) => verifyTimestamped(request, 'Stripe-Signature'),

  normalize(body): Normalized {
    const type = eventOf(get(body, 'type'));
    const object = at(body, 'data', 'object');
    const session = get(object, 'object') === 'identity.verification_session' ? object : undefined;
    const eventId = idOf(get(body, 'id'));
    return {
      event: type,
      eventId: eventId?.startsWith('evt_') ? eventId : undefined,
      occurredAtMs: unixTimeOf(get(body, 'created')),
      sessionId: idOf(get(session, 'id')),
      referenceId: referenceOf(get(session, 'client_reference_id')),
      decision: session ? decisionOf(type, get(session, 'last_error')) : null,
    };
  },
};

/**
 * `verified` is the person verified. `requires_input` after a submission means a check failed (its `last_error`
 * says which); the person may try again in the same session, and a later `verified` (a later event) replaces it.
 * `canceled` (the session was invalidated, by you or by Stripe), `processing`, `created` and `redacted` decide
 * nothing about the person.
 */
function decisionOf(type: string, lastError: unknown): WebhookDecision {
  if (type === 'identity.verification_session.verified') return 'approved';
  if (type === 'identity.verification_session.requires_input' && isRecord(lastError)) return 'declined';
  return null;
}
