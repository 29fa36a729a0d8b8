import { didit } from './didit';
import { generic } from './generic';
import { idenfy } from './idenfy';
import { jumio } from './jumio';
import { persona } from './persona';
import { sumsub } from './sumsub';
import type { ProviderAdapter, ProviderId } from './types';
import { veriff } from './veriff';

/** Every adapter the widget speaks, by the `provider` attribute's value. */
export const PROVIDERS: Readonly<Record<ProviderId, ProviderAdapter>> = Object.freeze({
  generic,
  persona,
  sumsub,
  veriff,
  jumio,
  idenfy,
  didit,
});

export function providerFor(id: string): ProviderAdapter | undefined {
  return Object.prototype.hasOwnProperty.call(PROVIDERS, id) ? PROVIDERS[id as ProviderId] : undefined;
}
