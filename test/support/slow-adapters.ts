import type { Plugin } from 'vite';

/** How late the browser tests' server sends an SDK adapter's module (ms). */
export const ADAPTERS_DELAY = 300;

/**
 * Each SDK adapter (`src/providers/<id>/sdk.ts`, its own chunk in a build) served `ADAPTERS_DELAY` ms late, as a chunk
 * over a real network would be. From Vite's warm cache on loopback it answered within a millisecond, and a test of whether the vendor's script
 * waits for the chunk (test/browser/sdk-parallel.test.ts) could not tell the two orders apart.
 */
/** An SDK adapter's module, as Vite serves it. */
export const ADAPTER = /^\/src\/providers\/[\w-]+\/sdk\.ts$/;

export function slowAdapters(): Plugin {
  return {
    name: 'kyc:test-slow-adapters',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (ADAPTER.test(req.url?.split('?')[0] ?? '')) setTimeout(next, ADAPTERS_DELAY);
        else next();
      });
    },
  };
}
