import type { ProviderPlugin } from '../plugin';
import { caf } from './frame';

/** CAF as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: caf,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
