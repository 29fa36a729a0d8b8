import { FACTS } from './facts';
import type { ProviderFrame } from './types';
import { requireUrl } from './url';

/**
 * Jumio's web client in an iframe (docs/providers/jumio.md): the `web.href` link from Jumio's API,
 * complete as issued (locale and look are set when the backend creates it). Regional hosts differ in
 * their first label, hence the one-label wildcards (boot/frames.ts).
 */
export const jumio: ProviderFrame<'jumio'> = {
  id: 'jumio',
  ...FACTS.jumio,
  frameUrl: ({ sessionUrl }) =>
    requireUrl(sessionUrl, "Jumio needs a session-url (web.href from Jumio's account or transaction API)"),
};
