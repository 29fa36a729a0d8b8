import type { ProviderPlugin } from '../plugin';
import { didit } from './frame';

/** Didit as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: didit,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
