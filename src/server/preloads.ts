/**
 * What each standalone entry fetches before it mounts an SDK-hosted provider's code, besides itself: its file name
 * (`kyc-widget-stripe.js`) → the chunks, relative to it (`chunks/runtime-….js`, `chunks/sdk-….js`). Empty in the
 * sources; the server's build carries the map the same `npm run build` wrote to dist/preload.json (vite.config.ts
 * `entryPreloads`), since the chunks' names are hashes of their content.
 */
export const ENTRY_PRELOADS: Readonly<Record<string, readonly string[]>> = {};
