/**
 * The demo's backend, as a host's backend would run it with the server companion (`kyc-widget/server`: the built
 * entry through server-companion.mjs under `npm start`, the TypeScript source under `npm run dev`):
 *
 * All three are one `createKycBackend` (in-memory store), the object a host mounts:
 *
 *   POST /api/kyc-session           the widget's session endpoint (`kyc.session`), through the node:http adapter.
 *                                   `"provider": "auto"` is routed to Veriff, then Persona (catalog.mjs AUTO_ROUTE),
 *                                   past one whose session API fails or which the widget says failed.
 *                                   Persona, Sumsub, Veriff, Didit and iDenfy sessions are created with that provider's
 *                                   session client against the sandbox's copy of its API (session-apis.mjs), with the
 *                                   sandbox's demo keys, and generic ones through the sandbox's own API (POST
 *                                   /api/sessions); the other providers (no documented session API there) get
 *                                   sandbox-minted sessions that expire after `lifetimeMs` (default 45 s), so the
 *                                   widget's refresh can be watched.
 *   POST /api/kyc-webhook/<provider> the provider's webhook (`kyc.webhook`): verified, recorded once, and the
 *                                   decision of the event that occurred last kept. Anything else: 401, nothing changes.
 *   GET  /api/kyc-decision          the widget's decision endpoint (`kyc.decision`): this visitor's latest session's
 *                                   server-confirmed decision, as JSON or a stream of Server-Sent Events: the
 *                                   widget's `decision-endpoint`, which it asks from kyc-complete on.
 *
 * The visitor plays the part of a signed-in user: a random id in an HttpOnly cookie that the demo server
 * sets on its pages (VISITOR_COOKIE), which the backend's `authorize` reads; a real backend knows its user
 * from its own login session.
 */
import { randomBytes } from 'node:crypto';
import { ALL_DEMOS, AUTO_ROUTE, PROVIDER_DEMOS } from './catalog.mjs';
import { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
import { SIGNED_PROVIDERS } from './webhooks.mjs';

export const DEMO_ENDPOINT_PATH = '/api/kyc-session';
export const DEMO_WEBHOOK_PATH = '/api/kyc-webhook/';
export const DEMO_DECISION_PATH = '/api/kyc-decision';
/** The page's "break the first provider": passed on to the sandbox's outage switch (its CSP keeps it to its origin). */
export const DEMO_OUTAGE_PATH = '/api/sandbox-outage';
export const VISITOR_COOKIE = 'kyc_demo_visitor';

const MAX_VISITORS = 10000;
const hex = (bytes) => randomBytes(bytes).toString('hex');

/**
 * The providers whose sessions the demo creates with the server companion's session clients, against the
 * sandbox's copy of each provider's API (session-apis.mjs), and how: the only lines that know the clients'
 * options (docs/server.md, "Session clients"). Each client sends the context's `userId` as the provider's reference
 * to the person (Persona reference-id, Sumsub userId, Veriff vendorData, Didit vendor_data, iDenfy clientId): every
 * webhook carries it back. The demo gives each verification a reference of its own (createSession below).
 */
const SESSION_CLIENTS = {
  persona: (server, { sandbox, keys }) =>
    server.personaSessions({
      apiKey: keys.persona.apiKey,
      templateId: 'itmpl_sbxDemo0001',
      baseUrl: sandbox,
      flowHost: sandbox,
    }),
  sumsub: (server, { sandbox, keys }) =>
    server.sumsubSessions({
      appToken: keys.sumsub.appToken,
      secretKey: keys.sumsub.secretKey,
      levelName: 'basic-kyc-level',
      baseUrl: sandbox,
      frameBaseUrl: sandbox,
    }),
  veriff: (server, { sandbox, keys }) =>
    server.veriffSessions({
      apiKey: keys.veriff.apiKey,
      sharedSecret: keys.veriff.sharedSecret,
      baseUrl: sandbox,
    }),
  didit: (server, { sandbox, keys }) =>
    server.diditSessions({ apiKey: keys.didit.apiKey, workflowId: keys.didit.workflowId, baseUrl: sandbox }),
  idenfy: (server, { sandbox, keys }) =>
    server.idenfySessions({
      apiKey: keys.idenfy.apiKey,
      apiSecret: keys.idenfy.apiSecret,
      baseUrl: sandbox,
      frameUrl: `${sandbox}/idenfy/`,
    }),
  // The SDK-hosted providers: the session is a token for the vendor's script (docs/providers/<id>.md).
  onfido: (server, { sandbox, keys }) =>
    server.onfidoSessions({
      apiToken: keys.onfido.apiToken,
      workflowId: 'sbx-demo-workflow',
      applicant: () => ({ first_name: 'Demo', last_name: 'Person' }),
      baseUrl: sandbox,
    }),
  stripe: (server, { sandbox, keys }) => server.stripeSessions({ secretKey: keys.stripe.secretKey, baseUrl: sandbox }),
  plaid: (server, { sandbox, keys }) =>
    server.plaidSessions({
      ...keys.plaid,
      environment: 'sandbox',
      baseUrl: sandbox,
      templateId: 'idvtmp_sbxDemo0001',
      clientName: 'kyc-widget demo',
    }),
};

/** True for the providers whose sessions the demo creates through a session API (the page says so). */
export const hasSessionApi = (provider) => provider === 'generic' || Object.hasOwn(SESSION_CLIENTS, provider);

/** The visitor id from a Cookie header value, or null. */
export function visitorOf(cookieHeader) {
  const match = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f]{32})(?:;|$)`).exec(cookieHeader ?? '');
  return match ? match[1] : null;
}

/** A new visitor cookie (Set-Cookie value). */
export const visitorCookie = () => `${VISITOR_COOKIE}=${hex(16)}; Path=/; HttpOnly; SameSite=Strict`;

/**
 * A generic session from the sandbox's own API (POST /api/sessions, session-apis.mjs), so that its outcome comes back
 * as a Standard Webhooks delivery; its token expires after `lifetimeMs`, so that the widget's refresh can be watched.
 */
async function genericSession(sandboxOrigin, keys, reference, lifetimeMs) {
  const response = await fetch(`${sandboxOrigin}/api/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${keys.generic.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ referenceId: reference }),
  });
  if (!response.ok) throw new Error(`the sandbox's generic session API answered ${response.status}`);
  const { sessionId, sessionUrl } = await response.json();
  const expires = Date.now() + lifetimeMs;
  const url = new URL(sessionUrl);
  url.searchParams.set('expires', String(expires));
  return {
    sessionUrl: url.href,
    // The generic page reads its expiry from the token.
    sessionToken: `sbx_tok_${expires}_${hex(8)}`,
    expiresAt: new Date(expires).toISOString(),
    sessionId,
    referenceId: reference,
  };
}

function mintedSession(provider, sandboxOrigin, lifetimeMs) {
  const demo = PROVIDER_DEMOS[provider](sandboxOrigin, { session: `sbx_demo_${hex(6)}` });
  return {
    sessionUrl: demo.sessionUrl,
    sessionToken: demo.sessionToken,
    expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
  };
}

/**
 * A Node request handler; resolves false for requests that are not its own. `server` is the server companion's
 * module (`kyc-widget/server`): `npm start` and the e2e tests give it the built entry (server-companion.mjs),
 * `npm run dev` the TypeScript source.
 * `allowedOrigins`: the demo page's own origin, the only one allowed to ask for a session or a decision.
 * @param {{ server: typeof import('../src/server/index'), sandboxOrigin: string, allowedOrigins: string[],
 *   lifetimeMs?: number, keys?: typeof SANDBOX_API_KEYS, webhookSecret?: string }} options
 */
export function demoBackend({
  server,
  sandboxOrigin,
  allowedOrigins,
  lifetimeMs = 45_000,
  keys = SANDBOX_API_KEYS,
  webhookSecret = SANDBOX_WEBHOOK_SECRET,
}) {
  /** visitor → the provider and reference of their latest session (a refresh goes on with the same person). */
  const latest = new Map();
  const clients = server.sessionsByProvider(
    Object.fromEntries(
      Object.entries(SESSION_CLIENTS).map(([provider, make]) => [
        provider,
        make(server, { sandbox: sandboxOrigin, keys }),
      ]),
    ),
  );

  /** Called by the handler only when a session must be made: the handler reuses a visitor's open one. */
  async function createSession(context) {
    const { provider, refresh, userId: visitor } = context;
    if (!Object.hasOwn(ALL_DEMOS, provider)) throw new Error(`unknown provider ${provider}`);
    if (!hasSessionApi(provider)) return mintedSession(provider, sandboxOrigin, lifetimeMs);
    const previous = latest.get(visitor);
    // A refresh goes on with the same person; a new start is a new verification, under a reference of its own.
    const reference = refresh && previous?.provider === provider ? previous.reference : `demo-user-${hex(8)}`;
    // The client answers the provider's session id and this reference: the backend binds both to the visitor.
    const session =
      provider === 'generic'
        ? await genericSession(sandboxOrigin, keys, reference, lifetimeMs)
        : await clients({ ...context, userId: reference });
    if (latest.size >= MAX_VISITORS) latest.delete(latest.keys().next().value);
    latest.set(visitor, { provider, reference });
    return session;
  }

  const kyc = server.createKycBackend({
    authorize: (request) => visitorOf(request.headers.get('cookie')),
    // Every provider of the demo, each made by createSession; `"provider": "auto"` goes down AUTO_ROUTE (the first
    // one that is healthy and not in the request's `failed`).
    // (A picker entry that is another way into a provider, such as Jumio's web component, asks as that provider.)
    providers: Object.fromEntries(
      Object.keys(ALL_DEMOS)
        .filter((id) => server.SESSION_PROVIDERS.includes(id))
        .map((provider) => [provider, (context) => createSession({ ...context, provider })]),
    ),
    route: () => AUTO_ROUTE,
    webhookSecrets: Object.fromEntries([...SIGNED_PROVIDERS, 'stripe'].map((provider) => [provider, webhookSecret])),
    // Plaid signs with keys from its API (the sandbox's copy): the backend fetches them.
    plaid: server.plaidWebhooks({ ...keys.plaid, environment: 'sandbox', baseUrl: sandboxOrigin }),
    allowedOrigins,
    store: server.memoryStore(),
    // The sandbox's keys, its plain-http APIs and frames: accepted only in development.
    development: true,
  });
  const sessions = server.toNodeHandler(kyc.session);
  const webhooks = server.toNodeHandler((request) =>
    kyc.webhook(request, new URL(request.url).pathname.slice(DEMO_WEBHOOK_PATH.length)),
  );
  // Server-Sent Events reach the browser event by event: toNodeHandler writes the body as it comes.
  const decisions = server.toNodeHandler(kyc.decision);

  /** The sandbox's answer to the page's outage switch, as it gave it. */
  async function outage(req, res) {
    let body = '';
    for await (const chunk of req) if ((body += chunk).length > 1024) break;
    const answer = await fetch(`${sandboxOrigin}/sandbox/outage`, { method: 'POST', body: body.slice(0, 1024) });
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(await answer.text());
  }

  return async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host.invalid');
    if (pathname === DEMO_ENDPOINT_PATH) sessions(req, res);
    else if (pathname.startsWith(DEMO_WEBHOOK_PATH)) webhooks(req, res);
    else if (pathname === DEMO_DECISION_PATH) decisions(req, res);
    else if (pathname === DEMO_OUTAGE_PATH && req.method === 'POST') await outage(req, res);
    else return false;
    return true;
  };
}
