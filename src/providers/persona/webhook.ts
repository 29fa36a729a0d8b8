import { at, eventOf, get, idOf, isoTimeOf, referenceOf } from '../../server/webhooks/fields';
import { verifyTimestamped } from '../../server/webhooks/timestamped';
import type { WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * Persona (docs/providers/persona.md, "Webhooks (server)"): `Persona-Signature: t=…,v1=…`, HMAC-SHA256 of
 * `"<t>.<raw body>"`; a JSON:API event `{data: {type: "event", attributes: {name, payload: {data: <inquiry>}}}}`.
 */
export const persona: WebhookScheme = {
  verify: (request) => verifyTimestamped(request, 'Persona-Signature'),

  normalize(body) {
    const attributes = at(body, 'data', 'attributes');
    const event = eventOf(get(attributes, 'name'));
    const subject = at(attributes, 'payload', 'data');
    // Only an inquiry's id is the widget's sessionId; other objects (accounts, verifications…) are not.
    const inquiry = get(subject, 'type') === 'inquiry' || event.startsWith('inquiry.') ? subject : undefined;
    return {
      event,
      // The event's own id (evt_…) and time: Persona re-sends the same event, and not always in order.
      eventId: idOf(at(body, 'data', 'id')),
      occurredAtMs: isoTimeOf(get(attributes, 'created-at')),
      sessionId: idOf(get(inquiry, 'id')),
      referenceId: referenceOf(at(inquiry, 'attributes', 'reference-id')),
      decision: event.startsWith('inquiry.') ? (DECISIONS[event] ?? null) : null,
    };
  },
};

const DECISIONS: Record<string, WebhookDecision> = {
  'inquiry.approved': 'approved',
  'inquiry.declined': 'declined',
  'inquiry.failed': 'declined',
  'inquiry.marked-for-review': 'review',
};
