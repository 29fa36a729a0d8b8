import type { ProviderPlugin } from '../plugin';
import { sumsub } from './frame';

/** Sumsub as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: sumsub,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
