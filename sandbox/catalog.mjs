/**
 * Widget inputs that run each provider's sandbox page (sandbox/public/<provider>/…), for
 * the demo page's provider picker and the browser tests. A plain ES module: no imports, no Node
 * APIs, usable in a browser and in Node.
 *
 *   import { PROVIDER_DEMOS } from './catalog.mjs';
 *   const inputs = PROVIDER_DEMOS.sumsub('http://localhost:5174', { script: 'ready,step:IDENTITY' });
 *   // → { provider: 'sumsub', sessionUrl, sessionToken, allowedOrigins: 'http://localhost:5174' }
 *   Object.assign(document.querySelector('kyc-widget'), inputs); // sessionToken as a property, never an attribute
 *
 * Each entry is `(sandboxOrigin, { script, session, params } = {}) => inputs`:
 *   script   the page's scripted mode (see each page's header comment in public/assets/<provider>.js);
 *            without it the page is the interactive click-through
 *   session  the id the page reports (inquiry, applicant, workflow, session id) or, for providers that
 *            report none, a path segment / parameter that makes the frame URL unique
 *   params   any other query parameters for the page (`echo`, `delay`, `sdk-session`, …)
 * `allowedOrigins` is the sandbox origin: the adapters' built-in allowlists name only the real
 * provider hosts. Tokens here are fake sandbox values (`sbx_tok_…`).
 */

export const SANDBOX_TOKENS = Object.freeze({
  sumsub: 'sbx_tok_sumsub_5f3a9c2e7b1d4086',
  jumio: 'sbx_tok_jumio_2b7d9e4f1a6c8053',
  idenfy: 'sbx_tok_idenfy_8c1e4b7a2d9f3065',
  didit: 'sbx_tok_didit_7e2c5a9b4f1d3068',
  yoti: 'sbx_tok_yoti_3d8f1b6e9a2c5047',
  caf: 'sbx_tok_caf_6a9d2f5c8e1b4073',
  onfido: 'sbx_tok_onfido_4e8b1c7a2f9d3056',
  // The shapes the stand-ins check: a VerificationSession's client_secret, a Plaid link_token.
  stripe: 'vs_sbxDemo0001_secret_sbxDemo0001',
  plaid: 'link-sandbox-sbx-demo-0001',
});

/**
 * The providers whose session-creation API the sandbox also answers (session-apis.mjs; the generic protocol's is the
 * sandbox's own): the demo's backend creates their sessions through it, and their frames' outcome comes back as the
 * provider's signed webhook.
 */
export const SESSION_API_PROVIDERS = Object.freeze([
  'generic',
  'persona',
  'sumsub',
  'veriff',
  'didit',
  'idenfy',
  'onfido',
  'stripe',
  'plaid',
]);

export const PROVIDER_LABELS = Object.freeze({
  generic: 'Generic protocol',
  persona: 'Persona',
  sumsub: 'Sumsub',
  veriff: 'Veriff',
  jumio: 'Jumio',
  idenfy: 'iDenfy',
  didit: 'Didit',
  yoti: 'Yoti',
  veratad: 'Veratad',
  caf: 'CAF',
  zignsec: 'ZignSec',
  onfido: 'Onfido',
  stripe: 'Stripe Identity',
  plaid: 'Plaid',
  'jumio-sdk': 'Jumio (web component)',
});

/** `base` with the given query parameters (undefined and '' left out). */
function withQuery(base, query) {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url.href;
}

/** Query parameters common to every page: the script and the caller's extras. */
function pageQuery({ script, params } = {}) {
  return { ...params, script };
}

const segment = (value) => encodeURIComponent(value);

export const PROVIDER_DEMOS = Object.freeze({
  generic: (origin, options = {}) => ({
    provider: 'generic',
    sessionUrl: withQuery(`${origin}/generic`, { ...pageQuery(options), session: options.session }),
    allowedOrigins: origin,
  }),

  persona: (origin, options = {}) => ({
    provider: 'persona',
    sessionUrl: withQuery(`${origin}/persona/widget`, {
      'inquiry-template-id': 'itmpl_sbxDemo0001',
      'environment-id': 'env_sbxDemo0001',
      ...pageQuery(options),
      session: options.session,
    }),
    allowedOrigins: origin,
  }),

  sumsub: (origin, options = {}) => {
    const query = { ...pageQuery(options), session: options.session };
    const hasQuery = Object.values(query).some((value) => value !== undefined && value !== '');
    return {
      provider: 'sumsub',
      // A base URL is enough (the widget appends /websdk/websdk.html), but it drops a base's query:
      // with parameters, the full frame URL is given.
      sessionUrl: hasQuery ? withQuery(`${origin}/sumsub/websdk/websdk.html`, query) : `${origin}/sumsub`,
      sessionToken: SANDBOX_TOKENS.sumsub,
      allowedOrigins: origin,
    };
  },

  veriff: (origin, options = {}) => ({
    provider: 'veriff',
    sessionUrl: withQuery(
      `${origin}/veriff/v/${segment(options.session ?? 'sbx_veriff_session_0001')}`,
      pageQuery(options),
    ),
    allowedOrigins: origin,
  }),

  jumio: (origin, options = {}) => ({
    provider: 'jumio',
    sessionUrl: withQuery(`${origin}/jumio/web/${segment(options.session ?? 'sbx_workflow_0001')}`, {
      authorizationToken: SANDBOX_TOKENS.jumio,
      ...pageQuery(options),
    }),
    allowedOrigins: origin,
  }),

  idenfy: (origin, options = {}) => ({
    provider: 'idenfy',
    sessionUrl: withQuery(`${origin}/idenfy/`, { ...pageQuery(options), session: options.session }),
    sessionToken: SANDBOX_TOKENS.idenfy,
    allowedOrigins: origin,
  }),

  didit: (origin, options = {}) => ({
    provider: 'didit',
    sessionUrl: withQuery(`${origin}/didit/session/${segment(SANDBOX_TOKENS.didit)}`, {
      ...pageQuery(options),
      session: options.session,
    }),
    allowedOrigins: origin,
  }),

  yoti: (origin, options = {}) => ({
    provider: 'yoti',
    // The URL method: the widget adds sessionToken (the token is a property, never an attribute).
    sessionUrl: withQuery(`${origin}/yoti/idverify/v1/web/index.html`, {
      sessionID: options.session ?? 'sbx_yoti_session_0001',
      ...pageQuery(options),
    }),
    sessionToken: SANDBOX_TOKENS.yoti,
    allowedOrigins: origin,
  }),

  veratad: (origin, options = {}) => ({
    provider: 'veratad',
    sessionUrl: withQuery(
      `${origin}/veratad/${segment(options.session ?? 'sbx-veratad-link-0001')}`,
      pageQuery(options),
    ),
    allowedOrigins: origin,
  }),

  caf: (origin, options = {}) => ({
    provider: 'caf',
    sessionUrl: withQuery(`${origin}/caf/${segment(SANDBOX_TOKENS.caf)}`, {
      ...pageQuery(options),
      session: options.session,
    }),
    allowedOrigins: origin,
  }),

  zignsec: (origin, options = {}) => ({
    provider: 'zignsec',
    sessionUrl: withQuery(
      `${origin}/zignsec/ui/scanning-dp50/${segment(options.session ?? 'sbx-zignsec-session-0001')}`,
      { otp: 'sbx-otp', ...pageQuery(options) },
    ),
    allowedOrigins: origin,
  }),
});

/**
 * The SDK-hosted providers: no frame URL, the vendor's loader instead (the sandbox's stand-in under /sdk/, allowlisted
 * like a frame origin); `script` runs the stand-in's UI scripted (public/assets/sdk-ui.js). Apart from PROVIDER_DEMOS,
 * whose entries are frames (the bench measures them as frames).
 */
export const SDK_DEMOS = Object.freeze({
  onfido: (origin, options = {}) => sdkDemo('onfido', origin, options, `${origin}/sdk/onfido/Onfido.js`),
  stripe: (origin, options = {}) =>
    sdkDemo('stripe', origin, options, `${origin}/sdk/stripe/stripe.js`, { publishableKey: 'pk_test_sbxDemo0001' }),
  plaid: (origin, options = {}) => sdkDemo('plaid', origin, options, `${origin}/sdk/plaid/link-initialize.js`),
  // Jumio's web component, the second way into `jumio` (options.sdk): the widget loads nothing, the page defines
  // <jumio-sdk> by importing Jumio's package. Here the page imports the sandbox's stand-in of it (`hostImport`).
  'jumio-sdk': (origin, { script } = {}) => ({
    provider: 'jumio',
    sessionToken: script ? `script=${script}` : SANDBOX_TOKENS.jumio,
    options: { sdk: true, dc: 'us' },
    allowedOrigins: origin,
    hostImport: `${origin}/sdk/jumio/jumio-sdk.js`,
  }),
});

/**
 * The demo backend's route for `provider="auto"` (demo-endpoint.mjs): the candidates in order. The demo page's
 * outage switch breaks the first (sandbox/session-apis.mjs, /sandbox/outage).
 */
export const AUTO_ROUTE = Object.freeze(['veriff', 'persona']);

/** Every provider the demo offers: the frames, then the SDK-hosted ones. */
export const ALL_DEMOS = Object.freeze({ ...PROVIDER_DEMOS, ...SDK_DEMOS });

function sdkDemo(provider, origin, { script } = {}, sdkUrl, extra = {}) {
  return {
    provider,
    sessionToken: script ? `script=${script}` : SANDBOX_TOKENS[provider],
    options: { sdkUrl, ...extra },
    allowedOrigins: origin,
  };
}
