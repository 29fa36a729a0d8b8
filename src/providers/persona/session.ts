import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { compact } from '../../server/webhooks/fields';
import {
  endpoint,
  requireSecret,
  requireString,
  sessionClient,
  sessionReference,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Persona: an inquiry created on the server, `POST /api/v1/inquiries` with `Authorization: Bearer <API key>`
 * and `{data: {attributes: {inquiry-template-id, reference-id}}}`
 * (https://docs.withpersona.com/api-reference/inquiries/create-an-inquiry); with
 * `meta.auto-create-inquiry-session: true` the answer carries `meta.session-token`
 * (https://docs.withpersona.com/api-reference/versioning/changelog/2026/1/18). The widget gets the flow URL
 * `https://inquiry.withpersona.com/widget?inquiry-id=inq_…` and the session token, so the person resumes the
 * inquiry the server made (https://docs.withpersona.com/resuming-inquiries) rather than the browser making one.
 * Every POST takes an `Idempotency-Key` (https://docs.withpersona.com/idempotence): the handler's key for the
 * widget's attempt is sent as it, so a retry after a lost answer finds the inquiry already made.
 */

export const PERSONA_API = 'https://api.withpersona.com';
export const PERSONA_FLOW_HOST = 'https://inquiry.withpersona.com';

export interface PersonaSessionOptions extends ClientOptions {
  apiKey: string;
  /** The inquiry template, `itmpl_…`. */
  templateId: string;
  /** Persona's environment id (`env_…`), added to the flow URL when your templates need it. */
  environmentId?: string;
  /** Where the flow is served (default https://inquiry.withpersona.com; a path prefix is kept). */
  flowHost?: string;
}

/**
 * Each inquiry's `reference-id` is a reference of its own (`sessionReference`, derived from the attempt's
 * idempotency key), never the user id: a template that allows client-side inquiries lets anyone choose a
 * reference-id. Persona therefore does not group one user's inquiries into one account by it. The session is bound
 * by the inquiry id.
 */
export function personaSessions(options: PersonaSessionOptions): SessionClient {
  const apiKey = requireSecret(options.apiKey, 'apiKey', 'personaSessions');
  const templateId = requireString(options.templateId, 'templateId', 'personaSessions');
  return sessionClient(options, {
    provider: 'persona',
    api: PERSONA_API,
    needsUser: false,
    async create(context, api) {
      const attributes: Record<string, string> = { 'inquiry-template-id': templateId };
      attributes['reference-id'] = await sessionReference(apiKey, context.idempotencyKey ?? undefined);
      const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
      if (context.idempotencyKey) headers['Idempotency-Key'] = context.idempotencyKey;
      const body = JSON.stringify({ data: { attributes }, meta: { 'auto-create-inquiry-session': true } });
      const data = await api.post('inquiry', api.url('/api/v1/inquiries'), headers, body);
      const inquiryId = stringField(data, 'data', 'id');
      const sessionToken = stringField(data, 'meta', 'session-token');
      if (!inquiryId || !/^inq_[A-Za-z0-9]{1,100}$/.test(inquiryId))
        throw new ProviderCallFailed('persona', 'inquiry: no inquiry id in the answer');
      const url = endpoint(options.flowHost ?? PERSONA_FLOW_HOST, '/widget');
      url.searchParams.set('inquiry-id', inquiryId);
      if (options.environmentId) url.searchParams.set('environment-id', options.environmentId);
      // The inquiry id is what Persona's webhooks name (data.attributes.payload.data.id): the session's binding.
      return compact({
        sessionUrl: url.href,
        sessionToken,
        sessionId: inquiryId,
        referenceId: attributes['reference-id'],
      });
    },
  });
}
