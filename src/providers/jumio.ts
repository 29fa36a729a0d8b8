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
};
