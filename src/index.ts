/**
 * Public API, free of side effects: importing this module defines nothing and touches no DOM, so it is safe in Node
 * and during server-side rendering. It registers every provider (providers/all.ts): the all-in bundle.
 */
import { ALL_PROVIDERS } from './providers/all';
import * as plugins from './providers/plugins';
import { carries, register, type ProviderId } from './providers/registry';

register(...ALL_PROVIDERS);
carries.all = true;

export * from './core';
/** Every provider of the package (`provider`'s values). */
export const PROVIDER_IDS = Object.keys(plugins) as ProviderId[];
