import { describe, expect, it } from 'vitest';
import { withAnswer } from '../../src/element/resolve';
import { Problem } from '../../src/frame/problem';
import { frameOf as frameFor, frameOf as providerFor } from '../support/providers';
import { onfidoError } from '../../src/providers/onfido/sdk';
import { plaidExit } from '../../src/providers/plaid/sdk';
import { stripeResult } from '../../src/providers/stripe/sdk';
import { jumioEvent, jumioLocale } from '../../src/providers/jumio/sdk';
import { codeOf } from '../../src/sdk/types';
import { readAnswer } from '../../src/session/request';
import { context } from './providers/helpers';

/**
 * The SDK-hosted providers without a browser: their builders (the vendor's loader URL, or the problem), and what each
 * vendor callback means (src/sdk/<id>.ts). The browser tests run the same through the sandbox's stand-ins.
 */

const url = (built: unknown) => (built instanceof Problem ? built : (built as { url: URL }).url.href);

describe('the builders give the vendor’s loader URL', () => {
  it.each([
    ['onfido', {}, 'https://sdk.onfido.com/v14.80.0/Onfido.js'],
    ['stripe', { publishableKey: 'pk_test_abc' }, 'https://js.stripe.com/endive/stripe.js'],
    ['plaid', {}, 'https://cdn.plaid.com/link/v2/stable/link-initialize.js'],
  ] as const)('%s', (id, options, expected) => {
    expect(url(frameFor(id).frameUrl(context({ sessionToken: 'tok_1', options })))).toBe(expected);
    expect(frameFor(id).sdk).toBeDefined();
    expect(frameFor(id).origins).toEqual([new URL(expected).origin]);
  });

  it('options.sdkUrl replaces it (the allowlist is checked by the resolution, as for a frame URL)', () => {
    const built = frameFor('plaid').frameUrl(
      context({ sessionToken: 't', options: { sdkUrl: 'http://127.0.0.1:9/x.js' } }),
    );
    expect(url(built)).toBe('http://127.0.0.1:9/x.js');
  });

  it.each<[string, Record<string, unknown>, string | undefined, string, string]>([
    ['onfido', {}, undefined, 'needs', 'onfido'],
    ['plaid', {}, undefined, 'needs', 'plaid'],
    ['stripe', { publishableKey: 'pk_test_abc' }, undefined, 'needs', 'stripe'],
    ['stripe', {}, 't', 'needs', 'stripe'],
    ['stripe', { publishableKey: 'sk_test_secret' }, 't', 'must', 'options.publishableKey'],
    ['onfido', { workflowRunId: 'no spaces allowed' }, 't', 'must', 'options.workflowRunId'],
    ['plaid', {}, 'has space', 'token', 'plaid'],
    ['plaid', { sdkUrl: 'javascript:alert(1)' }, 't', 'scheme', 'options.sdkUrl'],
    ['plaid', { sdkUrl: 'http://evil.example/x.js' }, 't', 'http', 'options.sdkUrl'],
    ['plaid', { sdkUrl: 42 }, 't', 'must', 'options.sdkUrl'],
  ])('%s %j token %s → %s at %s', (id, options, sessionToken, code, at) => {
    const built = frameFor(id as 'plaid').frameUrl(context({ sessionToken, options }));
    expect(built).toBeInstanceOf(Problem);
    expect(built).toMatchObject({ code, at });
  });
});

describe("a session's options from the session endpoint's answer", () => {
  const endpoint = new URL('https://app.example/api/kyc-session');
  const inputs = (options: Record<string, unknown> = {}) => ({
    provider: 'onfido',
    sessionUrl: undefined,
    sessionToken: undefined,
    options,
  });

  it("Onfido's workflow run id: read from the answer, taken over the host's options", () => {
    const answer = readAnswer(
      { provider: 'onfido', sessionToken: 'tok', options: { workflowRunId: 'run-1' } },
      endpoint,
    );
    expect(answer).toEqual({ provider: 'onfido', sessionToken: 'tok', options: { workflowRunId: 'run-1' } });
    expect(withAnswer(inputs({ language: 'fr_FR', workflowRunId: 'old' }), answer).options).toEqual({
      language: 'fr_FR',
      workflowRunId: 'run-1',
    });
    // And the builder checks it as it checks the host's.
    const bad = withAnswer(inputs(), { sessionToken: 'tok', options: { workflowRunId: 'has spaces' } });
    expect(frameFor('onfido').frameUrl(context({ sessionToken: 'tok', options: bad.options }))).toMatchObject({
      code: 'must',
      at: 'options.workflowRunId',
    });
  });

  it('only the names the provider lists: never a loader URL, never for another provider', () => {
    const answer = { sessionToken: 'tok', options: { workflowRunId: 'run-1', sdkUrl: 'https://evil.example/x.js' } };
    expect(withAnswer(inputs({ sdkUrl: 'https://sdk.onfido.com/v14.80.0/Onfido.js' }), answer).options).toEqual({
      sdkUrl: 'https://sdk.onfido.com/v14.80.0/Onfido.js',
      workflowRunId: 'run-1',
    });
    expect(withAnswer({ ...inputs(), provider: 'plaid' }, answer).options).toEqual({});
    expect(withAnswer(inputs(), { sessionToken: 'tok' }).options).toEqual({});
  });

  it("Jumio's data centre (`dc`): taken for its web component (options.sdk), not for its hosted page", () => {
    const answer = {
      sessionToken: 'tok',
      sessionUrl: 'https://x.web.emea-1.jumio.ai/web/v4/app',
      options: { dc: 'eu' },
    };
    const jumio = (options: Record<string, unknown>) => ({ ...inputs(options), provider: 'jumio' });
    expect(withAnswer(jumio({ sdk: true, dc: 'us' }), answer).options).toEqual({ sdk: true, dc: 'eu' });
    expect(withAnswer(jumio({}), answer).options).toEqual({});
    // A `dc` the component does not know is refused by the builder, as the host's would be.
    const bad = withAnswer(jumio({ sdk: true }), { ...answer, options: { dc: 'mars' } });
    expect(
      providerFor('jumio', { sdk: true }).frameUrl(context({ sessionToken: 'tok', options: bad.options })),
    ).toMatchObject({
      code: 'one-of',
      at: 'options.dc',
    });
  });

  it('an answer option that is not a string of at most 256 characters is not taken', () => {
    const taken = (options: unknown) =>
      withAnswer(inputs(), readAnswer({ sessionToken: 'tok', options }, endpoint)).options;
    expect(readAnswer({ sessionToken: 'tok', options: 'workflowRunId=1' }, endpoint)?.options).toBeUndefined();
    expect(taken({ workflowRunId: 42 })).toEqual({});
    expect(taken({ workflowRunId: { id: 'run-1' } })).toEqual({});
    expect(taken({ workflowRunId: 'x'.repeat(257) })).toEqual({});
    expect(taken({ workflowRunId: 'x'.repeat(256) })).toEqual({ workflowRunId: 'x'.repeat(256) });
  });
});

describe("jumio's second way in: its web component with options.sdk", () => {
  it('options.sdk: true is the <jumio-sdk> adapter, anything else the hosted page in a frame', () => {
    expect(providerFor('jumio', { sdk: true }).sdk).toMatchObject({
      mount: 'inline',
      delivery: { kind: 'element', tag: 'jumio-sdk' },
    });
    for (const options of [{}, { sdk: 'true' }, { sdk: 1 }, { sdk: false }])
      expect(providerFor('jumio', options).sdk, JSON.stringify(options)).toBeUndefined();
    expect(providerFor('onfido', { sdk: true })).toBe(frameFor('onfido'));
  });

  it("the URL is the API of the element's dc (for the allowlist and the page's connect-src); a token is needed", () => {
    const jumio = providerFor('jumio', { sdk: true });
    expect(url(jumio.frameUrl(context({ sessionToken: 't', options: { sdk: true } })))).toBe(
      'https://web-sdk.amer-1.jumio.ai/websdk/v4/api',
    );
    expect(url(jumio.frameUrl(context({ sessionToken: 't', options: { dc: 'eu' } })))).toBe(
      'https://web-sdk.emea-1.jumio.ai/websdk/v4/api',
    );
    expect(url(jumio.frameUrl(context({ sessionToken: 't', options: { dc: 'sgp' } })))).toBe(
      'https://web-sdk.apac-1.jumio.ai/websdk/v4/api',
    );
    expect(jumio.frameUrl(context({ sessionToken: 't', options: { dc: 'uk' } }))).toMatchObject({
      code: 'one-of',
      at: 'options.dc',
    });
    expect(jumio.frameUrl(context({ options: {} }))).toMatchObject({ code: 'needs', at: 'jumio-sdk' });
  });

  it('its events: start once, success is pending, failed a recoverable provider-error, retry a step', () => {
    expect(jumioEvent('workflow:start', false)).toEqual([{ type: 'start' }]);
    expect(jumioEvent('workflow:start', true)).toEqual([]);
    expect(jumioEvent('workflow:success', true)).toEqual([
      { type: 'submit' },
      { type: 'complete', outcome: 'pending' },
    ]);
    expect(jumioEvent('workflow:failed', true)).toMatchObject([
      { type: 'error', code: 'provider-error', recoverable: true },
    ]);
    expect(jumioEvent('workflow:retry', true)).toEqual([{ type: 'progress', step: 'retry' }]);
    expect(jumioEvent('workflow:initiate', true)).toEqual([]);
  });

  it("its locale: options.locale when Jumio's element knows it, else the widget's language", () => {
    expect(jumioLocale('zh-HK', 'en')).toBe('zh-HK');
    expect(jumioLocale('pt_BR', 'en')).toBe('pt_BR');
    expect(jumioLocale(undefined, 'pt-BR')).toBe('pt-BR');
    for (const unknown of ['xx', 'EN', 'en_us', '', 7, null]) expect(jumioLocale(unknown, 'de')).toBe('de');
    // The widget's own seven languages are all Jumio's.
    for (const locale of ['en', 'ar', 'de', 'es', 'fr', 'pt', 'pt-BR']) expect(jumioLocale(locale, 'x')).toBe(locale);
  });
});

describe('what the vendors’ callbacks mean', () => {
  it('Onfido onError', () => {
    expect(onfidoError({ type: 'expired_token', message: 'x' })).toEqual({ type: 'token-expired' });
    expect(onfidoError({ type: 'user_consent_denied' })).toEqual({ type: 'cancel' });
    expect(onfidoError({ type: 'no_camera' })).toMatchObject({ code: 'camera-unavailable', providerCode: 'no_camera' });
    expect(onfidoError({ type: 'invalid_token' })).toMatchObject({ code: 'provider-error', recoverable: false });
    expect(onfidoError({ type: 'uncaught_fetch_error' })).toMatchObject({ code: 'provider-error', recoverable: true });
    // The loader's failed import reaches onError as a raw Error: no type, no vendor text in the signal.
    expect(onfidoError(new Error('Failed to fetch https://sdk.onfido.com/…'))).toEqual({
      type: 'error',
      code: 'provider-error',
      message: 'Onfido reported an error without a type',
    });
    expect(onfidoError(null)).toMatchObject({ code: 'provider-error' });
    expect(onfidoError({ type: '<img src=x onerror=alert(1)>' })).not.toHaveProperty('providerCode');
  });

  it('Stripe verifyIdentity', () => {
    expect(stripeResult({ verificationSession: { id: 'vs_1' } })).toEqual([
      { type: 'submit' },
      { type: 'complete', outcome: 'pending' },
    ]);
    expect(stripeResult({})).toHaveLength(2);
    expect(stripeResult({ error: { code: 'session_cancelled' } })).toEqual([{ type: 'cancel' }]);
    expect(stripeResult({ error: { type: 'api_connection_error', message: 'raw vendor text' } })).toEqual([
      {
        type: 'error',
        code: 'provider-error',
        message: 'Stripe Identity: api_connection_error',
        recoverable: true,
        providerCode: 'api_connection_error',
      },
    ]);
  });

  it('Plaid onExit', () => {
    expect(plaidExit(null)).toEqual({ type: 'cancel' });
    expect(plaidExit({ error_code: 'INVALID_LINK_TOKEN', error_type: 'INVALID_INPUT' })).toEqual({
      type: 'token-expired',
    });
    expect(plaidExit({ error_code: 'INTERNAL_SERVER_ERROR', error_type: 'API_ERROR' })).toMatchObject({
      recoverable: true,
      providerCode: 'INTERNAL_SERVER_ERROR',
    });
    expect(plaidExit({ error_code: 'X', error_type: 'INVALID_INPUT', error_message: 'vendor words' })).toEqual({
      type: 'error',
      code: 'provider-error',
      message: 'Plaid Link: X',
      recoverable: false,
      providerCode: 'X',
    });
  });

  it('codes are short tokens or nothing', () => {
    expect(codeOf('expired_token')).toBe('expired_token');
    expect(codeOf('a'.repeat(65))).toBeUndefined();
    expect(codeOf('with space')).toBeUndefined();
    expect(codeOf(42)).toBeUndefined();
  });
});
