// The widget's `session-endpoint` (and the page's own fetch): POST {provider, locale, refresh} →
// {provider, sessionUrl, sessionToken, expiresAt}. kyc-widget/server's handler checks the method, the Origin (the
// page's own: under `next start` it compares Origin with the Host header, as request.url names the server's own
// listen address), the JSON body's exact shape and size, answers no-store, and turns a failing createSession into a
// 502 the widget retries.
import { createSessionHandler } from 'kyc-widget/server';
import { createSession } from '../../../lib/session';

export const POST = createSessionHandler({ createSession });
