import type { ProviderFrame } from '../types';
import { sessionUrlOnly } from '../url';

/** ZignSec Scanning (docs/providers/zignsec.md): the `redirect_url` of a scanning session, test or production. */
export const zignsec: ProviderFrame<'zignsec'> = {
  id: 'zignsec',
  origins: [
    'https://gateway.zignsec.com',
    'https://test-gateway.zignsec.com',
    'https://api.zignsec.com',
    'https://test.zignsec.com',
  ],
  // ZignSec documents no allow list: the document and selfie captures need the camera.
  allow: 'camera',
  frameUrl: sessionUrlOnly('zignsec'),
};
