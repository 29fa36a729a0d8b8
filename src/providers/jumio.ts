import { num } from '../frame/decode';
import type { ProviderAdapter, Signal } from './types';
import {
  asRecord,
  cameraUnavailable,
  codeOf,
  complete,
  field,
  idOf,
  providerError,
  safely,
  scrub,
  sessionExpired,
  upper,
  withSession,
} from './wire';

/**
 * Jumio's web client in an iframe (docs/providers/jumio.md). The frame sends a JSON string
 * `{authorizationToken, …, eventType: 510, payload: {value, metainfo?: {code}}}`. Only `payload` and
 * the workflow/transaction id are read: the token and the customer reference are never touched.
 */

const EVENT_TYPE = 510;
const EXPIRED = new Set(['9200', '9210']);
const CAMERA = new Set(['9820', '9821', '9822']);
/** No acceptable submission in 3 attempts; authentication failure: this link cannot succeed any more. */
const FINAL = new Set(['9835', '9836']);

export const jumio: ProviderAdapter = {
  id: 'jumio',
  origins: [
    'https://*.web.amer-1.jumio.ai',
    'https://*.web.emea-1.jumio.ai',
    'https://*.web.apac-1.jumio.ai',
    'https://*.netverify.com',
  ],
  allow: 'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
  allowFullscreen: true,

  frameUrl({ sessionUrl }) {
    if (!sessionUrl) return { ok: false, message: 'Jumio needs a session-url (web.href from Jumio\'s account or transaction API)' };
    // The link is complete as issued: locale and look are set when the backend creates it (web.locale).
    return { ok: true, url: new URL(sessionUrl.href) };
  },

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
