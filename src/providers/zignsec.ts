import { FACTS } from './facts';
import type { ProviderFrame } from './types';
import { requireUrl } from './url';

/** ZignSec Scanning (docs/providers/zignsec.md): the `redirect_url` of a scanning session, test or production. */
export const zignsec: ProviderFrame<'zignsec'> = {
  id: 'zignsec',
  ...FACTS.zignsec,
  frameUrl: ({ sessionUrl }) =>
    requireUrl(sessionUrl, "ZignSec needs a session-url (the redirect_url of ZignSec's scanning session)"),
};
