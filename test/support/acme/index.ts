import type { ProviderPlugin } from '../../../src/providers/plugin';
import { acme } from './frame';

/** Acme as a bundle carries it: its frame with the element, its protocol fetched with the runtime. */
export default { frame: acme, protocol: () => import('./protocol') } satisfies ProviderPlugin;
