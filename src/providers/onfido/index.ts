import type { ProviderPlugin } from '../plugin';
import { onfido } from './frame';

/** Onfido as a bundle carries it: its facts and the vendor's loader in the boot, its SDK adapter fetched when it runs. */
export default {
  frame: onfido,
  adapter: () => import('./sdk'),
  vendor: () => import('../vendor'),
} satisfies ProviderPlugin;
