import type { ProviderPlugin } from '../plugin';
import { idenfy } from './frame';

/** iDenfy as a bundle carries it: its frame in the boot, its protocol fetched with the runtime. */
export default {
  frame: idenfy,
  talk: () => import('./talk'),
  protocol: () => import('./protocol'),
} satisfies ProviderPlugin;
