/**
 * The sandbox's fixed demo credentials: what the sandbox's session APIs accept (session-apis.mjs) and what the
 * demo's backend sends (demo-endpoint.mjs). They open nothing but this local sandbox, so they can be published;
 * a real backend reads its provider keys from its own secret store. `startSandbox({ keys })` takes others.
 * Each provider's shape follows what that provider issues (see docs/providers/<id>.md, "Sandbox session API"):
 * Sumsub an app token and a secret key, Veriff an API key (a UUID) and a shared secret key, iDenfy an API key and
 * secret, Persona and Didit one API key each; the generic protocol's sessions come from the sandbox's own API (one key).
 */
export const SANDBOX_API_KEYS = Object.freeze({
  generic: Object.freeze({ apiKey: 'sbxDemoGenericKey0001' }),
  persona: Object.freeze({ apiKey: 'persona_sandbox_sbxDemoKey0001' }),
  sumsub: Object.freeze({ appToken: 'sbx:sbxDemoAppToken0001', secretKey: 'sbxDemoSumsubSecretKey0001' }),
  veriff: Object.freeze({
    apiKey: '5b0c7e2a-1d4f-4c83-9e6a-2f7b8d9c0a11',
    sharedSecret: 'sbxDemoVeriffSharedSecret0001',
  }),
  didit: Object.freeze({ apiKey: 'sbxDemoDiditApiKey0001', workflowId: '11111111-2222-3333-4444-555555555555' }),
  idenfy: Object.freeze({ apiKey: 'sbxDemoIdenfyKey0001', apiSecret: 'sbxDemoIdenfySecret0001' }),
  onfido: Object.freeze({ apiToken: 'api_sandbox.sbxDemoOnfidoToken0001' }),
  stripe: Object.freeze({ secretKey: 'sk_test_sbxDemoStripeSecretKey0001' }),
  plaid: Object.freeze({ clientId: 'sbxDemoPlaidClientId0001', secret: 'sbxDemoPlaidSecret0001' }),
  jumio: Object.freeze({ clientId: 'sbxDemoJumioClientId0001', clientSecret: 'sbxDemoJumioClientSecret0001' }),
  socure: Object.freeze({ apiKey: 'sbxDemoSocureApiKey0001' }),
});

/**
 * The secret the sandbox signs its webhooks with, and the demo's backend checks them with: `whsec_` and base64, the
 * Standard Webhooks form the generic protocol needs (the other providers use the same string as it is).
 */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_c2FuZGJveC1kZW1vLXdlYmhvb2stc2VjcmV0LTdjMWYwZTlhMmI0ZA==';
