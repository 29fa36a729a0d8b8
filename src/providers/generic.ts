import { FACTS } from './facts';
import type { ProviderFrame } from './types';
import { requireUrl } from './url';

/**
 * The project's own protocol (docs/protocol.md). No home origin: the session URL's origin, plus
 * `allowed-origins`, is trusted.
 */
export const generic: ProviderFrame<'generic'> = {
  id: 'generic',
  ...FACTS.generic,
  frameUrl: ({ sessionUrl }) => requireUrl(sessionUrl, 'session-url is required for the generic provider'),
};
