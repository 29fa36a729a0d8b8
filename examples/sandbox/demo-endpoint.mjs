/**
 * The demo's session endpoint (README, sessions), as a host's backend would run it: POST
 * /api/kyc-session with {provider, locale, refresh} → {provider, sessionUrl, sessionToken, expiresAt}.
 * It mints sandbox sessions that expire after `lifetimeMs` (default 45 s): the generic sandbox page then
 * says "token expired", the widget asks again with refresh: true, and hands the new token to the frame.
 * A real backend would call the provider's API here with its secret key (see the README's snippets).
 */
import { randomBytes } from 'node:crypto';
import { PROVIDER_DEMOS } from './catalog.mjs';

export const DEMO_ENDPOINT_PATH = '/api/kyc-session';

function readJson(req, limit = 4096) {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
      if (text.length > limit) req.destroy();
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(null);
      }
    });
    req.on('error', () => resolve(null));
  });
}

/**
 * A Node request handler; resolves false for requests that are not its own.
 * @param {{ sandboxOrigin: string, lifetimeMs?: number }} options
 */
export function demoSessionEndpoint({ sandboxOrigin, lifetimeMs = 45_000 }) {
  return async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host.invalid');
    if (pathname !== DEMO_ENDPOINT_PATH) return false;
    const reply = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return (reply(405, { error: 'POST only' }), true);
    const body = await readJson(req);
    const provider =
      typeof body?.provider === 'string' && Object.hasOwn(PROVIDER_DEMOS, body.provider) ? body.provider : null;
    if (!provider) return (reply(400, { error: 'unknown provider' }), true);
    const expires = Date.now() + lifetimeMs;
    const session = `sbx_demo_${randomBytes(6).toString('hex')}`;
    const demo = PROVIDER_DEMOS[provider](
      sandboxOrigin,
      provider === 'generic' ? { params: { expires } } : { session },
    );
    const token = `sbx_tok_${expires}_${randomBytes(8).toString('hex')}`;
    reply(200, {
      provider,
      sessionUrl: demo.sessionUrl,
      // The generic page reads its expiry from the token; the other sandbox pages want their fixed tokens.
      sessionToken: provider === 'generic' ? token : demo.sessionToken,
      expiresAt: new Date(expires).toISOString(),
    });
    return true;
  };
}
