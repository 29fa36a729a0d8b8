import type { ProviderFrame } from '../types';
import { sessionUrlOnly } from '../url';

/**
 * The project's own protocol (docs/protocol.md). No home origin: the session URL's origin, plus `allowed-origins`,
 * is trusted.
 */
export const generic: ProviderFrame<'generic'> = {
  id: 'generic',
  origins: [],
  allow: 'camera; microphone; fullscreen; clipboard-write',
  frameUrl: sessionUrlOnly('generic'),
};
