import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPTURE_SCRIPT } from '../../../src/frame/capture';
import { KYC_CAPTURE_SHA256, KYC_RENDERED_HEADERS, renderKycWarmUp, renderKycWidget } from '../../../src/server/index';
import { widgetPreloads } from '../../../src/server/render';
import { frameIdFor } from '../../../src/providers/sumsub/frame';
import * as plugins from '../../../src/providers/plugins';
import { ALL_DEMOS, PROVIDER_DEMOS } from '../../../sandbox/catalog.mjs';

/**
 * renderKycWidget without a browser: what it writes, what it never writes, and what it refuses. The DOM it makes
 * (the declarative root, the skeleton's equality with the element's own) is test/browser/rendered.test.ts's.
 */

const PAGE = 'https://app.example';
const GENERIC = 'https://verify.example/session/1';

/** The value of `name` on the rendered host (the first tag), unescaped as the HTML parser would. */
function hostAttribute(html: string, name: string): string | undefined {
  const tag = /^<kyc-widget([^>]*)>/.exec(html)![1];
  const match = new RegExp(` ${name}="([^"]*)"`).exec(tag);
  return match?.[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

const count = (html: string, text: string) => html.split(text).length - 1;

describe('renderKycWidget', () => {
  it('renders the element, its declarative root, the skeleton, the frame and the capture script with the nonce', () => {
    const html = renderKycWidget({ provider: 'generic', sessionUrl: GENERIC, pageOrigin: PAGE, nonce: 'abc' });
    expect(html).toBe(
      `<kyc-widget provider="generic" session-url="${GENERIC}" data-kyc-capture>` +
        '<template shadowrootmode="open"><div class="root" part="container"><div class="stage">' +
        '<div class="frame-box" part="frame-container"><iframe part="frame" class="frame" title="Identity verification"' +
        ' allow="camera; microphone; fullscreen; clipboard-write" referrerpolicy="strict-origin-when-cross-origin"' +
        ` src="${GENERIC}"></iframe><script nonce="abc">${CAPTURE_SCRIPT}</script>` +
        '</div></div></div></template></kyc-widget>',
    );
  });

  it("exports the capture script's SHA-256 as a CSP hash source, and the response headers", () => {
    const digest = createHash('sha256').update(CAPTURE_SCRIPT).digest('base64');
    expect(KYC_CAPTURE_SHA256).toBe(`sha256-${digest}`);
    expect(KYC_RENDERED_HEADERS).toEqual({ 'Cache-Control': 'private, no-store' });
  });

  it('escapes every attribute value: quotes, </template>, <script> stay text', () => {
    const hostile = `x"' onload="alert(1)" </template><script>alert(2)</script>&amp;`;
    const html = renderKycWidget({
      provider: 'generic',
      sessionUrl: `${GENERIC}?q=${hostile}`,
      allowedOrigins: `https://a.example ${hostile}`,
      options: { note: hostile },
      locale: hostile,
      pageOrigin: PAGE,
      nonce: hostile,
    });
    // One template, one script (the capture's), no attribute broken out of its quotes.
    expect(count(html, '</template>')).toBe(1);
    expect(count(html, '<script')).toBe(0); // refused: the allowed-origins entry is not an origin
    expect(html).not.toContain('"alert');
    expect(hostAttribute(html, 'allowed-origins')).toBe(`https://a.example ${hostile}`);
    expect(JSON.parse(hostAttribute(html, 'options')!)).toEqual({ note: hostile });
    expect(hostAttribute(html, 'locale')).toBe(hostile);

    const framed = renderKycWidget({
      provider: 'generic',
      sessionUrl: `${GENERIC}?q=${encodeURIComponent(hostile)}`,
      options: { note: hostile },
      pageOrigin: PAGE,
      nonce: hostile,
    });
    expect(count(framed, '</template>')).toBe(1);
    expect(count(framed, '<script')).toBe(1);
    expect(count(framed, '</script>')).toBe(1);
    expect(framed).toContain(`<script nonce="x&quot;&#39; onload=&quot;alert(1)&quot; &lt;/template&gt;`);
    expect(hostAttribute(framed, 'session-url')).toBe(`${GENERIC}?q=${encodeURIComponent(hostile)}`);
  });

  it('fails closed as the element does: no frame, no capture, the reason on the element', () => {
    const cases: Array<[Parameters<typeof renderKycWidget>[0], string]> = [
      [{ provider: 'generic', sessionUrl: 'javascript:alert(1)', pageOrigin: PAGE }, 'scheme'],
      [{ provider: 'generic', sessionUrl: '/relative', pageOrigin: PAGE }, 'absolute'],
      [{ provider: 'generic', sessionUrl: 'http://evil.example/s', pageOrigin: PAGE }, 'http'],
      [{ provider: 'nope', sessionUrl: GENERIC, pageOrigin: PAGE }, 'provider'],
      [{ provider: 'veriff', sessionUrl: 'https://evil.example/v/1', pageOrigin: PAGE }, 'not-allowed'],
      [{ provider: 'generic', sessionUrl: GENERIC, options: '{not json', pageOrigin: PAGE }, 'json-syntax'],
      [{ provider: 'generic', sessionUrl: GENERIC, pageOrigin: 'https://app.example/path' }, 'page-origin'],
      [{ provider: 'generic', sessionUrl: GENERIC, pageOrigin: 'javascript:x' }, 'page-origin'],
      [{ provider: 'generic', sessionUrl: GENERIC } as never, 'page-origin'],
      [{ provider: 'persona', sessionToken: 'bad token', options: { inquiryId: 'inq_1' }, pageOrigin: PAGE }, 'token'],
      [{ provider: 'sumsub', sessionToken: 'abc', pageOrigin: PAGE }, 'message-token'],
    ];
    for (const [input, code] of cases) {
      const html = renderKycWidget(input);
      expect(html, code).not.toMatch(/<iframe|<script|data-kyc-capture/);
      expect(html, code).toContain('<div class="frame-box" part="frame-container"></div>');
      expect((JSON.parse(hostAttribute(html, 'data-kyc-problem')!) as unknown[])[0], JSON.stringify(input)).toBe(code);
    }
    expect(() => renderKycWidget(undefined as never)).not.toThrow();
  });

  it("never writes a token as an attribute; Sumsub's and Yoti's post launch render without a frame", () => {
    const token = '_act-sbx-secret-token-123';
    const sumsub = renderKycWidget({
      provider: 'sumsub',
      sessionToken: token,
      sessionEndpoint: '/api/kyc-session',
      pageOrigin: PAGE,
    });
    expect(sumsub).not.toContain(token);
    expect(sumsub).not.toContain(frameIdFor(token).slice(3));
    expect(sumsub).not.toMatch(/<iframe|data-kyc-problem/);
    expect(hostAttribute(sumsub, 'session-endpoint')).toBe('/api/kyc-session');

    const yoti = renderKycWidget({
      provider: 'yoti',
      sessionToken: 'yoti-token-1',
      options: { launch: 'post', sessionId: 'sess-1' },
      sessionEndpoint: '/api/kyc-session',
      pageOrigin: PAGE,
    });
    expect(yoti).not.toMatch(/<iframe|yoti-token-1/);

    // Persona's frame URL carries its session token, as Persona's own SDK puts it there: only there.
    const persona = renderKycWidget({
      provider: 'persona',
      sessionToken: 'pst-token-1',
      options: { inquiryId: 'inq_1' },
      pageOrigin: PAGE,
    });
    expect(count(persona, 'pst-token-1')).toBe(1);
    expect(hostAttribute(persona, 'src')).toBeUndefined();
    expect(persona).toMatch(/<iframe [^>]*src="[^"]*pst-token-1/);
  });

  it("puts nothing before the frame's start tag but the host's tag, the template and the skeleton's wrappers", () => {
    // The parser requests the frame when it reaches this tag: no style, link, script or text may come first in
    // the root (bench/README.md 2d measured what the bytes before it cost), and the capture script comes after it.
    const sandbox = 'https://sandbox.example';
    const framed: string[] = [];
    for (const [provider, demo] of Object.entries(PROVIDER_DEMOS)) {
      const inputs = demo(sandbox, {}) as Record<string, unknown>;
      const html = renderKycWidget({ ...inputs, provider, pageOrigin: PAGE } as Parameters<typeof renderKycWidget>[0]);
      const at = html.indexOf('<iframe');
      if (at === -1) continue;
      framed.push(provider);
      const [host, root] = html.slice(0, at).split('<template shadowrootmode="open">');
      expect(host, provider).toMatch(/^<kyc-widget [^<>]*>$/);
      expect(root, provider).toMatch(/^(<div [^<>]*>)+$/);
      expect(html.slice(html.indexOf('</iframe>', at)), provider).toMatch(/^<\/iframe><script>/);
    }
    expect(framed).toEqual(expect.arrayContaining(['generic', 'persona', 'veriff', 'didit', 'jumio', 'idenfy']));
  });

  it('renders what each provider is: a frame for a frame, never one for an SDK-hosted provider (every provider id)', () => {
    const sandbox = 'https://sandbox.example';
    type Input = Parameters<typeof renderKycWidget>[0];
    const cases: [string, Input][] = Object.entries(ALL_DEMOS).map(([provider, demo]) => [
      provider,
      // The demo's `jumio-sdk` is the provider `jumio` with options.sdk: its own provider id, where it names one.
      { provider, ...(demo(sandbox, {}) as object), sessionEndpoint: '/api/kyc-session', pageOrigin: PAGE } as Input,
    ]);
    const rendered: Record<string, string> = {};
    for (const [name, input] of cases) {
      const html = renderKycWidget(input);
      expect(html, name).not.toContain('data-kyc-problem');
      const hint = /^<link rel="(modulepreload|preload" as="script)" href="([^"]+)">/.exec(html);
      const framed = /<iframe [^>]*src="([^"]+)"/.exec(html);
      rendered[name] = hint ? `${hint[1]} ${hint[2]}` : framed ? `frame ${framed[1].split('?')[0]}` : 'element';
      // Only a frame's URL may carry a token, where the provider's own builder puts it.
      if (!framed && input.sessionToken) expect(html, `${name} writes no token`).not.toContain(input.sessionToken);
    }
    expect(
      Object.keys(plugins).every((id) => id in rendered),
      'every registered provider is rendered here',
    ).toBe(true);
    expect(rendered).toEqual({
      generic: `frame ${sandbox}/generic`,
      persona: `frame ${sandbox}/persona/widget`,
      sumsub: 'element',
      veriff: `frame ${sandbox}/veriff/v/sbx_veriff_session_0001`,
      jumio: `frame ${sandbox}/jumio/web/sbx_workflow_0001`,
      idenfy: `frame ${sandbox}/idenfy/`,
      didit: `frame ${sandbox}/didit/session/sbx_tok_didit_7e2c5a9b4f1d3068`,
      yoti: `frame ${sandbox}/yoti/idverify/v1/web/index.html`,
      veratad: `frame ${sandbox}/veratad/sbx-veratad-link-0001`,
      caf: `frame ${sandbox}/caf/sbx_tok_caf_6a9d2f5c8e1b4073`,
      zignsec: `frame ${sandbox}/zignsec/ui/scanning-dp50/sbx-zignsec-session-0001`,
      onfido: `modulepreload ${sandbox}/sdk/onfido/Onfido.js`,
      stripe: `preload" as="script ${sandbox}/sdk/stripe/stripe.js`,
      plaid: `preload" as="script ${sandbox}/sdk/plaid/link-initialize.js`,
      'jumio-sdk': 'element',
    });
    // The hint carries the page's nonce, like the capture script; an SDK token without an endpoint is refused.
    const onfido = { ...(ALL_DEMOS.onfido(sandbox, {}) as object), provider: 'onfido', pageOrigin: PAGE } as Input;
    expect(renderKycWidget({ ...onfido, sessionEndpoint: '/x', nonce: 'n1' })).toMatch(
      /^<link rel="modulepreload" href="[^"]+" nonce="n1"><kyc-widget /,
    );
    // Without a token (the page's script sets it): the hint all the same, since the loader's URL never depends on it.
    const tokenless = { ...onfido, sessionToken: undefined };
    expect(renderKycWidget(tokenless)).toMatch(/^<link rel="modulepreload" href="[^"]+"><kyc-widget (?![^>]*problem)/);
    const refused = hostAttribute(renderKycWidget(onfido), 'data-kyc-problem');
    expect(JSON.parse(refused!)).toEqual(['message-token', 'onfido', null]);
  });

  it('an endpoint alone renders the element without a frame: it asks for its session as it does today', () => {
    const html = renderKycWidget({ provider: 'veriff', sessionEndpoint: '/api/kyc-session', pageOrigin: PAGE });
    expect(html).not.toMatch(/<iframe|data-kyc-problem/);
    expect(hostAttribute(html, 'session-endpoint')).toBe('/api/kyc-session');
  });

  it("renderKycWarmUp: the frame's origin to warm in a shell sent before the session, escaped; none for wildcards", () => {
    expect(renderKycWarmUp({ provider: 'veriff' })).toBe(
      '<link rel="preconnect" href="https://alchemy.veriff.com"><iframe hidden sandbox="allow-same-origin" referrerpolicy="no-referrer" src="https://alchemy.veriff.com/robots.txt"></iframe>',
    );
    expect(renderKycWarmUp({ provider: 'generic', allowedOrigins: ['http://127.0.0.1:5174'] })).toContain(
      'href="http://127.0.0.1:5174"',
    );
    expect(renderKycWarmUp({ provider: 'generic' })).toBe('');
    expect(renderKycWarmUp({ provider: 'jumio', allowedOrigins: 'https://*.example.com' })).not.toContain('*');
    expect(renderKycWarmUp({ provider: '"><script>' })).toBe('');
  });

  it("renderKycWarmUp for an SDK-hosted provider: the preload of its vendor's code, never a warm-up frame", () => {
    expect(renderKycWarmUp({ provider: 'onfido' })).toBe(
      '<link rel="modulepreload" href="https://sdk.onfido.com/v14.80.0/Onfido.js">',
    );
    expect(renderKycWarmUp({ provider: 'plaid', nonce: 'n1' })).toBe(
      '<link rel="preload" as="script" href="https://cdn.plaid.com/link/v2/stable/link-initialize.js" nonce="n1">',
    );
    // The same options as the element's: an allowlisted sdkUrl, Stripe's publishable key (without it, nothing).
    const sdkUrl = 'https://sandbox.example/sdk/onfido/Onfido.js';
    expect(
      renderKycWarmUp({
        provider: 'onfido',
        options: JSON.stringify({ sdkUrl }),
        allowedOrigins: 'https://sandbox.example',
      }),
    ).toBe(`<link rel="modulepreload" href="${sdkUrl}">`);
    expect(renderKycWarmUp({ provider: 'onfido', options: { sdkUrl } })).toBe(''); // not allowlisted
    expect(renderKycWarmUp({ provider: 'stripe' })).toBe('');
    expect(renderKycWarmUp({ provider: 'stripe', options: { publishableKey: 'pk_test_1' } })).toMatch(
      /^<link rel="preload" as="script" href="https:\/\/js\.stripe\.com\/[^"]+">$/,
    );
    expect(renderKycWarmUp({ provider: 'jumio', options: { sdk: true } })).toBe('');
    // docs/embedding.md's hints for a static page are these, as written here.
    const doc = readFileSync(new URL('../../../docs/embedding.md', import.meta.url), 'utf8');
    for (const provider of ['onfido', 'plaid'])
      expect(doc, provider).toContain(renderKycWarmUp({ provider }).replace(/>$/, ' />'));
  });

  it("widgetPreloads: the widget's script and the chunks its build recorded for that file, at the script's path", () => {
    const map = { 'kyc-widget-stripe.js': ['chunks/runtime-A1.js', 'chunks/sdk-B2.js'] };
    const links = (script: unknown, nonce?: string) =>
      [...widgetPreloads(script, nonce, map).matchAll(/<link rel="modulepreload" href="([^"]*)"( nonce="n1")?>/g)].map(
        (match) => match[1] + (match[2] ? ' +nonce' : ''),
      );
    expect(links('/assets/kyc-widget-stripe.js?v=2')).toEqual([
      '/assets/kyc-widget-stripe.js?v=2',
      '/assets/chunks/runtime-A1.js', // resolved as the entry's import() resolves it: no query
      '/assets/chunks/sdk-B2.js',
    ]);
    expect(links('https://cdn.example/kyc/1.0.0/kyc-widget-stripe.js', 'n1')).toEqual([
      'https://cdn.example/kyc/1.0.0/kyc-widget-stripe.js +nonce',
      'https://cdn.example/kyc/1.0.0/chunks/runtime-A1.js +nonce',
      'https://cdn.example/kyc/1.0.0/chunks/sdk-B2.js +nonce',
    ]);
    expect(links('kyc-widget-stripe.js')).toEqual(['kyc-widget-stripe.js', 'chunks/runtime-A1.js', 'chunks/sdk-B2.js']);
    // A file its build did not record (renamed, another entry): itself alone. Not a URL or a path: nothing.
    expect(links('/assets/widget.js')).toEqual(['/assets/widget.js']);
    expect(links('/assets/kyc-widget-persona.js')).toEqual(['/assets/kyc-widget-persona.js']);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/javascript,1',
      '',
      42,
      undefined,
      null,
      { toString: () => '/x.js' },
    ])
      expect(widgetPreloads(bad, undefined, map), String(bad)).toBe('');
    expect(widgetPreloads('/a.js?x="><script>', undefined, map)).toBe(
      '<link rel="modulepreload" href="/a.js?x=&quot;&gt;&lt;script&gt;">',
    );
    // Never a key of Object.prototype taken for a recorded file.
    expect(links('/constructor')).toEqual(['/constructor']);
  });

  it("widgetScript: preloaded after the vendor's code for an SDK-hosted provider only, by both renderers", () => {
    const script = '/assets/kyc-widget-onfido.js';
    const preload = `<link rel="modulepreload" href="${script}" nonce="n1">`;
    const onfido = { provider: 'onfido', sessionEndpoint: '/api/kyc-session', pageOrigin: PAGE, nonce: 'n1' };
    const vendor = '<link rel="modulepreload" href="https://sdk.onfido.com/v14.80.0/Onfido.js" nonce="n1">';
    expect(renderKycWidget({ ...onfido, widgetScript: script }).startsWith(`${vendor}${preload}<kyc-widget `)).toBe(
      true,
    );
    expect(renderKycWarmUp({ provider: 'onfido', nonce: 'n1', widgetScript: script })).toBe(vendor + preload);
    // Jumio's web component: the host's page imports its package; the widget's own preloads all the same.
    const jumio = { provider: 'jumio', options: { sdk: true }, widgetScript: script };
    expect(renderKycWarmUp(jumio)).toBe(`<link rel="modulepreload" href="${script}">`);
    expect(renderKycWidget({ ...jumio, sessionEndpoint: '/s', pageOrigin: PAGE })).toMatch(
      /^<link rel="modulepreload"/,
    );
    // A frame provider: its frame is what the page must ask for first; the widget's script is the page's to place.
    const persona = {
      provider: 'persona',
      sessionUrl: 'https://withpersona.com/verify?inquiry-id=inq_1',
      pageOrigin: PAGE,
    };
    expect(renderKycWidget({ ...persona, widgetScript: script })).toBe(renderKycWidget(persona));
    expect(renderKycWarmUp({ provider: 'veriff', widgetScript: script })).toBe(renderKycWarmUp({ provider: 'veriff' }));
    // Refused input renders no preload of anything.
    expect(renderKycWidget({ ...onfido, pageOrigin: 'nope', widgetScript: script })).not.toContain('<link');
  });
});
