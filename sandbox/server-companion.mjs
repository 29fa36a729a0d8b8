/**
 * The server companion (`kyc-widget/server`) as `npm start` and the e2e tests run it: the built entry, which
 * `npm run build` writes to dist/server/index.js (scripts/start.mjs and the e2e setup build before this is
 * imported; scripts/serve.mjs imports it only once the demo starts). `npm run dev` takes the TypeScript source
 * instead (scripts/dev-demo.ts), so that it needs no build.
 */
export * from '../dist/server/index.js';
