import type { ProviderPlugin } from '../plugin';
import { plaid } from './frame';

/** Plaid as a bundle carries it: its facts and the vendor's loader in the boot, its SDK adapter fetched when it runs. */
export default {
  frame: plaid,
  adapter: () => import('./sdk'),
  vendor: () => import('../vendor'),
} satisfies ProviderPlugin;
