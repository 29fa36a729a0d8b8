import { at, eventOf, get, idOf, isoTimeOf, referenceOf } from '../../server/webhooks/fields';
import { verifyBodyHmac } from '../../server/webhooks/hmac-body';
import type { Normalized, WebhookDecision, WebhookScheme } from '../../server/webhooks/types';

/**
 * Onfido (docs/providers/onfido.md, "Webhooks (server)"): `X-SHA2-Signature` = hex HMAC-SHA256 of the raw body with
 * the webhook's token (https://documentation.onfido.com/api/manual-webhook-signature-verification; @onfido/api@6.2.0
 * dist/webhook-event-verifier.js). No timestamp is signed and no event id is sent: replays are stopped by the body's
 * digest (the de-duplication key). The resource's id with the action would not do: a run completed in `review` and
 * later approved by a person could send `workflow_run.completed` twice, and the second must not be a duplicate.
 * Body: `{payload: {resource_type, action, object: {id, status, completed_at_iso8601, href}, resource?}}`
 * (dist/api.d.ts `WebhookEventPayload`, `WebhookEventPayloadObject`, `WebhookEventPayloadResource`).
 */
export const onfido: WebhookScheme = {
  verify: (request) => verifyBodyHmac(request, ['X-SHA2-Signature'], 'SHA-256'),

  normalize(body): Normalized {
    const payload = get(body, 'payload');
    const action = eventOf(get(payload, 'action'));
    const object = get(payload, 'object');
    const resourceType = get(payload, 'resource_type');
    // A workflow run's events name the run itself; its tasks' events name the run they belong to.
    const runId =
      resourceType === 'workflow_run'
        ? idOf(get(object, 'id'))
        : resourceType === 'workflow_task'
          ? idOf(get(object, 'workflow_run_id'))
          : undefined;
    const status = get(object, 'status');
    return {
      event: action,
      occurredAtMs: isoTimeOf(get(object, 'completed_at_iso8601')) ?? isoTimeOf(get(object, 'started_at_iso8601')),
      sessionId: runId,
      referenceId: referenceOf(at(payload, 'resource', 'customer_user_id')),
      decision: action === 'workflow_run.completed' && typeof status === 'string' ? (DECISIONS[status] ?? null) : null,
    };
  },
};

/** A run's outcome (dist/api.d.ts `WorkflowRunStatus`); `abandoned` and `error` decide nothing about the person. */
const DECISIONS: Record<string, WebhookDecision> = {
  approved: 'approved',
  declined: 'declined',
  review: 'review',
};
