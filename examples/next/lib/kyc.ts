/**
 * The example's backend: one `createKycBackend` (kyc-widget/server) that the route handlers mount: the widget's
 * session endpoint (app/api/kyc-session), the provider's webhook (app/api/kyc-webhook/[provider]) and the widget's
 * decision endpoint (app/api/kyc-decision). It asks `authorize` who is asking (here the example's visitor cookie;
 * your app: its own sign-in), allows the Origin APP_ORIGIN only, makes at most one session at a time per visitor
 * within a limit, binds each session to its visitor, records each verified webhook event once and keeps the
 * decision that occurred last. The in-memory store suits one process; several instances share `postgresStore`.
 */
import { createKycBackend, memoryStore, type KycBackend } from 'kyc-widget/server';
import { APP_ORIGIN, createSession, visitorOf } from './session';

/**
 * The webhook secret of the example's provider (the sandbox's generic provider, Standard Webhooks: `whsec_…`),
 * when its webhooks are sent here; without one, the webhook route answers 404.
 */
const GENERIC_WEBHOOK_SECRET = process.env.GENERIC_WEBHOOK_SECRET;

// Kept on globalThis: Next.js may load this module once per route, and the three routes must share one backend.
const shared = globalThis as typeof globalThis & { kycBackend?: KycBackend };

export function kyc(): KycBackend {
  shared.kycBackend ??= createKycBackend({
    authorize: (request) => visitorOf(request),
    createSession,
    webhookSecrets: GENERIC_WEBHOOK_SECRET ? { generic: GENERIC_WEBHOOK_SECRET } : {},
    allowedOrigins: [APP_ORIGIN],
    store: memoryStore(),
    // The example's sessions are the sandbox's (createSession in ./session): a backend that serves its plain-http
    // frames says so. Yours, with your provider, leaves this out.
    development: true,
  });
  return shared.kycBackend;
}
