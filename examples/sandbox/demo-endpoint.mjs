/**
 * The demo's backend, as a host's backend would run it with the server companion (`kyc-widget/server`: the built
 * entry through server-companion.mjs under `npm start`, the TypeScript source under `npm run dev`):
 *
 *   POST /api/kyc-session           the widget's session endpoint: `createSessionHandler` through the node:http adapter.
 *                                   Persona, Sumsub, Veriff, Didit and iDenfy sessions are created with that provider's
 *                                   session client against the sandbox's copy of its API (session-apis.mjs), with the
 *                                   sandbox's demo keys; the other providers (no documented session API there) get
 *                                   sandbox-minted sessions that expire after `lifetimeMs` (default 45 s), so the
 *                                   widget's refresh can be watched.
 *   POST /api/kyc-webhook/<provider> the provider's webhook: `readRawBody` keeps the exact bytes and `verifyWebhook`
 *                                   checks their signature,
 *                                   and only a verified webhook's decision is recorded. Anything else: 401, nothing changes.
 *   GET  /api/kyc-decision          what the server knows of this visitor's latest session: the decision a verified
 *                                   webhook confirmed (null until one did). The page polls it.
 *
 * The visitor plays the part of a signed-in user: a random id in an HttpOnly cookie that the demo server
 * sets on its pages (VISITOR_COOKIE), which the session handler's `authorize` reads; a real backend knows its user
 * from its own login session.
 */
import { randomBytes } from 'node:crypto';
import { PROVIDER_DEMOS } from './catalog.mjs';
import { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';

export const DEMO_ENDPOINT_PATH = '/api/kyc-session';
export const DEMO_WEBHOOK_PATH = '/api/kyc-webhook/';
export const DEMO_DECISION_PATH = '/api/kyc-decision';
export const VISITOR_COOKIE = 'kyc_demo_visitor';

const MAX_WEBHOOK_BODY = 1024 * 1024;
const MAX_RECORDS = 10000;
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
 * `npm run dev` the TypeScript source.
 * `allowedOrigins`: the demo page's own origin, the only one allowed to ask for a session.
 * @param {{ server: typeof import('../../src/server/index'), sandboxOrigin: string, allowedOrigins: string[],
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
  /** reference id → what the server knows of that session. */
  const records = new Map();
  /** visitor → the reference id of their latest session. */
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
    if (!Object.hasOwn(PROVIDER_DEMOS, provider)) throw new Error(`unknown provider ${provider}`);
    if (!hasSessionApi(provider)) return mintedSession(provider, sandboxOrigin, lifetimeMs);
    const previous = records.get(latest.get(visitor));
    // A refresh goes on with the same person; a new start is a new verification, under a reference of its own.
    const reference = refresh && previous?.provider === provider ? previous.reference : `demo-user-${hex(8)}`;
    const session = await clients({ ...context, userId: reference });
    if (records.size >= MAX_RECORDS) records.delete(records.keys().next().value);
    // The session clients answer what the widget needs, not the provider's session id: the webhook names the
    // session by this reference, and the record learns the id from the first verified webhook.
    const record = { provider, reference, sessionId: null, decision: null, event: null, confirmedAt: null };
    records.set(reference, record);
    visitors.set(record, visitor);
    latest.set(visitor, reference);
    return session;
  }

  /** Each record's visitor, for `forget` once the verification is decided (kept off the JSON the page reads). */
  const visitors = new WeakMap();
  const handler = server.createSessionHandler({
    createSession,
    authorize: (request) => Promise.resolve(visitorOf(request.headers.get('cookie'))),
    allowedOrigins,
  });
  const sessions = server.toNodeHandler(handler);

  const reply = (res, status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  async function webhook(req, res, provider) {
    if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
    const raw = await server.readRawBody(req, { maxBytes: MAX_WEBHOOK_BODY });
    if (!raw.ok) return reply(res, raw.reason === 'too-large' ? 413 : 400, { error: raw.reason });
    const result = await server.verifyWebhook(provider, {
      rawBody: raw.body,
      headers: req.headers,
      secret: webhookSecret,
    });
    if (!result.ok) return reply(res, 401, { error: result.reason });
    const record =
      records.get(result.referenceId) ??
      [...records.values()].find((r) => r.provider === provider && r.sessionId && r.sessionId === result.sessionId);
    // A verified webhook about a session this backend did not create is acknowledged (the provider must not
    // retry it) and ignored.
    if (!record || record.provider !== provider) return reply(res, 200, { received: true, matched: false });
    if (result.decision) {
      Object.assign(record, { decision: result.decision, event: result.event, confirmedAt: new Date().toISOString() });
      record.sessionId ??= result.sessionId ?? null;
      // A decided verification's session is not handed out again: the visitor's next start makes a new one.
      if (visitors.has(record)) await handler.forget(provider, visitors.get(record));
    }
    reply(res, 200, { received: true, matched: true });
  }

  function decision(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply(res, 405, { error: 'GET only' });
    const record = records.get(latest.get(visitorOf(req.headers.cookie)));
    reply(res, 200, { session: record ?? null });
  }

  return async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://host.invalid');
    if (pathname === DEMO_ENDPOINT_PATH) await sessions(req, res);
    else if (pathname.startsWith(DEMO_WEBHOOK_PATH)) await webhook(req, res, pathname.slice(DEMO_WEBHOOK_PATH.length));
    else if (pathname === DEMO_DECISION_PATH) decision(req, res);
    else return false;
    return true;
  };
}

/** The name scripts/dev-demo.ts knows. */
export const demoSessionEndpoint = demoBackend;
