import type { ProviderPlugin } from '../plugin';
import { yoti } from './frame';

/** Yoti as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: yoti,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
