/**
 * The sandbox playing each provider's server: the session-creation endpoints of Persona, Sumsub, Veriff, Didit and
 * iDenfy at the paths each provider documents, with each provider's documented authentication, answering in each
 * provider's documented response shape. The URL or token in the answer loads that provider's sandbox frame page
 * (catalog.mjs), and the sandbox remembers the session, so that when the person finishes in the frame
 * (`POST /sandbox/finish`, sent by the frame page itself) it sends that provider's signed webhook to the host's
 * webhook URL.
 *
 * Wire facts and where they come from (docs/providers/<id>.md, "Sandbox session API", says the same and what the
 * pages left unsure):
 *   Persona  POST /api/v1/inquiries, `Authorization: Bearer <API key>`, JSON:API `{data: {type: "inquiry", id, attributes}}`,
 *            plus `meta.session-token` when the request's `meta` asks `auto-create-inquiry-session: true`;
 *            401 `{errors: [{title, details}]}` for an invalid key.
 *            https://docs.withpersona.com/api-reference/inquiries/create-an-inquiry , https://docs.withpersona.com/v2022-09-01/reference/errors ,
 *            https://docs.withpersona.com/api-reference/versioning/changelog/2026/1/18
 *   Sumsub   POST /resources/accessTokens/sdk `{userId, levelName, ttlInSecs}` → `{token, userId}`; every request signed:
 *            X-App-Token, X-App-Access-Ts (unix seconds, within 1 minute of the server), X-App-Access-Sig = lowercase hex
 *            HMAC-SHA256(secret key, ts + METHOD + path with query + body). The older POST /resources/accessTokens?userId=…
 *            is answered too. https://docs.sumsub.com/reference/authentication , https://docs.sumsub.com/reference/generate-access-token
 *   Veriff   POST /v1/sessions `{verification: {vendorData?, …}}`, `X-AUTH-CLIENT: <API key>` (no X-HMAC-SIGNATURE needed
 *            for this endpoint; checked when sent), → `{status: "success", verification: {id, url, vendorData, host,
 *            status: "created", sessionToken}}`; failures `{status: "fail", code, message}` with Veriff's codes 1801–1819.
 *            https://devdocs.veriff.com/apidocs/v1sessions , https://devdocs.veriff.com/docs/general-faq ,
 *            https://devdocs.veriff.com/docs/credentials-and-authorization-codes-table
 *   Didit    POST /v3/session/ `{workflow_id, vendor_data?, callback?}`, `x-api-key`, 201 → `{session_id, session_number,
 *            session_token, vendor_data, status: "Not Started", workflow_id, callback, url}`; no key 403, a wrong one 401.
 *            https://docs.didit.me/sessions-api/create-session , https://docs.didit.me/integration/api-full-flow
 *   iDenfy   POST /api/v2/token `{clientId, …}`, HTTP Basic API key:API secret, → `{message, authToken, scanRef, clientId,
 *            redirectUrl, expiryTime, sessionLength, …}`; bad credentials 401 "Invalid authorization credentials".
 *            https://documentation.idenfy.com/kyc/generate-token , https://documentation.idenfy.com/kyc/id-error-messages
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from './keys.mjs';
import { createSdkSessionApis } from './sdk-session-apis.mjs';
import { plaidSecret } from './sdk-webhooks.mjs';
import { sendWebhook as defaultSendWebhook } from './webhooks.mjs';

const MAX_BODY = 64 * 1024;
const MAX_SESSIONS = 10000;
const DECISIONS = new Set(['approved', 'declined', 'review']);
const SUMSUB_WINDOW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Constant-time comparison of two strings of any lengths (their SHA-256 digests are compared). */
function sameSecret(given, expected) {
  if (typeof given !== 'string' || typeof expected !== 'string') return false;
  const digest = (text) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

const hmacHex = (secret, text) => createHmac('sha256', secret).update(text).digest('hex');
const hex = (bytes) => randomBytes(bytes).toString('hex');
const header = (req, name) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The raw body as text; null when it is larger than `limit` or the request fails. */
function readBody(req, limit = MAX_BODY) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        resolve(null);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(null));
  });
}

function parseJson(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

const text = (value, max = 1000) => (typeof value === 'string' && value.length <= max ? value : undefined);

/**
 * @param {{
 *   origin: () => string,
 *   keys?: typeof SANDBOX_API_KEYS,
 *   webhookUrl?: string | ((provider: string) => string),
 *   webhookSecret?: string | Record<string, string>,
 *   sendWebhook?: typeof defaultSendWebhook,
 *   now?: () => number,
 *   onEvent?: (event: { kind: 'session', provider: string, sessionId: string, referenceId: string | null }
 *     | { kind: 'webhook', provider: string, sessionId: string, decision: string, to: string | undefined,
 *         status: number | null }) => void,
 * }} options `onEvent`: told of each session created and each webhook sent (the CLI's log)
 */
export function createSessionApis({
  origin,
  keys = SANDBOX_API_KEYS,
  webhookUrl,
  webhookSecret = SANDBOX_WEBHOOK_SECRET,
  sendWebhook = defaultSendWebhook,
  now = Date.now,
  onEvent = () => {},
}) {
  /**
   * `${provider}:${frame key}` → the session: the frame key is what the frame page can read from its own URL.
   * @type {Map<string, { provider: string, frameKey: string, sessionId: string, referenceId: string | null,
   *   createdAt: number, decision: string | null, webhookStatus: number | null }>}
   */
  const sessions = new Map();
  /** Sumsub keeps one applicant per userId (the host's id for the person). */
  const sumsubApplicants = new Map();
  /** Onfido, Stripe, Plaid, Jumio and Socure (sdk-session-apis.mjs), remembering their sessions here. */
  const sdk = createSdkSessionApis({ origin, keys, now, remember: (...args) => remember(...args) });

  function remember(provider, frameKey, sessionId, referenceId) {
    if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value);
    const session = {
      provider,
      frameKey,
      sessionId,
      referenceId,
      createdAt: now(),
      decision: null,
      webhookStatus: null,
    };
    sessions.set(`${provider}:${frameKey}`, session);
    onEvent({ kind: 'session', provider, sessionId, referenceId });
    return session;
  }

  // ---- Persona -------------------------------------------------------------------------------------------------
  async function persona(req, res) {
    const bearer = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '');
    if (!bearer || !sameSecret(bearer[1], keys.persona.apiKey))
      return json(res, 401, { errors: [{ title: 'Unauthorized', details: 'An invalid API key was provided.' }] });
    const body = parseJson((await readBody(req)) ?? '');
    const attributes = body?.data?.attributes;
    if (!attributes || typeof attributes !== 'object')
      return json(res, 400, { errors: [{ title: 'Parameter missing', details: 'param is missing: data.attributes' }] });
    const pick = (...names) => names.map((name) => text(attributes[name], 255)).find(Boolean);
    const templateId = pick('inquiry-template-id', 'inquiryTemplateId', 'template-id', 'templateId');
    if (!templateId)
      return json(res, 400, {
        errors: [{ title: 'Parameter missing', details: 'An inquiry template id is required: inquiry-template-id' }],
      });
    const referenceId = pick('reference-id', 'referenceId') ?? null;
    const id = `inq_sbx${hex(12)}`;
    remember('persona', id, id, referenceId);
    // With `meta: {auto-create-inquiry-session: true}` Persona answers a session token in `meta.session-token`.
    const autoSession = body.meta?.['auto-create-inquiry-session'] === true;
    json(res, 201, {
      ...(autoSession ? { meta: { 'session-token': `sbx_pst_${hex(16)}` } } : {}),
      data: {
        type: 'inquiry',
        id,
        attributes: {
          status: 'created',
          'reference-id': referenceId,
          'inquiry-template-id': templateId,
          'created-at': new Date(now()).toISOString(),
        },
        relationships: {},
      },
    });
  }

  // ---- Sumsub --------------------------------------------------------------------------------------------------
  async function sumsub(req, res, url) {
    const fail = (description) =>
      json(res, 401, { description, code: 401, correlationId: `sbx-${hex(8)}`, errorCode: 4000 });
    const appToken = header(req, 'x-app-token');
    const ts = header(req, 'x-app-access-ts');
    const signature = header(req, 'x-app-access-sig');
    const body = await readBody(req);
    if (body === null) return json(res, 413, { description: 'Request body too large', code: 413 });
    if (!appToken || !ts || !signature) return fail('Missing X-App-Token, X-App-Access-Ts or X-App-Access-Sig');
    if (!sameSecret(appToken, keys.sumsub.appToken)) return fail('App token not found');
    if (!/^\d{1,12}$/.test(ts) || Math.abs(Math.floor(now() / 1000) - Number(ts)) > SUMSUB_WINDOW_SECONDS)
      return fail('Request timestamp is outside the allowed window');
    // What was sent, byte for byte: the raw path with its query, not a re-encoded one.
    const expected = hmacHex(keys.sumsub.secretKey, `${ts}${req.method.toUpperCase()}${req.url}${body}`);
    if (!sameSecret(signature, expected)) return fail('Request signature mismatch');

    const fields = url.pathname.endsWith('/sdk') ? parseJson(body || '{}') : Object.fromEntries(url.searchParams);
    const userId = text(fields?.userId ?? fields?.externalUserId, 255);
    if (!userId) return json(res, 400, { description: 'userId is required', code: 400 });
    let applicantId = sumsubApplicants.get(userId);
    if (!applicantId) {
      applicantId = hex(12);
      if (sumsubApplicants.size >= MAX_SESSIONS) sumsubApplicants.clear();
      sumsubApplicants.set(userId, applicantId);
    }
    const token = `_act-sbx-${randomUUID()}`;
    // The frame page knows its token through its frame id (`?_=id_<base64 of the token>`).
    remember('sumsub', token, applicantId, userId);
    json(res, 200, { token, userId });
  }

  // ---- Veriff --------------------------------------------------------------------------------------------------
  async function veriff(req, res) {
    const fail = (code, message, status = 401) => json(res, status, { status: 'fail', code, message });
    const apiKey = header(req, 'x-auth-client');
    const body = await readBody(req);
    if (body === null) return fail(1104, 'Request includes invalid parameters.', 400);
    if (!apiKey)
      return fail(1801, 'Mandatory X-AUTH-CLIENT header containing the API key is missing from the request.');
    if (!UUID.test(apiKey)) return fail(1802, 'API key is not a valid UUID.');
    if (!sameSecret(apiKey, keys.veriff.apiKey)) return fail(1803, 'Integration with the API key was not found.');
    const signature = header(req, 'x-hmac-signature');
    if (signature !== undefined && !sameSecret(signature.toLowerCase(), hmacHex(keys.veriff.sharedSecret, body)))
      return fail(1819, 'Signature does not match the HMAC-SHA256 of request body and integration API secret.');
    const verification = parseJson(body)?.verification;
    if (!verification || typeof verification !== 'object' || Array.isArray(verification))
      return fail(1102, 'Mandatory parameters are missing from the request.', 400);
    const vendorData = verification.vendorData ?? verification.endUserId;
    if (vendorData !== undefined && typeof vendorData !== 'string')
      return fail(1501, 'vendorData must be a string.', 400);
    if (typeof vendorData === 'string' && vendorData.length > 1000)
      return fail(1500, 'vendorData field cannot be more than 1000 symbols.', 400);
    const id = randomUUID();
    const sessionToken = `sbx.${Buffer.from(JSON.stringify({ session_id: id })).toString('base64url')}.${hex(16)}`;
    remember('veriff', sessionToken, id, vendorData ?? null);
    json(res, 201, {
      status: 'success',
      verification: {
        id,
        url: `${origin()}/veriff/v/${sessionToken}`,
        vendorData: vendorData ?? null,
        host: origin(),
        status: 'created',
        sessionToken,
      },
    });
  }

  // ---- Didit ---------------------------------------------------------------------------------------------------
  async function didit(req, res) {
    const apiKey = header(req, 'x-api-key');
    const body = await readBody(req);
    if (!apiKey) return json(res, 403, { detail: 'You do not have permission to perform this action.' });
    if (!sameSecret(apiKey, keys.didit.apiKey)) return json(res, 401, { detail: 'Invalid API key.' });
    const fields = body === null ? null : parseJson(body);
    if (!fields) return json(res, 400, { detail: 'JSON parse error.' });
    const workflowId = text(fields.workflow_id, 100);
    if (!workflowId) return json(res, 400, { workflow_id: ['This field is required.'] });
    const vendorData = text(fields.vendor_data) ?? null;
    const sessionId = randomUUID();
    const sessionToken = hex(6);
    remember('didit', sessionToken, sessionId, vendorData);
    json(res, 201, {
      session_id: sessionId,
      session_number: sessions.size,
      session_token: sessionToken,
      vendor_data: vendorData,
      metadata: fields.metadata ?? null,
      status: 'Not Started',
      workflow_id: workflowId,
      callback: text(fields.callback) ?? null,
      url: `${origin()}/didit/session/${sessionToken}`,
    });
  }

  // ---- iDenfy --------------------------------------------------------------------------------------------------
  async function idenfy(req, res) {
    const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header(req, 'authorization') ?? '');
    const credentials = basic ? Buffer.from(basic[1], 'base64').toString('utf8') : '';
    const body = await readBody(req);
    if (!sameSecret(credentials, `${keys.idenfy.apiKey}:${keys.idenfy.apiSecret}`))
      return json(res, 401, { message: 'Invalid authorization credentials' });
    const fields = body === null ? null : parseJson(body);
    if (!fields) return json(res, 400, { identifier: 'JSON_ERROR', message: 'Malformed JSON body.' });
    const clientId = text(fields.clientId ?? fields.personScanRef, 100);
    if (!clientId)
      return json(res, 400, { identifier: 'MISSING_VALUE', message: "Missing required field 'clientId'." });
    const authToken = hex(20);
    const scanRef = randomUUID();
    remember('idenfy', authToken, scanRef, clientId);
    json(res, 201, {
      message: 'Token created successfully',
      authToken,
      scanRef,
      clientId,
      firstName: text(fields.firstName, 100)?.toUpperCase() ?? null,
      lastName: text(fields.lastName, 100)?.toUpperCase() ?? null,
      redirectUrl: `${origin()}/api/v2/redirect?authToken=${authToken}`,
      digitString: null,
      expiryTime: Number.isInteger(fields.expiryTime) ? fields.expiryTime : 3600,
      sessionLength: Number.isInteger(fields.sessionLength) ? fields.sessionLength : 600,
    });
  }

  /** iDenfy's redirectUrl: on to the UI with the token, as ivs.idenfy.com/api/v2/redirect does. */
  function idenfyRedirect(req, res, url) {
    const token = url.searchParams.get('authToken') ?? '';
    res.writeHead(302, { Location: `/idenfy/?authToken=${encodeURIComponent(token)}`, 'Cache-Control': 'no-store' });
    res.end();
  }

  // ---- Generic: the sandbox's own verification service ------------------------------------------------------
  /**
   * POST /api/sessions `{referenceId?}` with `Authorization: Bearer <generic API key>` → 201 `{sessionId,
   * sessionUrl, expiresAt}`: a session of the generic protocol's frame page (/generic/session/<id>), whose outcome
   * comes back as a Standard Webhooks delivery. The generic protocol has no provider API: this one is the sandbox's.
   */
  async function generic(req, res) {
    const bearer = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '');
    const body = await readBody(req);
    if (!bearer || !sameSecret(bearer[1], keys.generic.apiKey))
      return json(res, 401, { error: 'unauthorized', message: 'Send Authorization: Bearer <the sandbox generic key>' });
    const fields = body === null ? null : parseJson(body || '{}');
    if (!fields) return json(res, 400, { error: 'bad-request', message: 'The body must be a JSON object.' });
    const referenceId = text(fields.referenceId, 255) ?? null;
    const sessionId = `sbx_${hex(8)}`;
    remember('generic', sessionId, sessionId, referenceId);
    json(res, 201, {
      sessionId,
      sessionUrl: `${origin()}/generic/session/${sessionId}`,
      expiresAt: new Date(now() + 3600_000).toISOString(),
    });
  }

  // ---- The person finished in a frame: the provider's webhook --------------------------------------------------
  function webhookTarget(provider) {
    if (typeof webhookUrl === 'function') return webhookUrl(provider);
    return typeof webhookUrl === 'string' ? webhookUrl.replaceAll('{provider}', provider) : undefined;
  }

  /** Sends the webhook for one remembered session; resolves what happened. Used by the route and by tests. */
  async function finish(provider, frameKey, decision) {
    const session = sessions.get(`${provider}:${frameKey}`);
    if (!session) return { status: 404, body: { error: 'unknown session' } };
    if (session.decision) return { status: 409, body: { error: 'this session is finished already' } };
    session.decision = decision;
    const target = webhookTarget(provider);
    const told = (status) =>
      onEvent({ kind: 'webhook', provider, sessionId: session.sessionId, decision, to: target, status });
    if (!target) {
      told(null);
      return { status: 200, body: { sent: false, reason: 'no webhook URL configured' } };
    }
    // Plaid's webhook names the verification; its status is what Plaid's API answers afterwards.
    if (provider === 'plaid') sdk.plaid.decide(session.sessionId, decision);
    const secret =
      provider === 'plaid'
        ? plaidSecret(sdk.plaid.signing())
        : typeof webhookSecret === 'string'
          ? webhookSecret
          : webhookSecret?.[provider];
    session.webhookStatus = await sendWebhook(target, provider, {
      sessionId: session.sessionId,
      referenceId: session.referenceId ?? undefined,
      decision,
      secret,
      now: now(),
    });
    told(session.webhookStatus);
    return { status: 200, body: { sent: true, webhookStatus: session.webhookStatus } };
  }

  async function finishRoute(req, res) {
    const body = parseJson((await readBody(req, 4096)) ?? '');
    const provider = text(body?.provider, 20);
    const frameKey = text(body?.session, 500);
    const decision = text(body?.decision, 20);
    if (!provider || !frameKey || !DECISIONS.has(decision))
      return json(res, 400, { error: 'expected {provider, session, decision: approved | declined | review}' });
    const result = await finish(provider, frameKey, decision);
    json(res, result.status, result.body);
  }

  const post = {
    '/api/v1/inquiries': persona,
    '/resources/accessTokens/sdk': sumsub,
    '/resources/accessTokens': sumsub,
    '/v1/sessions': veriff,
    '/v1/sessions/': veriff,
    '/v3/session/': didit,
    '/v3/session': didit,
    '/v2/session/': didit,
    '/api/v2/token': idenfy,
    '/api/sessions': generic,
    '/sandbox/finish': finishRoute,
  };
  /**
   * GET /sandbox/session?provider=…&key=… → {sessionId}: what a real provider's page knows of its own session (the
   * applicant id Sumsub's frame reports, the session id Didit's page reports), for a session the API created.
   */
  function sessionRoute(req, res, url) {
    const session = sessions.get(`${url.searchParams.get('provider')}:${url.searchParams.get('key')}`);
    if (!session) return json(res, 404, { error: 'unknown session' });
    json(res, 200, { sessionId: session.sessionId });
  }

  const get = { '/api/v2/redirect': idenfyRedirect, '/sandbox/session': sessionRoute };

  /**
   * The outage switch, to watch a host's failover (the demo's "break the first provider"): POST /sandbox/outage
   * `{"provider", "outage": "api" | "frame" | "none"}` (any origin: a sandbox has nothing to protect) → every
   * provider's outage now. `api`: its session API answers 503; `frame`: its frame pages load and never say anything
   * (server.mjs serves silent.html for them). GET /sandbox/outage: the same list.
   * @type {Map<string, 'api' | 'frame'>}
   */
  const outages = new Map();
  const OUTAGES = new Set(['api', 'frame', 'none']);
  /** The session APIs the switch can take down, by their handler. */
  const apiOf = new Map([
    [persona, 'persona'],
    [sumsub, 'sumsub'],
    [veriff, 'veriff'],
    [didit, 'didit'],
    [idenfy, 'idenfy'],
    [generic, 'generic'],
  ]);
  const outageList = (res) => json(res, 200, Object.fromEntries(outages), { 'Access-Control-Allow-Origin': '*' });
  async function outageRoute(req, res) {
    const body = parseJson((await readBody(req, 1024)) ?? '');
    const provider = text(body?.provider, 20);
    if (!provider || !OUTAGES.has(body?.outage))
      return json(res, 400, { error: 'expected {provider, outage: api | frame | none}' });
    if (body.outage === 'none') outages.delete(provider);
    else outages.set(provider, body.outage);
    outageList(res);
  }
  post['/sandbox/outage'] = outageRoute;
  get['/sandbox/outage'] = (req, res) => outageList(res);

  return {
    /** The handler for a method and path, or undefined. */
    route(method, pathname) {
      if (method === 'POST' && sdk.route(pathname)) return sdk.route(pathname);
      const table = method === 'POST' ? post : method === 'GET' || method === 'HEAD' ? get : {};
      const handler = Object.prototype.hasOwnProperty.call(table, pathname) ? table[pathname] : undefined;
      if (method === 'POST' && outages.get(apiOf.get(handler)) === 'api')
        return (req, res) => json(res, 503, { error: 'sandbox outage: this session API is switched off' });
      return handler;
    },
    /** Whether `pathname` is a frame page of a provider whose frame is switched off (`/<provider>…`). */
    frameDown(pathname) {
      for (const [provider, outage] of outages)
        if (outage === 'frame' && (pathname === `/${provider}` || pathname.startsWith(`/${provider}/`))) return true;
      return false;
    },
    sessions,
    finish,
    /** What the SDK-hosted providers' stand-ins saw, and Plaid's keys and statuses. */
    sdk,
  };
}
