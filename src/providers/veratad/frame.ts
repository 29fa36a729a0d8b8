import type { ProviderFrame } from '../types';
import { sessionUrlOnly } from '../url';

/**
 * Veratad VX (docs/providers/veratad.md): the `link` VX's generateLink API returns. Veratad's pages name three
 * front-end hosts (and an older one); all are built in, as the docs do not say which is current.
 */
export const veratad: ProviderFrame<'veratad'> = {
  id: 'veratad',
  origins: [
    'https://vx-fe.dcams.app',
    'https://fe.dcams.app',
    'https://frontend.dcams.app',
    'https://vx-fe.idresponse.com',
  ],
  // Veratad's docs: allow="camera" allowfullscreen, as one `allow` list.
  allow: 'camera; fullscreen',
  frameUrl: sessionUrlOnly('veratad'),
};
