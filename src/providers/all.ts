import type { ProviderPlugin } from './plugin';
import * as plugins from './plugins';

/**
 * Every provider's plug-in, for the all-in bundle (src/index.ts) and the server's renderer: each line of
 * providers/plugins.ts, one per provider.
 */
export const ALL_PROVIDERS: readonly ProviderPlugin[] = Object.values(plugins).flat();
