import type { ProviderPlugin } from '../plugin';
import { veriff } from './frame';

/** Veriff as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: veriff,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
