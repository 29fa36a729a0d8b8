import type { ProviderProtocol, Signal } from '../types';
import {
  asRecord,
  cameraUnavailable,
  codeOf,
  complete,
  field,
  idOf,
  num,
  providerError,
  safely,
  scrub,
  sessionExpired,
  upper,
  withSession,
} from '../wire';

/**
 * Jumio's frame sends a JSON string `{authorizationToken, …, eventType: 510, payload: {value, metainfo?}}`.
 * Only `payload` and the workflow/transaction id are read: the token and the customer reference are
 * never touched, except to make sure neither is published.
 */

const EVENT_TYPE = 510;
const EXPIRED = new Set(['9200', '9210']);
const CAMERA = new Set(['9820', '9821', '9822']);
/** No acceptable submission in 3 attempts; authentication failure: this link cannot succeed any more. */
const FINAL = new Set(['9835', '9836']);

export const jumioProtocol: ProviderProtocol = {
  createSession() {
    let workflowId: string | undefined;

    return {
      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (!data || num(data.eventType) !== EVENT_TYPE) return [];
          const id = idOf(data.workflowExecutionId) ?? idOf(data.transactionReference);
          if (id) {
            if (workflowId === undefined) workflowId = id;
            else if (id !== workflowId) return [];
          }
          // A frame that put its token where an id or a code goes must not get it published.
          return scrub(route(field(data, 'payload'), workflowId), data.authorizationToken);
        }),
    };
  },
};

function route(payload: Record<string, unknown>, workflowId: string | undefined): Signal[] {
  switch (upper(payload.value)) {
    case 'LOADED':
      return [withSession('ready', workflowId)];
    case 'SUCCESS':
      // The client finished uploading; the decision comes later from Jumio's callback.
      return [withSession('submit', workflowId), complete('pending', workflowId)];
    case 'ERROR':
      return [errorOf(codeOf(field(payload, 'metainfo').code))];
    default:
      return [];
  }
}

function errorOf(code: string | undefined): Signal {
  if (code && EXPIRED.has(code)) return sessionExpired(`The Jumio session expired (${code})`, code);
  if (code && CAMERA.has(code)) return cameraUnavailable(`Jumio could not use the camera (${code})`, code);
  if (code && FINAL.has(code)) return providerError(`Jumio ended the session (${code})`, code, false);
  return providerError(code ? `Jumio reported an error (${code})` : 'Jumio reported an error', code);
}
