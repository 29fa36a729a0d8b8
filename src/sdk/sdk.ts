import type { SdkProviderId } from '../providers/index';
import { jumioAdapter } from './jumio';
import { onfidoAdapter } from './onfido';
import { plaidAdapter } from './plaid';
import { stripeAdapter } from './stripe';
import type { SdkAdapter } from './types';

/**
 * The SDK adapters by provider id: this folder's one chunk, fetched by the runtime (runtime/sdk-attempt.ts) only
 * when a provider delivered as the vendor's script runs. The vendor's own code is never here: the runtime loads it
 * from the vendor's CDN.
 */
export const ADAPTERS: Readonly<Record<SdkProviderId, SdkAdapter>> = {
  onfido: onfidoAdapter,
  stripe: stripeAdapter,
  plaid: plaidAdapter,
  jumio: jumioAdapter,
};
