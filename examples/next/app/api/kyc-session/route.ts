// The widget's `session-endpoint` (and the page's own fetch): POST {provider, locale, refresh} →
// {sessionUrl, sessionToken, expiresAt}. Once the package ships kyc-widget/server, this whole handler is
//   export const POST = createSessionHandler({ createSession });   // import { createSessionHandler } from 'kyc-widget/server'
// with createSession unchanged.
import { createSession } from '../../../lib/session';

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

// The page's own origin is the Host the browser asked for: under `next start`, request.url names the server's
// configured host (localhost) whatever the browser used, so it cannot be compared with Origin.
function sameOrigin(request: Request) {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  return URL.canParse(origin) && new URL(origin).host === request.headers.get('host');
}

export async function POST(request: Request): Promise<Response> {
  // Same origin only: a session is this user's, and another site must not mint one with their cookies.
  if (!sameOrigin(request)) return json(403, { error: 'origin not allowed' });
  if (!request.headers.get('content-type')?.startsWith('application/json')) return json(415, { error: 'send JSON' });
  const body: unknown = await request.json().catch(() => null);
  if (typeof body !== 'object' || body === null) return json(400, { error: 'the body is not a JSON object' });
  const { provider, locale, refresh } = body as Record<string, unknown>;
  if (typeof provider !== 'string' || typeof locale !== 'string' || typeof refresh !== 'boolean')
    return json(400, { error: 'expected {provider: string, locale: string, refresh: boolean}' });
  try {
    return json(200, await createSession({ provider, locale, refresh, request }));
  } catch {
    // The widget retries a 5xx (with backoff), then reports session-fetch-failed.
    return json(502, { error: 'the provider did not create a session' });
  }
}
