import type { ProviderPlugin } from '../plugin';
import { generic } from './frame';

/** The generic protocol as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: generic,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
