import { ProviderCallFailed } from '../../server/errors';
import type { SessionClient } from '../../server/session-types';
import { isSessionUrl } from '../../server/values';
import { compact, idOf } from '../../server/webhooks/fields';
import {
  requireSecret,
  requireString,
  sessionClient,
  sessionReference,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Didit: `POST https://verification.didit.me/v3/session/` with the API key in `x-api-key` and
 * `{workflow_id, vendor_data?, callback?}`; the 201 answer's `url` is the session URL and its `session_id` the id
 * Didit's webhooks carry
 * (https://docs.didit.me/sessions-api/create-session, https://docs.didit.me/integration/api-full-flow).
 * Didit takes no idempotency key; its own de-duplication is by `vendor_data`: an unfinished session of the same
 * `vendor_data` on the workflow's latest version is answered again instead of a new one (create-session page).
 */

export const DIDIT_API = 'https://verification.didit.me';

export interface DiditSessionOptions extends ClientOptions {
  apiKey: string;
  /** The workflow (from Didit's console). */
  workflowId: string;
  /** Where Didit sends the person after the flow. */
  callback?: string;
}

/**
 * Each session's `vendor_data` is a fresh random reference (`sessionReference`), never the user id, so that no one
 * else's session can carry it; Didit's own de-duplication by `vendor_data` therefore never applies (the session
 * endpoint's reuse does that). The session is bound by `session_id`.
 */
export function diditSessions(options: DiditSessionOptions): SessionClient {
  const apiKey = requireSecret(options.apiKey, 'apiKey', 'diditSessions');
  const workflowId = requireString(options.workflowId, 'workflowId', 'diditSessions');
  return sessionClient(options, {
    provider: 'didit',
    api: DIDIT_API,
    needsUser: false,
    async create(context, api) {
      const body: Record<string, string> = { workflow_id: workflowId };
      body.vendor_data = await sessionReference(apiKey);
      if (options.callback) body.callback = options.callback;
      const data = await api.post('session', api.url('/v3/session/'), { 'x-api-key': apiKey }, JSON.stringify(body));
      const url = stringField(data, 'url');
      if (!url || !isSessionUrl(url)) throw new ProviderCallFailed('didit', 'session: no url in the answer');
      // session_id is what Didit's webhooks name: the session's binding.
      return compact({
        sessionUrl: url,
        sessionId: idOf(stringField(data, 'session_id')),
        referenceId: body.vendor_data,
      });
    },
  });
}
