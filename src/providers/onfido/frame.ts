import { Problem } from '../../frame/problem';
import { stringOption } from '../options';
import { sdkLoader } from '../sdk-url';
import type { ProviderFrame } from '../types';

/**
 * Onfido (Entrust) Web SDK v14 (docs/providers/onfido.md): its runtime, pinned, from sdk.onfido.com, as the
 * `onfido-sdk-ui@14.80.0` loader imports it for `version: '14.80.0'` (Onfido.js: `import(sdkUrl ||
 * "https://sdk.onfido.com/v" + version + "/Onfido.js")`), mounted in the widget's own box. The session token is the
 * SDK token (a workflow run's `sdk_token`); the run's id, `options.workflowRunId`, is passed on when given: by the host,
 * or by the session endpoint's answer (kyc-widget/server's `onfidoSessions` sends it with the run's token).
 */
export const ONFIDO_SDK_URL = 'https://sdk.onfido.com/v14.80.0/Onfido.js';

export const onfido: ProviderFrame<'onfido'> = {
  id: 'onfido',
  origins: ['https://sdk.onfido.com'],
  allow: 'camera; microphone',
  sdk: { mount: 'inline', delivery: { kind: 'module', export: 'Onfido' } },
  answerOptions: ['workflowRunId'],
  frameUrl({ options, sessionToken }) {
    const run = stringOption(options, 'workflowRunId', /^[\w-]{1,64}$/, 'onfido-run');
    return run instanceof Problem ? run : sdkLoader('onfido', options, sessionToken, ONFIDO_SDK_URL);
  },
};
