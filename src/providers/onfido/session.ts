import { ProviderCallFailed, SessionRefusal } from '../../server/errors';
import type { SessionClient, SessionContext } from '../../server/session-types';
import { isPlainObject } from '../../server/values';
import { compact, idOf } from '../../server/webhooks/fields';
import {
  requireSecret,
  requireString,
  sessionClient,
  stringField,
  type ClientOptions,
  type ProviderApi,
} from '../../server/providers/call';

/**
 * Onfido (Entrust) API v3.6, `https://api.{eu,us,ca}.onfido.com/v3.6`, every call with
 * `Authorization: Token token=<API token>` and JSON bodies (@onfido/api@6.2.0 dist/base.js `BASE_PATH`,
 * dist/configuration.js (region → host, `'Token token=' + apiToken`), dist/api.js `createWorkflowRun`,
 * `generateSdkToken`, `createApplicant`). Two ways to a token for the Web SDK:
 * - a workflow run (Onfido Studio), `POST /workflow_runs {applicant_id, workflow_id, customer_user_id}`, whose
 *   answer carries `sdk_token` ("Client token to use when loading this workflow run in the Onfido SDK",
 *   dist/api.d.ts `WorkflowRun`) and `id`, which the `workflow_run.*` webhooks name and the Web SDK is given with
 *   the token (`workflowRunId`, https://developers.onfido.com/guide/studio-web-sdk-integration/): the widget gets
 *   it in the answer's `options`;
 * - an SDK token, `POST /sdk_token {applicant_id, referrer}` → `{token}`, bound to the referrer pattern the page
 *   must match, valid 90 minutes (https://documentation.onfido.com/api/latest/#generate-sdk-token).
 * Both need an applicant: yours (its id), or one this client creates, `POST /applicants {first_name, last_name, …}`
 * (dist/api.d.ts `ApplicantBuilder`: the names are required). Onfido documents no idempotency key for these calls.
 */

export type OnfidoRegion = 'eu' | 'us' | 'ca';
const SDK_TOKEN_LIFETIME_MS = 90 * 60 * 1000;

/** An applicant to create: Onfido requires the names; anything else of `ApplicantBuilder` may be added. */
export interface OnfidoApplicant {
  first_name: string;
  last_name: string;
  [field: string]: unknown;
}

export interface OnfidoSessionOptions extends ClientOptions {
  apiToken: string;
  /** The region of your Onfido account (default `eu`): the API host `api.<region>.onfido.com`. */
  region?: OnfidoRegion;
  /** A Studio workflow: each session is a workflow run of it (recommended: its webhooks carry the decision). */
  workflowId?: string;
  /**
   * Without a workflow: the referrer pattern the SDK token is bound to, e.g. `https://app.example/*`. The page that
   * opens the widget must match it, and must send a Referer (no `Referrer-Policy: no-referrer`).
   */
  referrer?: string;
  /**
   * The person's Onfido applicant: its id (`string`), or the fields to create one with. Onfido needs the person's
   * names, which only your backend knows: this is where they come from.
   */
  applicant: (context: SessionContext) => Promise<string | OnfidoApplicant> | string | OnfidoApplicant;
  now?: () => number;
}

/**
 * The user id (`authorize`'s) is sent as the workflow run's `customer_user_id`; with an SDK token it is the
 * reference the session is bound to (no Onfido webhook of that flow names an applicant or a run).
 */
export function onfidoSessions(options: OnfidoSessionOptions): SessionClient {
  const apiToken = requireSecret(options.apiToken, 'apiToken', 'onfidoSessions');
  const region = options.region ?? 'eu';
  if (!['eu', 'us', 'ca'].includes(region)) throw new TypeError('onfidoSessions: region must be eu, us or ca');
  if (typeof options.applicant !== 'function') throw new TypeError('onfidoSessions: applicant is required');
  const workflowId = options.workflowId && requireString(options.workflowId, 'workflowId', 'onfidoSessions');
  const referrer = options.referrer && requireString(options.referrer, 'referrer', 'onfidoSessions');
  if (!workflowId && !referrer)
    throw new TypeError('onfidoSessions: give workflowId (a workflow run) or referrer (an SDK token bound to it)');
  const now = options.now ?? Date.now;
  const headers = { Authorization: `Token token=${apiToken}` };
  return sessionClient(options, {
    provider: 'onfido',
    api: `https://api.${region}.onfido.com`,
    needsUser: false,
    async create(context, api) {
      const applicantId = await applicantIdOf(context, api);
      const started = now();
      if (workflowId) {
        const run: Record<string, string> = { applicant_id: applicantId, workflow_id: workflowId };
        if (context.userId) run.customer_user_id = context.userId;
        const data = await api.post('workflow run', api.url('/v3.6/workflow_runs'), headers, JSON.stringify(run));
        const token = stringField(data, 'sdk_token');
        const runId = idOf(stringField(data, 'id'));
        if (!token || !runId) throw new ProviderCallFailed('onfido', 'workflow run: no id or sdk_token in the answer');
        // The run's id is what workflow_run.* webhooks name (payload.object.id): the session's binding. The Web SDK
        // needs it too, beside the token (`Onfido.init({token, workflowRunId})`): the widget gets it as the answer's
        // `options.workflowRunId`. Onfido gives the run's token no lifetime in the answer: no expiresAt (the
        // handler's reuse window applies).
        return compact({
          sessionToken: token,
          options: { workflowRunId: runId },
          sessionId: runId,
          referenceId: context.userId ?? undefined,
        });
      }
      const body = JSON.stringify({ applicant_id: applicantId, referrer });
      const data = await api.post('SDK token', api.url('/v3.6/sdk_token'), headers, body);
      const token = stringField(data, 'token');
      if (!token) throw new ProviderCallFailed('onfido', 'SDK token: no token in the answer');
      return compact({
        sessionToken: token,
        expiresAt: started + SDK_TOKEN_LIFETIME_MS,
        referenceId: context.userId ?? undefined,
      });
    },
  });

  async function applicantIdOf(context: SessionContext, api: ProviderApi): Promise<string> {
    const given: unknown = await options.applicant(context);
    if (typeof given === 'string') {
      const id = idOf(given);
      if (!id) throw new SessionRefusal(422, 'no-applicant', 'The identity verification could not be prepared.');
      return id;
    }
    if (!isPlainObject(given) || typeof given.first_name !== 'string' || typeof given.last_name !== 'string')
      throw new SessionRefusal(422, 'no-applicant', 'The identity verification could not be prepared.');
    const data = await api.post('applicant', api.url('/v3.6/applicants'), headers, JSON.stringify(given));
    const id = idOf(stringField(data, 'id'));
    if (!id) throw new ProviderCallFailed('onfido', 'applicant: no id in the answer');
    return id;
  }
}
