/**
 * The demo's backend, as a host's backend would run it with the server companion (`kyc-widget/server`: the built
 * entry through server-companion.mjs under `npm start`, the TypeScript source under `npm run dev`):
 *
 * All three are one `createKycBackend` (in-memory store), the object a host mounts:
 *
 *   POST /api/kyc-session           the widget's session endpoint (`kyc.session`), through the node:http adapter.
 *                                   Persona, Sumsub, Veriff, Didit and iDenfy sessions are created with that provider's
 *                                   session client against the sandbox's copy of its API (session-apis.mjs), with the
 *                                   sandbox's demo keys; the other providers (no documented session API there) get
 *                                   sandbox-minted sessions that expire after `lifetimeMs` (default 45 s), so the
 *                                   widget's refresh can be watched.
 *   POST /api/kyc-webhook/<provider> the provider's webhook (`kyc.webhook`): verified, recorded once, and the
 *                                   decision of the event that occurred last kept. Anything else: 401, nothing changes.
 *   GET  /api/kyc-decision          the widget's decision endpoint (`kyc.decision`): this visitor's latest session's
 *                                   server-confirmed decision, as JSON or a stream of Server-Sent Events. The page
 *                                   polls the JSON until the widget asks it itself.
 *
 * The visitor plays the part of a signed-in user: a random id in an HttpOnly cookie that the demo server
 * sets on its pages (VISITOR_COOKIE); a real backend knows its user from its own login session.
 */
import { randomBytes } from 'node:crypto';
import { PROVIDER_DEMOS } from './catalog.mjs';
import { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
import { SIGNED_PROVIDERS } from './webhooks.mjs';

export const DEMO_ENDPOINT_PATH = '/api/kyc-session';
export const DEMO_WEBHOOK_PATH = '/api/kyc-webhook/';
export const DEMO_DECISION_PATH = '/api/kyc-decision';
export const VISITOR_COOKIE = 'kyc_demo_visitor';

const MAX_VISITORS = 10000;
const hex = (bytes) => randomBytes(bytes).toString('hex');

/**
 * The providers whose sessions the demo creates with the server companion's session clients, against the
 * sandbox's copy of each provider's API (session-apis.mjs), and how: the only lines that know the clients'
 * options (docs/server.md, "Session clients"). `userId` gives the host's id for the person (Persona reference-id,
 * Sumsub userId, Veriff vendorData, Didit vendor_data, iDenfy clientId): every webhook carries it back.
 */
const SESSION_CLIENTS = {
  persona: (server, { sandbox, keys, userId }) =>
    server.personaSessions({
      apiKey: keys.persona.apiKey,
      templateId: 'itmpl_sbxDemo0001',
      userId,
      baseUrl: sandbox,
      flowHost: sandbox,
    }),
  sumsub: (server, { sandbox, keys, userId }) =>
    server.sumsubSessions({
      appToken: keys.sumsub.appToken,
      secretKey: keys.sumsub.secretKey,
      levelName: 'basic-kyc-level',
      userId,
      baseUrl: sandbox,
      frameBaseUrl: sandbox,
    }),
  veriff: (server, { sandbox, keys, userId }) =>
    server.veriffSessions({
      apiKey: keys.veriff.apiKey,
      sharedSecret: keys.veriff.sharedSecret,
      userId,
      baseUrl: sandbox,
    }),
  didit: (server, { sandbox, keys, userId }) =>
    server.diditSessions({ apiKey: keys.didit.apiKey, workflowId: keys.didit.workflowId, userId, baseUrl: sandbox }),
  idenfy: (server, { sandbox, keys, userId }) =>
    server.idenfySessions({
      apiKey: keys.idenfy.apiKey,
      apiSecret: keys.idenfy.apiSecret,
      userId,
      baseUrl: sandbox,
      frameUrl: `${sandbox}/idenfy/`,
    }),
};

/** True for the providers whose sessions the demo creates through a session API (the page says so). */
export const hasSessionApi = (provider) => Object.hasOwn(SESSION_CLIENTS, provider);

/** The visitor id from a Cookie header value, or null. */
export function visitorOf(cookieHeader) {
  const match = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f]{32})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? match[1] : null;
}

/** A new visitor cookie (Set-Cookie value). */
export const visitorCookie = () => `${VISITOR_COOKIE}=${hex(16)}; Path=/; HttpOnly; SameSite=Strict`;

function mintedSession(provider, sandboxOrigin, lifetimeMs) {
  const expires = Date.now() + lifetimeMs;
  const demo = PROVIDER_DEMOS[provider](
    sandboxOrigin,
    provider === 'generic' ? { params: { expires } } : { session: `sbx_demo_${hex(6)}` },
  );
  return {
    sessionUrl: demo.sessionUrl,
    // The generic page reads its expiry from the token; the other sandbox pages want their fixed tokens.
    sessionToken: provider === 'generic' ? `sbx_tok_${expires}_${hex(8)}` : demo.sessionToken,
    expiresAt: new Date(expires).toISOString(),
  };
}

/**
 * A Node request handler; resolves false for requests that are not its own. `server` is the server companion's
 * module (`kyc-widget/server`): `npm start` and the e2e tests give it the built entry (server-companion.mjs),
 * `npm run dev` the TypeScript source. `pageOrigin` is the demo page's origin (a function: it is known once the
 * page's server listens).
 * @param {{ server: typeof import('../../src/server/index'), sandboxOrigin: string, pageOrigin: () => string,
 *   lifetimeMs?: number, keys?: typeof SANDBOX_API_KEYS, webhookSecret?: string }} options
 */
export function demoBackend({
  server,
  sandboxOrigin,
  pageOrigin,
  lifetimeMs = 45_000,
  keys = SANDBOX_API_KEYS,
  webhookSecret = SANDBOX_WEBHOOK_SECRET,
}) {
  /** visitor → the provider and reference of their latest session (a refresh goes on with the same person). */
  const latest = new Map();
  /** The reference chosen for a request, read back by the clients' `userId`. */
  const references = new WeakMap();
  const userId = ({ request }) => references.get(request) ?? null;
  const clients = server.sessionsByProvider(
    Object.fromEntries(
      Object.entries(SESSION_CLIENTS).map(([provider, make]) => [
        provider,
        make(server, { sandbox: sandboxOrigin, keys, userId }),
      ]),
    ),
  );

  async function createSession(context) {
    const { provider, refresh, request, userId: visitor } = context;
    if (!Object.hasOwn(PROVIDER_DEMOS, provider)) throw new Error(`unknown provider ${provider}`);
    if (!hasSessionApi(provider)) return mintedSession(provider, sandboxOrigin, lifetimeMs);
    const previous = latest.get(visitor);
    // A refresh goes on with the same person; a new start is a new verification, under a new reference.
    const reference = refresh && previous?.provider === provider ? previous.reference : `demo-user-${hex(8)}`;
    references.set(request, reference);
    const session = await clients(context);
    if (latest.size >= MAX_VISITORS) latest.delete(latest.keys().next().value);
    latest.set(visitor, { provider, reference });
    // The session clients answer what the widget needs, not the provider's session id: the backend binds this
    // session to the visitor by the reference the provider's webhook will echo back.
    return { ...session, referenceId: reference };
  }

  const kyc = server.createKycBackend({
    authorize: (request) => visitorOf(request.headers.get('cookie')),
    createSession,
    webhookSecrets: Object.fromEntries(SIGNED_PROVIDERS.map((provider) => [provider, webhookSecret])),
    allowedOrigins: (origin) => origin === pageOrigin(),
    store: server.memoryStore(),
  });
  const sessions = server.toNodeHandler(kyc.session);
  const webhooks = server.toNodeHandler((request) =>
    kyc.webhook(request, new URL(request.url).pathname.slice(DEMO_WEBHOOK_PATH.length)),
  );

  return async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host.invalid');
    if (pathname === DEMO_ENDPOINT_PATH) await sessions(req, res);
    else if (pathname.startsWith(DEMO_WEBHOOK_PATH)) await webhooks(req, res);
    else if (pathname === DEMO_DECISION_PATH) await streamed(kyc.decision, req, res);
    else return false;
    return true;
  };
}

/**
 * The decision endpoint through node:http, its body written as it comes: a decision stream (Server-Sent Events)
 * must reach the browser event by event (the server companion's `toNodeHandler` sends a response whole).
 */
async function streamed(handler, req, res) {
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'host.invalid'}`), {
    method: req.method,
    headers,
    signal: abort.signal,
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
  } catch {
    // The browser went away.
  }
  res.end();
}

/** The name scripts/dev-demo.ts knows. */
export const demoSessionEndpoint = demoBackend;
