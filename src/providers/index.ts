import { generic } from './generic';
import { PROVIDER_IDS, type ProviderAdapter, type ProviderId } from './types';

/**
 * Every adapter the widget speaks, by the `provider` attribute's value. The generic adapter is in the
 * first chunk; the six providers' adapters are one chunk (lazy.ts, ~7 KB gzip), fetched when a widget
 * first asks for one of them (the IIFE build inlines it). A page on the generic protocol never loads it.
 */
const LOADERS: Record<Exclude<ProviderId, 'generic'>, () => Promise<ProviderAdapter>> = {
  persona: () => import('./lazy').then((m) => m.persona),
  sumsub: () => import('./lazy').then((m) => m.sumsub),
  veriff: () => import('./lazy').then((m) => m.veriff),
  jumio: () => import('./lazy').then((m) => m.jumio),
  idenfy: () => import('./lazy').then((m) => m.idenfy),
  didit: () => import('./lazy').then((m) => m.didit),
};

const loaded = new Map<ProviderId, ProviderAdapter>([['generic', generic]]);
const pending = new Map<ProviderId, Promise<ProviderAdapter>>();

export function isProviderId(id: string): id is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(id);
}

/** The adapter, if it is already here. */
export function providerFor(id: string): ProviderAdapter | undefined {
  return isProviderId(id) ? loaded.get(id) : undefined;
}

/** Fetches an adapter's chunk once; a failed fetch may be tried again. */
export function loadProvider(id: ProviderId): Promise<ProviderAdapter> {
  const ready = loaded.get(id);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(id);
  if (!promise) {
    promise = LOADERS[id as Exclude<ProviderId, 'generic'>]().then(
      (adapter) => {
        loaded.set(id, adapter);
        pending.delete(id);
        return adapter;
      },
      (error: unknown) => {
        pending.delete(id);
        throw error;
      },
    );
    pending.set(id, promise);
  }
  return promise;
}
