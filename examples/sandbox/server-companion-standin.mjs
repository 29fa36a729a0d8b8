/**
 * STAND-IN, to be deleted at merge: a minimal local copy of what `kyc-widget/server` (src/server/index.ts, the
 * server branch) exports, so that the demo's loop runs before that branch lands. The demo never imports this file
 * directly: it imports server-companion.mjs, the one seam, which re-exports this today and the real build after the
 * merge. Names and results follow the public contract: `verifyWebhook(provider, { rawBody, headers, secret,
 * toleranceSeconds, now })`, `createSessionHandler({ createSession, allowedOrigins })`. `toNodeHandler` (the
 * node:http adapter) and the session clients' names are this file's own: the real ones may differ, and the demo's
 * calls of them sit in one table (demo-endpoint.mjs, SESSION_CLIENTS).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

// ---- verifyWebhook -------------------------------------------------------------------------------------------

const ALGORITHMS = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' };

function headerOf(headers, name) {
  if (headers && typeof headers.get === 'function') return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name.toLowerCase()) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function sameHex(given, expected) {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex'));
}

const hmac = (algorithm, secret, data) => createHmac(algorithm, secret).update(data).digest('hex');

/** Per provider: null when the signature holds, else the reason. */
const CHECKS = {
  persona(body, headers, secrets, { tolerance, now }) {
    const value = headerOf(headers, 'persona-signature');
    if (!value) return 'missing-signature';
    for (const pair of value.split(' ')) {
      const fields = Object.fromEntries(pair.split(',').map((part) => part.split('=', 2)));
      if (!/^\d+$/.test(fields.t ?? '') || !fields.v1) continue;
      if (Math.abs(now / 1000 - Number(fields.t)) > tolerance) return 'stale';
      const signed = Buffer.concat([Buffer.from(`${fields.t}.`), body]);
      if (secrets.some((secret) => sameHex(fields.v1, hmac('sha256', secret, signed)))) return null;
    }
    return 'bad-signature';
  },
  sumsub(body, headers, secrets) {
    const digest = headerOf(headers, 'x-payload-digest');
    const algorithm = ALGORITHMS[headerOf(headers, 'x-payload-digest-alg') ?? 'HMAC_SHA256_HEX'];
    if (!digest) return 'missing-signature';
    if (!algorithm) return 'bad-signature';
    return secrets.some((secret) => sameHex(digest, hmac(algorithm, secret, body))) ? null : 'bad-signature';
  },
  veriff(body, headers, secrets) {
    const signature = headerOf(headers, 'x-hmac-signature') ?? headerOf(headers, 'vrf-hmac-signature');
    if (!signature) return 'missing-signature';
    return secrets.some((secret) => sameHex(signature, hmac('sha256', secret, body))) ? null : 'bad-signature';
  },
  didit(body, headers, secrets, { tolerance, now }) {
    const signature = headerOf(headers, 'x-signature');
    const timestamp = headerOf(headers, 'x-timestamp');
    if (!signature || !timestamp) return 'missing-signature';
    if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > tolerance) return 'stale';
    return secrets.some((secret) => sameHex(signature, hmac('sha256', secret, body))) ? null : 'bad-signature';
  },
  idenfy(body, headers, secrets) {
    const signature = headerOf(headers, 'idenfy-signature');
    if (!signature) return 'missing-signature';
    return secrets.some((secret) => sameHex(signature, hmac('sha256', secret, body))) ? null : 'bad-signature';
  },
};

const DECISIONS = {
  persona: (p) => {
    const inquiry = p?.data?.attributes?.payload?.data;
    const status = inquiry?.attributes?.status;
    return {
      event: p?.data?.attributes?.name,
      sessionId: inquiry?.id,
      referenceId: inquiry?.attributes?.['reference-id'],
      decision:
        status === 'approved'
          ? 'approved'
          : status === 'declined'
            ? 'declined'
            : status === 'needs_review'
              ? 'review'
              : null,
    };
  },
  sumsub: (p) => ({
    event: p?.type,
    sessionId: p?.applicantId,
    referenceId: p?.externalUserId,
    decision:
      p?.type === 'applicantOnHold'
        ? 'review'
        : p?.reviewResult?.reviewAnswer === 'GREEN'
          ? 'approved'
          : p?.reviewResult?.reviewAnswer === 'RED'
            ? 'declined'
            : null,
  }),
  veriff: (p) => {
    const status = p?.verification?.status;
    return {
      event: 'decision',
      sessionId: p?.verification?.id,
      referenceId: p?.verification?.vendorData,
      decision:
        status === 'approved'
          ? 'approved'
          : status === 'declined'
            ? 'declined'
            : status === 'resubmission_requested'
              ? 'review'
              : null,
    };
  },
  didit: (p) => ({
    event: p?.webhook_type,
    sessionId: p?.session_id,
    referenceId: p?.vendor_data,
    decision: { Approved: 'approved', Declined: 'declined', 'In Review': 'review' }[p?.status] ?? null,
  }),
  idenfy: (p) => ({
    event: p?.final ? 'final' : 'update',
    sessionId: p?.scanRef,
    referenceId: p?.clientId,
    decision: { APPROVED: 'approved', DENIED: 'declined', REVIEWING: 'review' }[p?.status?.overall] ?? null,
  }),
};

export async function verifyWebhook(
  provider,
  { rawBody, headers, secret, toleranceSeconds = 300, now = Date.now() } = {},
) {
  if (provider === 'jumio') return { ok: false, provider, reason: 'unsigned-provider' };
  if (!Object.hasOwn(CHECKS, provider)) return { ok: false, provider, reason: 'unknown-provider' };
  const secrets = (Array.isArray(secret) ? secret : [secret]).filter((s) => typeof s === 'string' && s);
  if (!secrets.length || (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)))
    return { ok: false, provider, reason: 'malformed' };
  const body = Buffer.from(rawBody);
  const problem = CHECKS[provider](body, headers, secrets, { tolerance: toleranceSeconds, now });
  if (problem) return { ok: false, provider, reason: problem };
  let payload;
  try {
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, provider, reason: 'malformed' };
  }
  const { event, sessionId, referenceId, decision } = DECISIONS[provider](payload);
  const result = { ok: true, provider, event: typeof event === 'string' ? event : 'unknown', decision };
  if (typeof sessionId === 'string') result.sessionId = sessionId;
  if (typeof referenceId === 'string') result.referenceId = referenceId;
  return result;
}

// ---- createSessionHandler and the node:http adapter -----------------------------------------------------------

const noStore = { 'Cache-Control': 'no-store' };
const fail = (status, error, headers = {}) => Response.json({ error }, { status, headers: { ...noStore, ...headers } });

export function createSessionHandler({ createSession, allowedOrigins }) {
  return async (request) => {
    if (request.method !== 'POST') return fail(405, 'POST only', { Allow: 'POST' });
    const allowed = allowedOrigins ?? [new URL(request.url).origin];
    const origin = request.headers.get('origin');
    if (origin !== null && !allowed.includes(origin)) return fail(403, 'origin not allowed');
    let body;
    try {
      body = JSON.parse(await request.text());
    } catch {
      return fail(400, 'expected a JSON body');
    }
    if (!body || typeof body.provider !== 'string' || (body.refresh !== undefined && typeof body.refresh !== 'boolean'))
      return fail(400, 'expected {provider, locale, refresh}');
    try {
      const locale = typeof body.locale === 'string' ? body.locale : undefined;
      const session = await createSession({ provider: body.provider, locale, refresh: body.refresh === true, request });
      const { sessionUrl, sessionToken, expiresAt } = session ?? {};
      return Response.json({ provider: body.provider, sessionUrl, sessionToken, expiresAt }, { headers: noStore });
    } catch {
      return fail(502, 'the session could not be created');
    }
  };
}

/** node:http → Request, Response → node:http. */
export function toNodeHandler(handler) {
  return async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const response = await handler(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

// ---- Session clients (with a baseUrl, so that they can call the sandbox) -----------------------------------------

async function call(url, init) {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

const postJson = (url, headers, body) =>
  call(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

export async function createPersonaSession({ apiKey, templateId, referenceId, baseUrl, frameBase }) {
  const body = JSON.stringify({
    data: { attributes: { 'inquiry-template-id': templateId, 'reference-id': referenceId } },
  });
  const { data } = await postJson(`${baseUrl}/api/v1/inquiries`, { Authorization: `Bearer ${apiKey}` }, body);
  return { sessionUrl: `${frameBase}/widget?inquiry-id=${encodeURIComponent(data.id)}`, sessionId: data.id };
}

export async function createSumsubSession({
  appToken,
  secretKey,
  userId,
  levelName,
  ttlInSecs = 600,
  baseUrl,
  frameBase,
}) {
  const path = '/resources/accessTokens/sdk';
  const body = JSON.stringify({ userId, levelName, ttlInSecs });
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secretKey).update(`${ts}POST${path}${body}`).digest('hex');
  const headers = { 'X-App-Token': appToken, 'X-App-Access-Ts': ts, 'X-App-Access-Sig': signature };
  const { token } = await postJson(`${baseUrl}${path}`, headers, body);
  return {
    sessionUrl: frameBase,
    sessionToken: token,
    expiresAt: new Date(Date.now() + ttlInSecs * 1000).toISOString(),
  };
}

export async function createVeriffSession({ apiKey, vendorData, baseUrl }) {
  const body = JSON.stringify({ verification: { vendorData } });
  const { verification } = await postJson(`${baseUrl}/v1/sessions`, { 'X-AUTH-CLIENT': apiKey }, body);
  return { sessionUrl: verification.url, sessionId: verification.id };
}

export async function createDiditSession({ apiKey, workflowId, vendorData, baseUrl }) {
  const body = JSON.stringify({ workflow_id: workflowId, vendor_data: vendorData });
  const session = await postJson(`${baseUrl}/v3/session/`, { 'x-api-key': apiKey }, body);
  return { sessionUrl: session.url, sessionId: session.session_id };
}

export async function createIdenfySession({ apiKey, apiSecret, clientId, baseUrl, frameBase }) {
  const authorization = `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`;
  const token = await postJson(
    `${baseUrl}/api/v2/token`,
    { Authorization: authorization },
    JSON.stringify({ clientId }),
  );
  return {
    sessionUrl: `${frameBase}/`,
    sessionToken: token.authToken,
    sessionId: token.scanRef,
    expiresAt: new Date(Date.now() + token.expiryTime * 1000).toISOString(),
  };
}
