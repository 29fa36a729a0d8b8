import type { ProviderPlugin } from '../plugin';
import { persona } from './frame';

/** Persona as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: persona,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
