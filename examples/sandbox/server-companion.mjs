/**
 * The demo's one import of the server companion (`kyc-widget/server`): the demo's backend (demo-endpoint.mjs)
 * takes verifyWebhook, createSessionHandler, the node:http adapter and the session clients from here.
 *
 * SEAM, swapped at merge: today it re-exports a minimal stand-in (server-companion-standin.mjs); once the server
 * branch is merged it re-exports the built entry instead (`npm start` and the e2e tests build before they run):
 *   export * from '../../dist/server/index.js';
 * and the stand-in file is deleted.
 */
export * from './server-companion-standin.mjs';
