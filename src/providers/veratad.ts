import { FACTS } from './facts';
import type { ProviderFrame } from './types';
import { requireUrl } from './url';

/**
 * Veratad VX (docs/providers/veratad.md): the `link` VX's generateLink API returns. Veratad's pages name
 * three front-end hosts (and an older one); all are built in (boot/frames.ts), as the docs do not say which is current.
 */
export const veratad: ProviderFrame<'veratad'> = {
  id: 'veratad',
  ...FACTS.veratad,
  frameUrl: ({ sessionUrl }) =>
    requireUrl(sessionUrl, "Veratad needs a session-url (the link from VX's generateLink API)"),
};
