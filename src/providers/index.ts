import { generic } from './generic';
import { PROVIDER_IDS, type ProviderAdapter, type ProviderId } from './types';

/**
 * Every adapter the widget speaks, by the `provider` attribute's value. The generic adapter is in the
 * first chunk; the six providers' adapters are one chunk (lazy.ts, ~7 KB gzip), fetched when a widget
 * first asks for one of them (the IIFE build inlines it). A page on the generic protocol never loads it.
 */
const loaded = new Map<ProviderId, ProviderAdapter>([['generic', generic]]);
let pending: Promise<void> | undefined;

export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** The adapter, if it is already here. */
export function providerFor(id: string): ProviderAdapter | undefined {
  return isProviderId(id) ? loaded.get(id) : undefined;
}

/** Fetches the adapters' chunk once; a failed fetch may be tried again. */
export function loadProvider(id: ProviderId): Promise<ProviderAdapter> {
  pending ??= import('./lazy').then(
    (adapters) => {
      for (const adapter of Object.values(adapters)) loaded.set(adapter.id, adapter);
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending.then(() => loaded.get(id)!);
}
