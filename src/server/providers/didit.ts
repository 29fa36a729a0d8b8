import { ProviderCallFailed } from '../errors';
import { isSessionUrl, type CreateSession } from '../session-handler';
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
 * Didit: `POST https://verification.didit.me/v3/session/` with the API key in `x-api-key` and
 * `{workflow_id, vendor_data?, callback?}`; the 201 answer's `url` is the session URL
 * (https://docs.didit.me/sessions-api/create-session, https://docs.didit.me/integration/api-full-flow).
 */

export const DIDIT_API = 'https://verification.didit.me';

export interface DiditSessionOptions extends ClientOptions {
  apiKey: string;
  /** The workflow (from Didit's console). */
  workflowId: string;
  /** Your user's id, sent as `vendor_data`. */
  userId?: UserIdOf;
  /** Where Didit sends the person after the flow. */
  callback?: string;
}

export function diditSessions(options: DiditSessionOptions): CreateSession {
  const apiKey = requireString(options.apiKey, 'apiKey', 'diditSessions');
  const workflowId = requireString(options.workflowId, 'workflowId', 'diditSessions');
  return forProvider('didit', async (context) => {
    const vendorData = await userIdFor(options.userId, context, false);
    const body: Record<string, string> = { workflow_id: workflowId };
    if (vendorData) body.vendor_data = vendorData;
    if (options.callback) body.callback = options.callback;
    const data = await callProvider({
      provider: 'didit',
      what: 'session',
      url: endpoint(options.baseUrl ?? DIDIT_API, '/v3/session/'),
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(body),
      options,
      signal: context.signal,
    });
    const url = stringField(data, 'url');
    if (!url || !isSessionUrl(url)) throw new ProviderCallFailed('didit', 'session: no url in the answer');
    return { sessionUrl: url };
  });
}
