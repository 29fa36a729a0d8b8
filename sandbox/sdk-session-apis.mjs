/**
 * The sandbox playing the servers of the SDK-hosted providers: the session-creation calls of Onfido, Stripe
 * Identity, Plaid Identity Verification, Jumio and Socure at the paths each documents, with each one's
 * authentication and body encoding, answering in each one's documented shape, and Plaid's key and status endpoints
 * (its webhooks are ES256 JWTs and carry no status). Every request is recorded in `seen` (method, path, headers, raw
 * body) so that tests can check exactly what a client sent. Independent of src/ on purpose: it plays the providers.
 *
 * Wire facts and where they come from (docs/providers/<id>.md, "Server", says the same and what is unsure):
 *   Onfido  POST /v3.6/applicants, /v3.6/workflow_runs → {id, sdk_token, status…}, /v3.6/sdk_token → {token};
 *           `Authorization: Token token=<API token>`; errors {error: {type, message}}.
 *           @onfido/api@6.2.0 dist/api.js, dist/api.d.ts, dist/configuration.js
 *   Stripe  POST /v1/identity/verification_sessions, form-encoded, `Authorization: Bearer sk_…`, `Idempotency-Key`
 *           (the same key answers the same session; with other parameters, 400 idempotency_error);
 *           errors {error: {type, message}}. stripe@23.1.0 esm/RequestSender.js, resources/Identity/VerificationSessions.d.ts,
 *           https://docs.stripe.com/api/idempotent_requests
 *   Plaid   POST /link/token/create, /webhook_verification_key/get, /identity_verification/get; keys in
 *           PLAID-CLIENT-ID / PLAID-SECRET headers or the body; errors {error_type, error_code, error_message}.
 *           plaid@47.0.0 api.ts; https://plaid.com/docs/api/webhooks/webhook-verification/
 *   Jumio   POST /oauth2/token (Basic client:secret, grant_type=client_credentials) → {access_token, expires_in,
 *           token_type}; POST /api/v1/accounts (Bearer) → {account: {id}, web: {href}, sdk: {token},
 *           workflowExecution: {id}}. https://documentation.jumio.ai/docs/developer-resources/API/authorization
 *   Socure  POST /api/evaluation (Bearer) → {eval_id, decision: "REVIEW", eval_status: "evaluation_paused",
 *           data_enrichments: [{enrichment_provider: "SocureDocRequest", response: {data: {docvTransactionToken, url}}}]}.
 *           https://help.socure.com/riskos/docs/document-verification-handle-additional-verification
 */
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, timingSafeEqual } from 'node:crypto';

const hex = (bytes) => randomBytes(bytes).toString('hex');
const header = (req, name) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
function same(given, expected) {
  if (typeof given !== 'string' || typeof expected !== 'string') return false;
  const digest = (text) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}
function parseJson(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** An ES256 JWT over `body` as Plaid signs its webhooks: header {alg, kid, typ}, claims {iat, request_body_sha256}. */
export function signPlaidJwt(body, { kid, privateKey }, iatSeconds) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = part({ alg: 'ES256', kid, typ: 'JWT' });
  const claims = part({ iat: iatSeconds, request_body_sha256: createHash('sha256').update(body).digest('hex') });
  const signature = sign('sha256', Buffer.from(`${head}.${claims}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${head}.${claims}.${signature.toString('base64url')}`;
}

/** A P-256 key pair as Plaid's key endpoint describes one (its public half as a JWK with created_at, expired_at). */
export function plaidKeyPair(now = Date.now()) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y } = publicKey.export({ format: 'jwk' });
  const kid = randomUUID();
  const jwk = {
    alg: 'ES256',
    created_at: Math.floor(now / 1000),
    crv: 'P-256',
    expired_at: null,
    kid,
    kty: 'EC',
    use: 'sig',
    x,
    y,
  };
  return { kid, privateKey, jwk };
}

/**
 * @param {{ origin: () => string, keys: Record<string, Record<string, string>>, now: () => number,
 *   remember: (provider: string, frameKey: string, sessionId: string, referenceId: string | null) => unknown }} options
 */
export function createSdkSessionApis({ origin, keys, now, remember }) {
  /** @type {{ method: string, path: string, headers: import('node:http').IncomingHttpHeaders, body: string }[]} */
  const seen = [];
  const stripeByKey = new Map();
  const plaidKeys = new Map();
  const plaidVerifications = new Map();
  let plaidSigning = plaidKeyPair(now());
  plaidKeys.set(plaidSigning.kid, plaidSigning.jwk);
  const jumioTokens = new Set();

  // ---- Onfido ------------------------------------------------------------------------------------------------------
  function onfido(req, res, body, path) {
    const unauthorized = () =>
      json(res, 401, {
        error: { type: 'authorization_error', message: 'Authorization error: please re-check your credentials' },
      });
    if (!same(header(req, 'authorization'), `Token token=${keys.onfido.apiToken}`)) return unauthorized();
    const fields = parseJson(body);
    if (!fields)
      return json(res, 422, { error: { type: 'validation_error', message: 'There was a validation error' } });
    if (path === '/v3.6/applicants') {
      if (!fields.first_name || !fields.last_name)
        return json(res, 422, { error: { type: 'validation_error', fields: { first_name: ["can't be blank"] } } });
      return json(res, 201, { id: randomUUID(), first_name: fields.first_name, last_name: fields.last_name });
    }
    if (typeof fields.applicant_id !== 'string')
      return json(res, 422, { error: { type: 'validation_error', fields: { applicant_id: ["can't be blank"] } } });
    if (path === '/v3.6/workflow_runs') {
      if (typeof fields.workflow_id !== 'string')
        return json(res, 422, { error: { type: 'validation_error', fields: { workflow_id: ["can't be blank"] } } });
      const id = randomUUID();
      const token = `sbx.onfido.${hex(16)}`;
      remember('onfido', token, id, fields.customer_user_id ?? null);
      return json(res, 201, {
        id,
        applicant_id: fields.applicant_id,
        workflow_id: fields.workflow_id,
        customer_user_id: fields.customer_user_id,
        status: 'awaiting_input',
        created_at: new Date(now()).toISOString(),
        sdk_token: token,
      });
    }
    return json(res, 200, { token: `sbx.onfido.sdk.${hex(16)}` });
  }

  // ---- Stripe ------------------------------------------------------------------------------------------------------
  function stripe(req, res, body) {
    if (!same(header(req, 'authorization'), `Bearer ${keys.stripe.secretKey}`))
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    if (!/^application\/x-www-form-urlencoded/.test(header(req, 'content-type') ?? ''))
      return json(res, 400, {
        error: { type: 'invalid_request_error', message: 'Invalid request: form-encode the parameters' },
      });
    const params = new URLSearchParams(body);
    const key = header(req, 'idempotency-key');
    const kept = key ? stripeByKey.get(key) : undefined;
    if (kept) {
      if (kept.body !== body)
        return json(res, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      return json(res, 200, kept.answer);
    }
    if (!params.get('type') && !params.get('verification_flow'))
      return json(res, 400, {
        error: { type: 'invalid_request_error', message: 'You must provide a type or a verification_flow.' },
      });
    const id = `vs_sbx${hex(12)}`;
    const clientSecret = `${id}_secret_${hex(12)}`;
    const reference = params.get('client_reference_id');
    const answer = {
      id,
      object: 'identity.verification_session',
      client_reference_id: reference,
      client_secret: clientSecret,
      created: Math.floor(now() / 1000),
      last_error: null,
      livemode: false,
      metadata: {},
      status: 'requires_input',
      type: params.get('type') ?? 'verification_flow',
      url: `${origin()}/stripe/verify/${id}`,
    };
    if (key) stripeByKey.set(key, { body, answer });
    remember('stripe', clientSecret, id, reference);
    return json(res, 200, answer);
  }

  // ---- Plaid -------------------------------------------------------------------------------------------------------
  function plaidAuthorized(req, fields) {
    const clientId = header(req, 'plaid-client-id') ?? fields?.client_id;
    const secret = header(req, 'plaid-secret') ?? fields?.secret;
    return same(clientId, keys.plaid.clientId) && same(secret, keys.plaid.secret);
  }
  const plaidError = (res, status, code, message) =>
    json(res, status, {
      error_type: 'INVALID_REQUEST',
      error_code: code,
      error_message: message,
      display_message: null,
      request_id: hex(8),
    });

  function plaid(req, res, body, path) {
    const fields = parseJson(body);
    if (!plaidAuthorized(req, fields))
      return json(res, 400, {
        error_type: 'INVALID_INPUT',
        error_code: 'INVALID_API_KEYS',
        error_message: 'invalid client_id or secret provided',
        request_id: hex(8),
      });
    if (path === '/link/token/create') {
      const user = fields.user?.client_user_id;
      if (typeof user !== 'string' || !user)
        return plaidError(res, 400, 'MISSING_FIELDS', 'user.client_user_id is required');
      if (!Array.isArray(fields.products) || !fields.products.includes('identity_verification'))
        return plaidError(res, 400, 'INVALID_FIELD', 'products must include identity_verification');
      if (typeof fields.identity_verification?.template_id !== 'string')
        return plaidError(res, 400, 'MISSING_FIELDS', 'identity_verification.template_id is required');
      const token = `link-sandbox-${randomUUID()}`;
      // Plaid makes the verification when the person starts in Link; the sandbox makes it now, to be finished later.
      const idv = `idv_sbx${hex(10)}`;
      plaidVerifications.set(idv, {
        id: idv,
        client_user_id: user,
        status: 'active',
        created_at: new Date(now()).toISOString(),
        completed_at: null,
      });
      remember('plaid', token, idv, user);
      return json(res, 200, {
        link_token: token,
        expiration: new Date(now() + 4 * 3_600_000).toISOString(),
        request_id: hex(8),
      });
    }
    if (path === '/webhook_verification_key/get') {
      const key = plaidKeys.get(fields.key_id);
      if (!key) return plaidError(res, 400, 'INVALID_FIELD', 'invalid key_id provided');
      return json(res, 200, { key, request_id: hex(8) });
    }
    const verification = plaidVerifications.get(fields.identity_verification_id);
    if (!verification) return plaidError(res, 400, 'INVALID_FIELD', 'identity verification not found');
    return json(res, 200, { ...verification, request_id: hex(8) });
  }

  // ---- Jumio -------------------------------------------------------------------------------------------------------
  function jumio(req, res, body, path) {
    if (path === '/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${keys.jumio.clientId}:${keys.jumio.clientSecret}`).toString('base64')}`;
      if (!same(header(req, 'authorization'), basic)) return json(res, 401, { error: 'invalid_client' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      const token = `sbx.jumio.${hex(16)}`;
      jumioTokens.add(token);
      return json(res, 200, { access_token: token, expires_in: 3600, token_type: 'Bearer' });
    }
    const bearer = /^Bearer (.+)$/.exec(header(req, 'authorization') ?? '');
    if (!bearer || !jumioTokens.has(bearer[1])) return json(res, 401, { message: 'Unauthorized' });
    const fields = parseJson(body);
    if (!fields?.customerInternalReference || !fields.workflowDefinition?.key)
      return json(res, 400, { message: 'customerInternalReference and workflowDefinition.key are required' });
    const account = randomUUID();
    const execution = randomUUID();
    const token = `sbx.jumio.sdk.${hex(16)}`;
    remember('jumio', token, execution, fields.userReference ?? null);
    return json(res, 200, {
      timestamp: new Date(now()).toISOString(),
      account: { id: account },
      web: { href: `${origin()}/jumio/web/v4/app?authorizationToken=${token}&locale=en-US` },
      sdk: { token },
      workflowExecution: { id: execution, credentials: [{ id: randomUUID(), category: 'ID' }] },
    });
  }

  // ---- Socure ------------------------------------------------------------------------------------------------------
  function socure(req, res, body) {
    if (!same(header(req, 'authorization'), `Bearer ${keys.socure.apiKey}`))
      return json(res, 401, { status: 'Error', msg: 'Unauthorized' });
    const fields = parseJson(body);
    const person = fields?.data?.individual;
    if (!fields?.id || !fields.workflow || !person?.given_name || !person.family_name)
      return json(res, 400, {
        status: 'Error',
        msg: 'id, workflow and data.individual (given_name, family_name…) are required',
      });
    const evalId = randomUUID();
    const token = randomUUID();
    remember('socure', token, evalId, fields.id);
    return json(res, 200, {
      id: fields.id,
      eval_id: evalId,
      decision: 'REVIEW',
      status: 'ON_HOLD',
      eval_status: 'evaluation_paused',
      data_enrichments: [
        {
          enrichment_provider: 'SocureDocRequest',
          response: { data: { docvTransactionToken: token, url: `${origin()}/socure/${token}` } },
        },
      ],
    });
  }

  const post = {
    '/v3.6/applicants': onfido,
    '/v3.6/workflow_runs': onfido,
    '/v3.6/sdk_token': onfido,
    '/v1/identity/verification_sessions': stripe,
    '/link/token/create': plaid,
    '/webhook_verification_key/get': plaid,
    '/identity_verification/get': plaid,
    '/oauth2/token': jumio,
    '/api/v1/accounts': jumio,
    '/api/evaluation': socure,
  };

  return {
    seen,
    /** The handler for a POST to `pathname`, or undefined. */
    route(pathname) {
      const handle = Object.hasOwn(post, pathname) ? post[pathname] : undefined;
      if (!handle) return undefined;
      return (req, res) => {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          seen.push({ method: req.method, path: pathname, headers: req.headers, body });
          handle(req, res, body, pathname);
        });
      };
    },
    plaid: {
      /** The key the sandbox signs Plaid's webhooks with now. */
      signing: () => plaidSigning,
      /** A new signing key (the old one stays known, as after a rotation). */
      rotate() {
        plaidSigning = plaidKeyPair(now());
        plaidKeys.set(plaidSigning.kid, plaidSigning.jwk);
        return plaidSigning;
      },
      /** Marks a key expired, as Plaid does after a rotation. */
      expire(kid) {
        const key = plaidKeys.get(kid);
        if (key) plaidKeys.set(kid, { ...key, expired_at: Math.floor(now() / 1000) });
      },
      /** Serves another key pair's public half under its kid (tests sign with keys of their own). */
      publish(jwk) {
        plaidKeys.set(jwk.kid, jwk);
      },
      verifications: plaidVerifications,
      /** The person finished: the verification's status, as Plaid's dashboard or its flow would set it. */
      decide(idv, decision) {
        const verification = plaidVerifications.get(idv);
        if (!verification) return false;
        verification.status = { approved: 'success', declined: 'failed', review: 'pending_review' }[decision];
        verification.completed_at = new Date(now()).toISOString();
        return true;
      },
    },
  };
}
