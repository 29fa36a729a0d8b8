import type { Plugin } from 'vite';

/** How late the browser tests' server sends the SDK adapters' chunk (ms). */
export const ADAPTERS_DELAY = 300;

/**
 * The SDK adapters' chunk (`src/sdk/sdk.ts`) served `ADAPTERS_DELAY` ms late, as a chunk over a real network would
 * be. From Vite's warm cache on loopback it answered within a millisecond, and a test of whether the vendor's script
 * waits for the chunk (test/browser/sdk-parallel.test.ts) could not tell the two orders apart.
 */
export function slowAdapters(): Plugin {
  return {
    name: 'kyc:test-slow-adapters',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.split('?')[0] === '/src/sdk/sdk.ts') setTimeout(next, ADAPTERS_DELAY);
        else next();
      });
    },
  };
}
