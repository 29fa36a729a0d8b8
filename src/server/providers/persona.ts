import { ProviderCallFailed } from '../errors';
import type { CreateSession } from '../session-handler';
import {
  callProvider,
  endpoint,
  forProvider,
  requireString,
  stringField,
  userIdFor,
  type ClientOptions,
  type UserIdOf,
} from './call';

/**
 * Persona: an inquiry created on the server, `POST /api/v1/inquiries` with `Authorization: Bearer <API key>`
 * and `{data: {attributes: {inquiry-template-id, reference-id}}}`
 * (https://docs.withpersona.com/api-reference/inquiries/create-an-inquiry); with
 * `meta.auto-create-inquiry-session: true` the answer carries `meta.session-token`
 * (https://docs.withpersona.com/api-reference/versioning/changelog/2026/1/18). The widget gets the flow URL
 * `https://inquiry.withpersona.com/widget?inquiry-id=inq_…` and the session token, so the person resumes the
 * inquiry the server made (https://docs.withpersona.com/resuming-inquiries) rather than the browser making one.
 */

export const PERSONA_API = 'https://api.withpersona.com';
export const PERSONA_FLOW_HOST = 'https://inquiry.withpersona.com';

export interface PersonaSessionOptions extends ClientOptions {
  apiKey: string;
  /** The inquiry template, `itmpl_…`. */
  templateId: string;
  /** Your user's id, sent as `reference-id` (Persona groups inquiries with the same reference into one account). */
  userId?: UserIdOf;
  /** Persona's environment id (`env_…`), added to the flow URL when your templates need it. */
  environmentId?: string;
  /** Where the flow is served (default https://inquiry.withpersona.com; a path prefix is kept). */
  flowHost?: string;
}

export function personaSessions(options: PersonaSessionOptions): CreateSession {
  const apiKey = requireString(options.apiKey, 'apiKey', 'personaSessions');
  const templateId = requireString(options.templateId, 'templateId', 'personaSessions');
  return forProvider('persona', async (context) => {
    const referenceId = await userIdFor(options.userId, context, false);
    const attributes: Record<string, string> = { 'inquiry-template-id': templateId };
    if (referenceId) attributes['reference-id'] = referenceId;
    const data = await callProvider({
      provider: 'persona',
      what: 'inquiry',
      url: endpoint(options.baseUrl ?? PERSONA_API, '/api/v1/inquiries'),
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: JSON.stringify({ data: { attributes }, meta: { 'auto-create-inquiry-session': true } }),
      options,
      signal: context.signal,
    });
    const inquiryId = stringField(data, 'data', 'id');
    const sessionToken = stringField(data, 'meta', 'session-token');
    if (!inquiryId || !/^inq_[A-Za-z0-9]{1,100}$/.test(inquiryId))
      throw new ProviderCallFailed('persona', 'inquiry: no inquiry id in the answer');
    const url = endpoint(options.flowHost ?? PERSONA_FLOW_HOST, '/widget');
    url.searchParams.set('inquiry-id', inquiryId);
    if (options.environmentId) url.searchParams.set('environment-id', options.environmentId);
    return sessionToken ? { sessionUrl: url.href, sessionToken } : { sessionUrl: url.href };
  });
}
