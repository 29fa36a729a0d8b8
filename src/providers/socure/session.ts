import { ProviderCallFailed, SessionRefusal } from '../../server/errors';
import type { SessionClient, SessionContext } from '../../server/session-types';
import { isPlainObject } from '../../server/values';
import { compact, get, idOf } from '../../server/webhooks/fields';
import {
  requireSecret,
  requireString,
  sessionClient,
  stringField,
  type ClientOptions,
} from '../../server/providers/call';

/**
 * Socure RiskOS: an evaluation of a workflow with a Document Request step, `POST https://riskos.socure.com/api/evaluation`
 * (sandbox `https://riskos.sandbox.socure.com`) with `Authorization: Bearer <API key>` and
 * `{id, timestamp, workflow, data: {individual: {given_name, family_name, phone_number, address: {country}, …}}}`
 * (https://help.socure.com/riskos/docs/document-verification-start-an-evaluation). When the workflow pauses for
 * documents the answer has `eval_status: "evaluation_paused"` (its `decision: "REVIEW"` is not a decision) and a
 * `data_enrichments` entry with `enrichment_provider: "SocureDocRequest"` whose `response.data.docvTransactionToken`
 * is what the DocV Web SDK takes (https://help.socure.com/riskos/docs/document-verification-handle-additional-verification).
 * The decision comes later, by webhook (`evaluation_completed`), which Socure does not sign.
 * Unsure: whether RiskOS refuses or de-duplicates a repeated `id` (no page says): each create sends a new one, so a
 * retry after a lost answer is a second evaluation. The token's lifetime is not documented: no `expiresAt`.
 */

export type SocureEnvironment = 'sandbox' | 'production';
const HOSTS: Record<SocureEnvironment, string> = {
  sandbox: 'https://riskos.sandbox.socure.com',
  production: 'https://riskos.socure.com',
};

export interface SocureSessionOptions extends ClientOptions {
  apiKey: string;
  environment: SocureEnvironment;
  /** The RiskOS workflow with a Document Request step (e.g. `docv`). */
  workflow: string;
  /**
   * The person's data for `data.individual`: RiskOS needs at least `given_name`, `family_name`, `phone_number` and
   * `address.country`, which only your backend knows.
   */
  individual: (context: SessionContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Pins RiskOS's API version (`X-API-Version`, optional). */
  apiVersion?: string;
  now?: () => number;
}

export function socureSessions(options: SocureSessionOptions): SessionClient {
  const apiKey = requireSecret(options.apiKey, 'apiKey', 'socureSessions');
  const workflow = requireString(options.workflow, 'workflow', 'socureSessions');
  if (options.environment !== 'sandbox' && options.environment !== 'production')
    throw new TypeError("socureSessions: environment must be 'sandbox' or 'production'");
  if (typeof options.individual !== 'function') throw new TypeError('socureSessions: individual is required');
  const now = options.now ?? Date.now;
  return sessionClient(options, {
    provider: 'socure',
    api: HOSTS[options.environment],
    needsUser: true,
    async create(context, api) {
      const individual: unknown = await options.individual(context);
      if (!isPlainObject(individual))
        throw new SessionRefusal(422, 'no-individual', 'The identity verification could not be prepared.');
      const id = crypto.randomUUID();
      const body = JSON.stringify({
        id,
        timestamp: new Date(now()).toISOString(),
        workflow,
        data: { individual },
      });
      const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
      if (options.apiVersion) headers['X-API-Version'] = options.apiVersion;
      const data = await api.post('evaluation', api.url('/api/evaluation'), headers, body);
      const request = Array.isArray(data.data_enrichments)
        ? (data.data_enrichments as unknown[]).find((entry) => get(entry, 'enrichment_provider') === 'SocureDocRequest')
        : undefined;
      const token = stringField(request, 'response', 'data', 'docvTransactionToken');
      // An evaluation that decided without documents has nothing for the widget to show; creating another would
      // only cost another evaluation, so the widget is told not to retry.
      if (!token) {
        if (stringField(data, 'eval_id'))
          throw new SessionRefusal(409, 'no-document-step', 'No document verification is needed for this person.');
        throw new ProviderCallFailed('socure', 'evaluation: no eval_id in the answer');
      }
      return compact({ sessionToken: token, sessionId: idOf(stringField(data, 'eval_id')), referenceId: id });
    },
  });
}
