import snsWebSdk from '@sumsub/websdk';
import { describe, expect, it } from 'vitest';
import { rawParam } from '../../../src/providers/sumsub/protocol';
import { adapters, TOKEN, context, encodings, expectNoSecret, expectRobust, junk, send, start } from './helpers';
import { frameUrlOf } from '../../support/frame-url';

const { sumsub } = adapters;

const FRAME_ID = `id_${Buffer.from(TOKEN, 'utf8').toString('base64')}`;
const SID = 'sess-7f3a';

function ready(ctx = context({ sessionToken: TOKEN, locale: 'de' })) {
  const { session, port, url } = start(sumsub, ctx);
  send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID });
  const msg = (method: string, extra: Record<string, unknown> = {}) => ({
    method: `idCheck.${method}`,
    sessionId: SID,
    ...extra,
  });
  return { session, port, url, msg };
}

describe('sumsub frameUrl', () => {
  it('addresses the default base with the frame id', () => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN }));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.url.origin + built.url.pathname).toBe('https://in.sumsub.com/websdk/websdk.html');
    expect(rawParam(built.url, '_')).toBe(FRAME_ID);
    expect([...built.url.searchParams.keys()]).toEqual(['_']);
    expect(built.url.href).not.toContain(TOKEN); // only its base64, the provider's frame id
  });

  it('adds the theme unless auto', () => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, theme: 'dark' }));
    expect(built.ok && built.url.searchParams.get('theme')).toBe('dark');
  });

  // The WebSDK's own URL for the same launch config (its getIframeSrc; `location.origin` stands in for a page's).
  function webSdkUrl(config: Record<string, unknown>): string {
    const page = globalThis as { location?: unknown };
    page.location = { origin: 'https://shop.example' };
    try {
      const built = snsWebSdk
        .init(TOKEN, () => Promise.resolve(TOKEN))
        .withConf(config)
        .build() as unknown as {
        iframeId: string;
        getIframeId(): string;
        getIframeSrc(): string;
      };
      built.iframeId = `id_${built.getIframeId()}`;
      return built.getIframeSrc();
    } finally {
      delete page.location;
    }
  }

  it.each([
    [{}],
    [{ theme: 'dark' }],
    [{ theme: 'brand-theme-2' }],
    [{ customizationName: 'Brand & co/é 1' }],
    [{ theme: 'light', customizationName: 'c-1', translationName: 'tr?x=1' }],
    [{ translationName: 'only', lang: 'de', email: 'a@b.example' }],
  ])('writes the frame URL the WebSDK writes for config %j', (config) => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, options: { config } }));
    expect(built.ok && built.url.href).toBe(webSdkUrl(config));
  });

  it("puts the widget's theme over the config's, and its launch names over the same names in a session URL", () => {
    const sessionUrl = new URL('https://in.sumsub.com/websdk/websdk.html?customizationName=old&keep=1');
    const options = { config: { theme: 'light', customizationName: 'new' } };
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, sessionUrl, options, theme: 'dark' }));
    expect(built.ok && built.url.search).toBe(`?_=${FRAME_ID}&theme=dark&customizationName=new&keep=1`);
  });

  it('encodes a non-ASCII-safe token as UTF-8 base64', () => {
    const built = frameUrlOf(sumsub, context({ sessionToken: 'abc' }));
    expect(built.ok && rawParam(built.url, '_')).toBe('id_YWJj');
  });

  it.each([
    ['http://127.0.0.1:5174/sumsub', 'http://127.0.0.1:5174/sumsub/websdk/websdk.html'],
    ['http://127.0.0.1:5174/sumsub/', 'http://127.0.0.1:5174/sumsub/websdk/websdk.html'],
    ['https://api.sumsub.com', 'https://api.sumsub.com/websdk/websdk.html'],
    ['https://api.sumsub.com/?ignored=1', 'https://api.sumsub.com/websdk/websdk.html'],
  ])('uses session-url %s as the base', (base, expected) => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, sessionUrl: new URL(base) }));
    expect(built.ok && built.url.origin + built.url.pathname).toBe(expected);
    expect(built.ok && rawParam(built.url, '_')).toBe(FRAME_ID);
  });

  it('keeps a session-url that already is the frame page, replacing only the frame id', () => {
    const sessionUrl = new URL('https://in.sumsub.com/websdk/websdk.html?_=id_old&keep=1');
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, sessionUrl }));
    expect(built.ok && built.url.searchParams.get('keep')).toBe('1');
    expect(
      built.ok &&
        built.url.search
          .split('&')
          .filter((p) => p.replace('?', '').startsWith('_='))
          .map((p) => p.replace(/^\?/, '')),
    ).toEqual([`_=${FRAME_ID}`]);
  });

  it('writes the frame id raw, as the WebSDK does (no %3D)', () => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN }));
    expect(built.ok && built.url.href).toBe(`https://in.sumsub.com/websdk/websdk.html?_=${FRAME_ID}`);
    expect(built.ok && built.url.href).not.toContain('%3D');
  });

  it("takes the frame base from the access token's url claim (the WebSDK's getCurrentBaseUrl), and trusts its origin", () => {
    const claims = Buffer.from(JSON.stringify({ url: 'https://eu.sumsub.example', iat: 1 })).toString('base64url');
    const token = `_act-sbx-jwt-eyJhbGciOiJub25lIn0.${claims}.c2ln-v2`;
    const built = frameUrlOf(sumsub, context({ sessionToken: token }));
    expect(built.ok && built.url.origin + built.url.pathname).toBe('https://eu.sumsub.example/websdk/websdk.html');
    expect(built.ok && built.trust).toEqual(['https://eu.sumsub.example']);
    const plain = frameUrlOf(sumsub, context({ sessionToken: TOKEN }));
    expect(plain.ok && plain.trust).toBeUndefined();
    const unsafe = `_act-jwt-${Buffer.from(JSON.stringify({ url: 'http://evil.example' })).toString('base64url')}`;
    expect(frameUrlOf(sumsub, context({ sessionToken: unsafe })).ok).toBe(false);
  });

  it('uses options.baseUrl without a session-url', () => {
    const built = frameUrlOf(sumsub, context({ sessionToken: TOKEN, options: { baseUrl: 'https://api.sumsub.com' } }));
    expect(built.ok && built.url.href.startsWith('https://api.sumsub.com/websdk/websdk.html?_=')).toBe(true);
  });

  it.each([
    [context(), /session-token/],
    [context({ sessionToken: '' }), /session-token/],
    [context({ sessionToken: 'two words' }), /not a valid/],
    [context({ sessionToken: TOKEN, options: { baseUrl: 12 } }), /baseUrl/],
    [context({ sessionToken: TOKEN, options: { baseUrl: 'ftp://x.example' } }), /https/],
    [context({ sessionToken: TOKEN, options: { baseUrl: 'http://sumsub.example' } }), /https/],
  ])('refuses bad input (%#)', (ctx, message) => {
    const built = frameUrlOf(sumsub, ctx);
    expect(built.ok).toBe(false);
    if (!built.ok) expect(built.message).toMatch(message);
  });

  it("frames with Sumsub's allow list, no sandbox, and needs a token", () => {
    expect(sumsub.allow).toBe('camera; microphone; geolocation; clipboard-write; hid');
    expect(sumsub.sandbox).toBeUndefined();
    expect(frameUrlOf(sumsub, context()).ok).toBe(false);
    expect(sumsub.origins).toEqual(['https://in.sumsub.com', 'https://api.sumsub.com']);
  });
});

describe('sumsub handshake', () => {
  it.each(encodings({ method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID }))(
    'answers onReady with init (%s)',
    (_, data) => {
      const { session, port } = start(sumsub, context({ sessionToken: TOKEN, locale: 'pt', theme: 'light' }));
      expect(send(session, data)).toEqual([]);
      expect(port.posted).toEqual([
        {
          method: 'idCheck.init',
          accessToken: TOKEN,
          lang: 'pt',
          theme: 'light',
          packageVersion: '2.9.0',
          origin: 'https://shop.example',
          options: { adaptIframeHeight: true, enableScrollIntoView: false },
        },
      ]);
    },
  );

  it('merges options.config without letting it replace the token or the options', () => {
    const options = JSON.parse(
      '{"config":{"email":"a@b.example","accessToken":"evil","options":{"adaptIframeHeight":false},"method":"x","lang":"zh","__proto__":{"polluted":1},"i18n":{"a":"b"}}}',
    ) as Record<string, unknown>;
    const { session, port } = start(sumsub, context({ sessionToken: TOKEN, options }));
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID });
    const init = port.posted[0] as Record<string, unknown>;
    expect(init).toEqual({
      method: 'idCheck.init',
      accessToken: TOKEN,
      lang: 'zh',
      email: 'a@b.example',
      i18n: { a: 'b' },
      packageVersion: '2.9.0',
      origin: 'https://shop.example',
      options: { adaptIframeHeight: true, enableScrollIntoView: false },
    });
    expect(Object.getPrototypeOf(init)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sends the current token, not the first one', () => {
    const { session, port } = start(sumsub, context({ sessionToken: TOKEN }));
    port.setToken('_act-new');
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID });
    expect(port.posted[0]).toMatchObject({ accessToken: '_act-new' });
  });

  it('ignores onReady from another frame id or without a session id', () => {
    const { session, port } = start(sumsub, context({ sessionToken: TOKEN }));
    send(session, { method: 'idCheck.onReady', frameId: 'id_b3RoZXI=', sessionId: SID });
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID });
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: { id: 1 } });
    expect(port.posted).toEqual([]);
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: SID })).toEqual([]);
  });

  it('accepts onReady without a frame id', () => {
    const { session, port } = start(sumsub, context({ sessionToken: TOKEN }));
    send(session, { method: 'idCheck.onReady', sessionId: SID });
    expect(port.posted).toHaveLength(1);
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: SID })).toEqual([{ type: 'ready' }]);
  });

  it('drops every message before the handshake and with another session id after it', () => {
    const { session, port } = start(sumsub, context({ sessionToken: TOKEN }));
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: SID })).toEqual([]);
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID });
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: 'other' })).toEqual([]);
    expect(send(session, { method: 'idCheck.onInitialized' })).toEqual([]);
    // A second handshake with another session id is refused while the same document is loaded…
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: 'other' });
    expect(port.posted).toHaveLength(1);
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: 'other' })).toEqual([]);
    // …and accepted after the frame loaded a new document.
    session.onLoad?.();
    send(session, { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: 'other' });
    expect(port.posted).toHaveLength(2);
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: 'other' })).toEqual([{ type: 'ready' }]);
    expect(send(session, { method: 'idCheck.onInitialized', sessionId: SID })).toEqual([]);
  });
});

describe('sumsub messages', () => {
  it('maps the flow', () => {
    const { session, msg } = ready();
    expect(send(session, msg('onInitialized'))).toEqual([{ type: 'ready' }]);
    expect(send(session, msg('onApplicantLoaded', { applicantId: '65f0c0ffee' }))).toEqual([]);
    expect(send(session, msg('onStepInitiated', { idDocSetType: 'IDENTITY', types: ['PASSPORT'] }))).toEqual([
      { type: 'start', sessionId: '65f0c0ffee' },
      { type: 'progress', step: 'IDENTITY' },
    ]);
    expect(send(session, msg('onStepCompleted', { idDocSetType: 'IDENTITY' }))).toEqual([]);
    expect(send(session, msg('onStepInitiated', { idDocSetType: 'SELFIE' }))).toEqual([
      { type: 'progress', step: 'SELFIE' },
    ]);
    expect(send(session, msg('onVerificationProgressChanged', { currentStep: 2, totalSteps: 3 }))).toEqual([
      { type: 'progress', step: 'SELFIE', index: 2, total: 3 },
    ]);
    expect(send(session, msg('onApplicantSubmitted'))).toEqual([{ type: 'submit', sessionId: '65f0c0ffee' }]);
    expect(send(session, msg('onApplicantResubmitted'))).toEqual([{ type: 'submit', sessionId: '65f0c0ffee' }]);
    expect(send(session, msg('onResize', { height: 720 }))).toEqual([{ type: 'resize', height: 720 }]);
  });

  it('reports progress without a known step', () => {
    const { session, msg } = ready();
    expect(send(session, msg('onVerificationProgressChanged', { currentStep: '1', totalSteps: 4 }))).toEqual([
      { type: 'progress', step: 'step-1', index: 1, total: 4 },
    ]);
    expect(send(session, msg('onVerificationProgressChanged', { currentStep: -1, totalSteps: 1.5 }))).toEqual([]);
  });

  it.each([
    [
      { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } },
      [{ type: 'complete', outcome: 'approved' }],
    ],
    [
      { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL' } },
      [{ type: 'complete', outcome: 'declined' }],
    ],
    [{ reviewStatus: 'completed' }, [{ type: 'complete', outcome: 'pending' }]],
    [{ reviewStatus: 'pending' }, []],
    [{ reviewStatus: 'onHold', reviewResult: { reviewAnswer: 'GREEN' } }, []],
    [{ reviewStatus: 'queued' }, []],
  ])('maps onApplicantStatusChanged %j', (fields, expected) => {
    const { session, msg } = ready();
    expect(send(session, msg('onApplicantStatusChanged', fields))).toEqual(expected);
  });

  it.each(encodings({ method: 'idCheck.onError', sessionId: SID, code: 'invalid-token', error: 'Token expired' }))(
    'maps invalid-token to token-expired (%s)',
    (_, data) => {
      const { session } = ready();
      expect(send(session, data)).toEqual([{ type: 'token-expired' }]);
    },
  );

  it('maps other errors and upload errors to warnings: the WebSDK leaves its frame running on them', () => {
    const { session, msg } = ready();
    expect(send(session, msg('onError', { code: 'network', error: 'raw text <b>' }))).toEqual([
      {
        type: 'warning',
        code: 'provider-error',
        message: 'Sumsub reported an error (network)',
        providerCode: 'network',
      },
    ]);
    expect(send(session, msg('onUploadError', { code: 'fileTooBig' }))).toEqual([
      {
        type: 'warning',
        code: 'provider-error',
        message: 'Sumsub could not take a file (fileTooBig); the person can upload again',
        providerCode: 'fileTooBig',
      },
    ]);
    expect(send(session, msg('onUploadError'))).toMatchObject([{ type: 'warning', providerCode: 'upload-error' }]);
    expect(send(session, msg('onError'))).toEqual([
      { type: 'warning', code: 'provider-error', message: 'Sumsub reported an error' },
    ]);
  });

  it('answers getScrollPosition as the WebSDK does, and passes a new language and theme on', () => {
    const { session, port, msg } = ready();
    port.posted.length = 0;
    expect(send(session, msg('getScrollPosition'))).toEqual([]);
    session.settingsChanged?.({ locale: 'de', theme: 'dark' });
    expect(port.posted).toEqual([
      { method: 'idCheck.scrollPositionStored' },
      { method: 'idCheck.callSetLanguage', language: 'de' },
      { method: 'idCheck.callSetTheme', theme: 'dark' },
    ]);
  });

  it("keeps the host's options.config.lang when the widget's language changes, as idCheck.init does", () => {
    const ctx = context({ sessionToken: TOKEN, locale: 'de', options: { config: { lang: 'ja' } } });
    const { session, port } = ready(ctx);
    expect(port.posted[0]).toMatchObject({ method: 'idCheck.init', lang: 'ja' });
    port.posted.length = 0;
    session.settingsChanged?.({ locale: 'fr', theme: 'dark' });
    expect(port.posted).toEqual([{ method: 'idCheck.callSetTheme', theme: 'dark' }]);
  });

  it("launches with a theme of the host's own (options.config.theme, any name) unless the widget's theme is set", () => {
    const brand = { config: { theme: 'brand-theme-2' } };
    const auto = ready(context({ sessionToken: TOKEN, options: brand }));
    expect(auto.port.posted[0]).toMatchObject({ method: 'idCheck.init', theme: 'brand-theme-2' });
    const dark = ready(context({ sessionToken: TOKEN, options: brand, theme: 'dark' }));
    expect(dark.port.posted[0]).toMatchObject({ method: 'idCheck.init', theme: 'dark' });
  });

  it('ignores unknown methods and non-idCheck messages', () => {
    const { session, msg } = ready();
    expect(send(session, msg('onSomethingNew'))).toEqual([]);
    expect(send(session, { method: 'other.onInitialized', sessionId: SID })).toEqual([]);
    expect(send(session, 'idCheck.onInitialized')).toEqual([]);
  });
});

describe('sumsub token refresh', () => {
  it('hands a new token to the frame', () => {
    const { session, port } = ready();
    session.tokenRefreshed?.('_act-fresh', undefined);
    expect(port.posted.at(-1)).toEqual({ method: 'idCheck.updateAccessToken', accessToken: '_act-fresh' });
  });

  it('tells the frame when the refresh failed', () => {
    const { session, port } = ready();
    session.tokenRefreshed?.(null, 'session endpoint failed');
    expect(port.posted.at(-1)).toEqual({
      method: 'idCheck.updateAccessToken',
      accessToken: null,
      error: 'session endpoint failed',
    });
    session.tokenRefreshed?.(null);
    expect(port.posted.at(-1)).toMatchObject({ accessToken: null, error: expect.any(String) as string });
  });
});

describe('sumsub secrets and robustness', () => {
  it('drops the token (or a refreshed one) that the frame echoes as a step, an id or a code', () => {
    const { session, port, msg } = ready();
    port.setToken('_act-refreshed-0123456789');
    expect(send(session, msg('onApplicantLoaded', { applicantId: '_act-refreshed-0123456789' }))).toEqual([]);
    expect(send(session, msg('onStepInitiated', { idDocSetType: TOKEN }))).toEqual([{ type: 'start' }]);
    expect(send(session, msg('onApplicantSubmitted'))).toEqual([{ type: 'submit' }]);
    expect(send(session, msg('onError', { code: FRAME_ID.slice(0, 40) }))).toEqual([
      { type: 'warning', code: 'provider-error', message: 'The verification frame reported an error' },
    ]);
  });

  it('never puts the token in a signal, and survives 200 junk inputs', () => {
    const { session, msg } = ready();
    const shapes = [
      msg('onInitialized', { accessToken: TOKEN }),
      msg('onStepInitiated', { idDocSetType: TOKEN }),
      msg('onError', { code: TOKEN }),
      msg('onApplicantStatusChanged', { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } }),
      msg('onResize', { height: 300 }),
      { method: 'idCheck.onReady', frameId: FRAME_ID, sessionId: SID },
    ];
    const names = [
      'idCheck.onReady',
      'idCheck.onInitialized',
      'idCheck.onError',
      'idCheck.onStepInitiated',
      'idCheck.onResize',
    ];
    const signals = expectRobust(session, junk(2, shapes, names));
    expect(signals.length).toBeGreaterThan(0);
    expectNoSecret(signals, TOKEN, FRAME_ID);
  });
});
