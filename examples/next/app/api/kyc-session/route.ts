// The widget's `session-endpoint` (and the page's own fetch): POST {provider, locale, refresh} →
// {provider, sessionUrl, sessionToken, expiresAt}. The backend's session handler checks the method, the Origin against
// APP_ORIGIN (never the Host header: under `next start` request.url names the server's own listen address), the JSON
// body's exact shape and size, asks `authorize` who is asking, makes at most one session at a time per visitor within
// a limit, answers no-store, and turns a failing createSession into a 502 the widget retries.
import { kyc } from '../../../lib/kyc';

export const POST = (request: Request) => kyc().session(request);
