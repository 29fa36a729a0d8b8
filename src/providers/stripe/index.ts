import type { ProviderPlugin } from '../plugin';
import { stripe } from './frame';

/** Stripe as a bundle carries it: its facts and the vendor's loader in the boot, its SDK adapter fetched when it runs. */
export default {
  frame: stripe,
  adapter: () => import('./sdk'),
  vendor: () => import('../vendor'),
} satisfies ProviderPlugin;
