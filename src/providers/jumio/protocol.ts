import talk, { JUMIO_EVENT, jumioWorkflow } from './talk';
import type { ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  cameraUnavailable,
  codeOf,
  complete,
  field,
  num,
  providerError,
  safely,
  scrub,
  sessionExpired,
  str,
  upper,
  warning,
  withSession,
} from '../../protocols/wire';

/**
 * Jumio's frame sends a JSON string `{authorizationToken, …, eventType: 510, payload: {value, metainfo?}}`.
 * Only `payload` and the workflow/transaction id are read: the token and the customer reference are
 * never touched, except to make sure neither is published.
 */

/**
 * The legacy codes the current client (@jumio/websdk 0.3) sends: 9100 system, 9200 auth token, 9210 auth
 * session (transaction finished or expired), 9300 file upload, 9301 consent, 9400 usability, 9800 offline,
 * 9801 unhandled (a person's cancel among them), 9822 no camera, 9836 auth failed, 9900 credentials.
 * `metainfo.retriable` says whether the frame offers its own retry; `publicErrorCode` starts with the
 * error's domain letter (G: cancelled by the person, H: no camera, J: transaction already finished).
 */
const EXPIRED = new Set(['9200', '9210']);
const CAMERA = new Set(['9822']);
/** Authentication or credentials: this link cannot succeed any more. */
const FINAL = new Set(['9836', '9900']);

const jumioProtocol: ProviderProtocol = {
  createSession(port) {
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });
    let workflowId: string | undefined;

    return {
      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (!data || num(data.eventType) !== JUMIO_EVENT) return [];
          const id = jumioWorkflow(data);
          if (id) {
            if (workflowId === undefined) workflowId = id;
            else if (id !== workflowId) return [];
          }
          // A frame that put its token where an id or a code goes must not get it published.
          const signals = hear(message)
            ? [withSession('ready', workflowId)]
            : route(field(data, 'payload'), workflowId);
          return scrub(signals, data.authorizationToken);
        }),
    };
  },
};

function route(payload: Record<string, unknown>, workflowId: string | undefined): Signal[] {
  switch (upper(payload.value)) {
    case 'SUCCESS':
      // The client finished uploading; the decision comes later from Jumio's callback.
      return [withSession('submit', workflowId), complete('pending', workflowId)];
    case 'ERROR': {
      const metainfo = field(payload, 'metainfo');
      const code = codeOf(metainfo.code);
      const publicCode = str(metainfo.publicErrorCode, 20);
      // The person left (the "cancel" of Jumio's flow): domain G, CancelledByEndUser.
      if (publicCode?.startsWith('G') && metainfo.retriable !== true) return [{ type: 'cancel' }];
      // Jumio's own frame shows "Try again" (or "continue on another device"): the flow goes on there.
      if (metainfo.retriable === true) return [warningOf(code, publicCode)];
      return [errorOf(code)];
    }
    default:
      return [];
  }
}

function warningOf(code: string | undefined, publicCode: string | undefined): Signal {
  const reference = publicCode ?? code;
  if (code && CAMERA.has(code))
    return warning(
      'camera-unavailable',
      'Jumio could not use the camera; its flow offers to try again or continue on another device',
      reference,
    );
  if (code === '9800') return warning('offline', 'Jumio lost the connection; its flow retries', reference);
  return warning('provider-error', `Jumio reported a problem its flow can retry (${code ?? 'no code'})`, reference);
}

function errorOf(code: string | undefined): Signal {
  if (code && EXPIRED.has(code)) return sessionExpired(`The Jumio session expired (${code})`, code);
  if (code && CAMERA.has(code)) return cameraUnavailable(`Jumio could not use the camera (${code})`, code);
  if (code && FINAL.has(code)) return providerError(`Jumio ended the session (${code})`, code, false);
  return providerError(code ? `Jumio reported an error (${code})` : 'Jumio reported an error', code);
}

export default jumioProtocol;
