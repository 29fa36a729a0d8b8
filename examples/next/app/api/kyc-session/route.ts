// The widget's `session-endpoint` (and the page's own fetch): POST {provider, locale, refresh} →
// {provider, sessionUrl, sessionToken, expiresAt}. kyc-widget/server's handler checks the method, the Origin against
// APP_ORIGIN (never the Host header: under `next start` request.url names the server's own listen address), the JSON
// body's exact shape and size, asks `authorize` who is asking (here the example's visitor cookie; your app: its own
// sign-in), makes at most one session at a time per visitor within a limit, answers no-store, and turns a failing
// createSession into a 502 the widget retries.
import { createSessionHandler } from 'kyc-widget/server';
import { APP_ORIGIN, createSession, visitorOf } from '../../../lib/session';

export const POST = createSessionHandler({
  createSession,
  authorize: (request) => Promise.resolve(visitorOf(request)),
  allowedOrigins: [APP_ORIGIN],
});
