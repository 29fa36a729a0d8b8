import type { ProviderPlugin } from '../../../src/providers/plugin';
import { acme } from './frame';

/** Acme as a bundle carries it: its frame with the element, its talk with the bridge, its protocol with the runtime. */
export default {
  frame: acme,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
