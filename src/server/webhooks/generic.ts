import { eventOf, get, idOf, referenceOf } from './fields';
import { verifyTimestamped } from './timestamped';
import type { WebhookDecision, WebhookScheme } from './types';

/**
 * The generic protocol's webhook (docs/webhooks.md, "Generic"): your own verification service tells your backend
 * the decision. Same scheme as Persona's, under `Kyc-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`: a timestamp inside the signature stops replays, and several groups allow a rotation. Body:
 * `{event, sessionId?, referenceId?, decision?}` with decision `approved` | `declined` | `review`.
 */
export const generic: WebhookScheme = {
  verify: (request) => verifyTimestamped(request, 'Kyc-Signature'),

  normalize(body) {
    const decision = get(body, 'decision');
    return {
      event: eventOf(get(body, 'event')),
      sessionId: idOf(get(body, 'sessionId')),
      referenceId: referenceOf(get(body, 'referenceId')),
      decision: DECISIONS.includes(decision as WebhookDecision) ? (decision as WebhookDecision) : null,
    };
  },
};

const DECISIONS: readonly WebhookDecision[] = ['approved', 'declined', 'review'];
