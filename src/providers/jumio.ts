import { asRecord, idOf, num, obj, upper } from '../frame/decode';
import { leaker } from '../frame/secrets';
import type { ProviderFrame } from './types';
import { sessionUrlOnly } from './url';

/**
 * Jumio's web client in an iframe (docs/providers/jumio.md): the `web.href` link from Jumio's API, complete as
 * issued (locale and look are set when the backend creates it). Regional hosts differ in their first label, hence
 * the one-label wildcards.
 */
export const jumio: ProviderFrame<'jumio'> = {
  id: 'jumio',
  origins: [
    'https://*.web.amer-1.jumio.ai',
    'https://*.web.emea-1.jumio.ai',
    'https://*.web.apac-1.jumio.ai',
    'https://*.netverify.com',
  ],
  allow: 'camera;autoplay;fullscreen;clipboard-read;clipboard-write;accelerometer;gyroscope;magnetometer',
  frameUrl: sessionUrlOnly('jumio'),
  // `LOADED` (eventType 510), naming its workflow unless the id carries the message's own token.
  ready(message) {
    const data = asRecord(message);
    if (!data || num(data.eventType) !== JUMIO_EVENT || upper(obj(data.payload)?.value) !== 'LOADED') return undefined;
    const id = jumioWorkflow(data);
    return { sessionId: leaker([data.authorizationToken])(id) ? undefined : id };
  },
};

/** The eventType of every message of Jumio's web client. */
export const JUMIO_EVENT = 510;

/** The workflow (or legacy transaction) a Jumio message names. */
export const jumioWorkflow = (data: Record<string, unknown>): string | undefined =>
  idOf(data.workflowExecutionId) ?? idOf(data.transactionReference);
