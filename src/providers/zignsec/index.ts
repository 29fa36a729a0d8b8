import type { ProviderPlugin } from '../plugin';
import { zignsec } from './frame';

/** ZignSec as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: zignsec,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
