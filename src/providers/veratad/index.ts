import type { ProviderPlugin } from '../plugin';
import { veratad } from './frame';

/** Veratad as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: veratad,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
