#!/usr/bin/env node
// The SDK-hosted providers on a phone (bench/README.md, "The SDK-hosted providers"): a section of `npm run bench`
// (run.mjs, `--skip sdk` to leave it out). Onfido, Stripe Identity, Plaid and Jumio's web component (`provider="jumio"`
// with `options.sdk: true`) with the widget, each against the sandbox's stand-in for the vendor's code
// (sandbox/public/sdk/) used directly, as a host page uses the vendor's SDK. Every load is cold, at 4x CPU,
// in each network shape (shape.mjs: loopback, slow 4G), on light pages identical but for the widget or the direct
// call, in rotating rounds: the phone section's runner (phone.mjs measurePhone), so the figures sit beside its.
//
// The moment both sides are read at (ms from navigation start), the same in the widget's adapter (src/sdk/) and the
// direct page: Onfido, init returned; Stripe, Stripe.js loaded and verifyIdentity called; Plaid, Link's onLoad;
// Jumio, the host's `<jumio-sdk>` mounted (the element has no ready event). The widget's is its kyc-ready.
// Per provider and shape: both ready times, the ratio with its paired 95% interval and the target widget ÷ own SDK
// < 1.00 (upper bound); when the vendor's script was asked for (resource timing: the widget's own requests before
// it show here, whatever the machine's load); when the vendor's UI frame was asked for. Once per run, on loopback at
// 1x: what N mount → start → cancel() cycles leave on the page; and the `sdk` chunk's size.
//
// Run on its own: `node bench/sdk-providers.mjs [--runs N] [--cycles N] [--shapes loopback,4g] [--no-build]` runs
// `node bench/run.mjs` with every other long section skipped (the sizes are always measured).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { vendorCodeRoutes } from './vendor-code.mjs';
import { lightPage, measureShape, pairedRatio, pick, startShape, summaryOf, targetMet, widgetProbe } from './phone.mjs';

export const SDK_PROVIDERS = ['onfido', 'stripe', 'plaid', 'jumio'];
/**
 * The widget's pages, each beside the vendor's code used directly: `rendered`, renderKycWidget's markup (the
 * vendor's preload and the widget's, its entry and chunks, before the element); `hinted`, a client page with
 * renderKycWarmUp's `<head>` hints (the same preloads); `client`, a client page without hints. All three load the
 * provider's own entry (`kyc-widget-<id>.js`), and the first two pass it as `widgetScript`.
 */
export const WIDGET_KINDS = ['rendered', 'hinted', 'client'];
/**
 * The issue's targets, each on the upper bound of a paired 95% interval: widget ready ÷ the vendor's own, per kind;
 * the vendor's script requested within 1.05 × the own page's in the rendered and hinted pages; one download of the
 * vendor's code per page.
 */
export const SDK_PROVIDER_TARGETS = { rendered: 1, hinted: 1.05, client: 1.15, vendorRequested: 1.05, downloads: 1 };
/** The stand-ins' loaders on the sandbox (the vendor's origin); Jumio's defines `<jumio-sdk>`. */
export const LOADERS = {
  onfido: '/sdk/onfido/Onfido.js',
  stripe: '/sdk/stripe/stripe.js',
  plaid: '/sdk/plaid/link-initialize.js',
  jumio: '/sdk/jumio/jumio-sdk.js',
};
/** What the direct page's moment is, per provider (the widget's adapter signals ready at the same one). */
export const OWN_SDK_READY = {
  onfido: 'Onfido.init returned',
  stripe: 'Stripe.js loaded, verifyIdentity called',
  plaid: 'Plaid.create onLoad',
  jumio: '<jumio-sdk> mounted',
};
const PUBLISHABLE_KEY = 'pk_test_bench0001';
const TOKEN = 'script=wait'; // the stand-in's UI loads and waits
/** A token whose UI starts (kyc-start), for the cancel cycles. */
const START_TOKEN = { onfido: 'script=module:document,wait', jumio: 'script=module:start,wait' };

const esc = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const js = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The widget's options for a provider whose code the page loads from `loader`. */
export function widgetOptions(provider, loader) {
  if (provider === 'jumio') return { sdk: true, dc: 'eu' };
  return { sdkUrl: loader, ...(provider === 'stripe' ? { publishableKey: PUBLISHABLE_KEY } : {}) };
}

/** Jumio's element is the host's import (its package is the host's): both of its pages import the stand-in. */
const hostImport = (provider, loader) =>
  provider === 'jumio' ? `\n<script type="module" src="${esc(loader)}"></script>` : '';

/**
 * After `ready`, from a task of its own: when the vendor's script was asked for and when it had arrived (its resource
 * entry's start and responseEnd, ms from navigation start; NaN when the page never asked for it), and how many times
 * it was downloaded (resource entries with its URL: a preload the loader reuses is one), as the marks `vendor`,
 * `vendor-loaded` and `downloads`.
 */
const vendorMark = (loader) =>
  `function vendorAt(){var l=performance.getEntriesByType('resource').filter(function(x){return x.name===${js(loader)}}),e=l[0];m('vendor',e?e.startTime:NaN);m('vendor-loaded',e?e.responseEnd:NaN);m('downloads',l.length)}`;
const VENDOR_MARKS = ['ready', 'vendor', 'vendor-loaded', 'downloads'];

/**
 * A widget page of `kind` (WIDGET_KINDS) for a provider whose code comes from `loader`. `server`: kyc-widget/server's
 * renderKycWidget and renderKycWarmUp, as a host's server calls them.
 */
function widgetHtml(provider, loader, kind, { server, hostOrigin }) {
  const origin = new URL(loader).origin;
  const options = widgetOptions(provider, loader);
  const widgetScript = `/dist/kyc-widget-${provider}.js`;
  const rendered = { provider, allowedOrigins: origin, options, pageOrigin: hostOrigin, locale: 'en', widgetScript };
  const element =
    kind === 'rendered'
      ? server.renderKycWidget(rendered)
      : `<kyc-widget provider="${provider}" allowed-origins="${esc(origin)}" options="${esc(JSON.stringify(options))}"></kyc-widget>`;
  const hint =
    kind === 'hinted' ? server.renderKycWarmUp({ provider, allowedOrigins: origin, options, widgetScript }) : '';
  const token = `<script>document.currentScript.previousElementSibling.sessionToken = ${js(TOKEN)};</script>`;
  const vendor = `<script>${vendorMark(loader)};document.addEventListener('kyc-ready',function(){setTimeout(vendorAt,0)},{once:true})</script>`;
  return lightPage(
    // The widget's script before the host's Jumio import: module scripts run in document order, so after it the
    // widget would boot only once Jumio's package had arrived and run (docs/providers/jumio.md).
    `${widgetProbe}\n${vendor}${hint}\n<script type="module" src="${widgetScript}"></script>${hostImport(provider, loader)}`,
    `${element}\n${token}`,
  );
}

/** The stand-in used directly: the vendor's loader, then its init call, as its documentation shows a host. */
function directHtml(provider, loader) {
  const call = {
    onfido: `import(SDKU).then(function(x){var b=document.getElementById('onfido-mount');x.Onfido.init({token:SDKT,containerEl:b,onComplete:function(){},onError:function(){}});ready()})`,
    stripe: `load(SDKU).then(function(){void window.Stripe(${js(PUBLISHABLE_KEY)}).verifyIdentity(SDKT);ready()})`,
    plaid: `load(SDKU).then(function(){window.Plaid.create({token:SDKT,onSuccess:function(){},onLoad:ready})})`,
  }[provider];
  const script =
    `var SDKU=${js(loader)},SDKT=${js(TOKEN)};${vendorMark(loader)};` +
    `function ready(){m('ready');setTimeout(vendorAt,0)}` +
    `function load(u){return new Promise(function(y,n){var s=document.createElement('script');s.src=u;s.onload=y;s.onerror=n;document.head.append(s)})}` +
    (call ? `${call}.catch(function(e){m('error',String(e))})` : '');
  // Jumio's element as its documentation shows a host: a module script importing the package, then the element.
  const jumio =
    provider === 'jumio'
      ? `\n<script type="module">import ${js(loader)};try{var j=document.createElement('jumio-sdk');j.token=SDKT;j.dc='eu';j.locale='en';document.getElementById('jumio-mount').append(j);ready()}catch(e){m('error',String(e))}</script>`
      : '';
  // The MARK helper (m) comes from the probe, without the widget's listeners. Its globals (L, F, m, loaf) stay untouched.
  const probe = widgetProbe.replace(/;\['ready','start'\][\s\S]*<\/script>$/, '</script>');
  const mount = provider === 'onfido' || provider === 'jumio' ? `<div id="${provider}-mount"></div>` : '';
  return lightPage(`${probe}\n<script>${script}</script>${jumio}`, mount);
}

/**
 * @typedef {{id: string, provider: string, kind: string, variant: string, needs: string[], path: string, html: string}} SdkCase
 * @typedef {ReturnType<typeof summaryOf>} Summary
 * @typedef {{ratio: number, interval95: number[], pairs: number, target: number, met: boolean | null}} Verdict
 * @typedef {{ready: Summary, vendorRequested: Summary, vendorLoaded: Summary, downloads: Summary,
 *   uiFrameRequested: Summary}} Side
 * @typedef {{provider: string, ownSdkReady: string, ownSdk: Side, kinds: Record<string, Side & {toOwnSdk: Verdict,
 *   vendorRequestedToOwn: Verdict}>, errors: {case: string, round: number, message: string}[]}} SdkRow
 */

/**
 * The cases of one shape: per provider a page of each of `kinds` and the direct page, all taking the vendor's code
 * from `vendorOrigin` (the shape's proxy in front of the sandbox).
 * @param {{shape: string, providers: string[], vendorOrigin: string, hostOrigin: string, server: any, kinds?: string[]}} input
 * @returns {SdkCase[]}
 */
export function sdkProviderCases({ shape, providers, vendorOrigin, hostOrigin, server, kinds = WIDGET_KINDS }) {
  return providers.flatMap((provider) => {
    const loader = `${vendorOrigin}${LOADERS[provider]}`;
    const base = `/sdk-providers/${shape}`;
    const item = (kind, html) => ({
      id: `${kind}:${provider}`,
      provider,
      kind,
      variant: 'instant',
      needs: VENDOR_MARKS,
      path: `${base}/${kind}-${provider}.html`,
      html,
    });
    return [
      ...kinds.map((kind) => item(kind, widgetHtml(provider, loader, kind, { server, hostOrigin }))),
      item('own-sdk', directHtml(provider, loader)),
    ];
  });
}

/** One side's figures: ready, the vendor's script requested and loaded, its downloads, the vendor's UI frame asked for. */
const sideOf = (list) => ({
  ready: summaryOf(list),
  vendorRequested: summaryOf(list, pick('vendor')),
  vendorLoaded: summaryOf(list, pick('vendor-loaded')),
  downloads: summaryOf(list, pick('downloads')),
  uiFrameRequested: summaryOf(list, (x) => x.frameRequested),
});

const verdict = (ratio, target) => ({
  ...ratio,
  target,
  met: Number.isFinite(target) ? targetMet(ratio.interval95, target) : null,
});

/**
 * Per provider: the direct page's figures, and per widget kind its own, its ready ÷ the direct page's and its
 * vendor's request ÷ the direct page's, each with its target. `samples`/`errors` as measurePhone returns them.
 * @param {string[]} providers
 * @param {{samples: Record<string, any[]>, errors: Record<string, {round: number, message: string}[]>}} measured
 * @param {string[]} [kinds]
 * @returns {SdkRow[]}
 */
export function summarizeSdkProviders(providers, { samples, errors }, kinds = WIDGET_KINDS) {
  return providers.map((provider) => {
    const own = samples[`own-sdk:${provider}`] ?? [];
    return {
      provider,
      ownSdkReady: OWN_SDK_READY[provider],
      ownSdk: sideOf(own),
      kinds: Object.fromEntries(
        kinds.map((kind) => {
          const list = samples[`${kind}:${provider}`] ?? [];
          return [
            kind,
            {
              ...sideOf(list),
              toOwnSdk: verdict(pairedRatio(list, own), SDK_PROVIDER_TARGETS[kind]),
              vendorRequestedToOwn: verdict(
                pairedRatio(list, own, pick('vendor'), pick('vendor')),
                kind === 'client' ? NaN : SDK_PROVIDER_TARGETS.vendorRequested,
              ),
            },
          ];
        }),
      ),
      errors: [...kinds, 'own-sdk'].flatMap((kind) =>
        (errors[`${kind}:${provider}`] ?? []).map((e) => ({ case: `${kind}:${provider}`, ...e })),
      ),
    };
  });
}

/**
 * What `cycles` mount → kyc-start → cancel() → remove cycles leave on a page (loopback, 1x): the stand-ins' frames
 * and overlays in the document, and their live `message` listeners (which count Jumio's, in shadow roots, too).
 */
async function leftoversAfterCycles(browser, pageUrl, provider, loader, cycles) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.waitForFunction(() => customElements.get('kyc-widget'), null, { timeout: 20000 });
    return await page.evaluate(
      async ({ provider, loader, cycles, options, token }) => {
        if (provider === 'jumio') await customElements.whenDefined('jumio-sdk');
        for (let i = 0; i < cycles; i++) {
          const el = document.createElement('kyc-widget');
          document.body.append(el);
          const running = new Promise((resolve, reject) => {
            el.addEventListener('kyc-start', resolve, { once: true });
            el.addEventListener('kyc-error', (e) => reject(new Error(JSON.stringify(e.detail))), { once: true });
          });
          Object.assign(el, { provider, allowedOrigins: new URL(loader).origin, options, sessionToken: token });
          await running;
          el.cancel();
          await new Promise((resolve) => setTimeout(resolve, 50));
          el.remove();
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
        return {
          frames: document.querySelectorAll('iframe[data-sandbox-sdk]').length,
          overlays: document.querySelectorAll('[data-sandbox-sdk-overlay]').length,
          listeners: window.__sandboxSdk?.listeners ?? 0,
        };
      },
      { provider, loader, cycles, options: widgetOptions(provider, loader), token: START_TOKEN[provider] ?? TOKEN },
    );
  } finally {
    await context.close();
  }
}

/** The `sdk` chunk of a build (gzip -9): the only code of the widget's own these providers add after the boot chunk. */
export function sdkChunkGzip(dist) {
  try {
    const chunk = readdirSync(path.join(dist, 'chunks')).find((name) => /^sdk-[\w-]+\.js$/.test(name));
    return chunk ? gzipSync(readFileSync(path.join(dist, 'chunks', chunk)), { level: 9 }).length : null;
  } catch {
    return null;
  }
}

/**
 * The section. `host`: the bench server (pages added to host.pages); `sandboxOrigin`: the sandbox on loopback
 * (`http://localhost:port`); each shape's proxies stand in front of both, as in the phone section.
 */
export async function measureSdkProviders({
  browser,
  host,
  sandboxOrigin,
  dist,
  shapes,
  runs,
  cycles,
  gapMs,
  providers = SDK_PROVIDERS,
  log,
}) {
  const server = await import(pathToFileURL(path.join(dist, 'server', 'index.js')).href);
  const sandboxUpstream = sandboxOrigin.replace('localhost', '127.0.0.1');
  // The vendors' code at its real transfer size where it is known (vendor-code.mjs), served by each shape's proxy.
  const vendorCode = await vendorCodeRoutes({ sandbox: sandboxUpstream, paths: LOADERS, providers });
  const out = { rate: 4, runs, providers, kinds: WIDGET_KINDS, targets: SDK_PROVIDER_TARGETS, shapes: {} };
  out.vendorCode = vendorCode.sizes;
  log(
    `sdk providers: the vendors' code as served (gzip -6): ${Object.entries(vendorCode.sizes)
      .map(
        ([p, v]) =>
          `${p} ${v.servedGzip} B${v.real?.gzip ? ` (real ${v.real.gzip})` : ' (the stand-in alone: real size unknown)'}`,
      )
      .join(', ')}`,
  );
  for (const shapeId of shapes) {
    const shapeStart = performance.now();
    const shaped = await startShape(shapeId, { hostUpstream: host.origin, sandboxUpstream });
    try {
      Object.assign(shaped.frames.instant.routes, vendorCode.routes);
      const cases = sdkProviderCases({
        shape: shapeId,
        providers,
        vendorOrigin: shaped.frames.instant.origin,
        hostOrigin: shaped.host.origin,
        server,
      });
      for (const item of cases) host.pages.set(item.path, { html: item.html, csp: false });
      log(`sdk providers @4x, ${shaped.shape.label}: ${cases.length} cases × ${runs} rounds (+1 warm-up), interleaved`);
      out.shapes[shapeId] = await measureShape(browser, shaped, shapeId, cases, {
        runs,
        gapMs,
        log,
        since: shapeStart,
        summarize: (measured) => summarizeSdkProviders(providers, measured),
      });
    } finally {
      await shaped.close();
    }
  }
  out.leftovers = { cycles };
  if (cycles > 0) {
    for (const provider of providers) {
      const loader = `${sandboxOrigin}${LOADERS[provider]}`;
      const pagePath = `/sdk-providers/cycles-${provider}.html`;
      host.pages.set(pagePath, {
        html: lightPage(
          `${hostImport(provider, loader)}\n<script type="module" src="/dist/kyc-widget.js"></script>`,
          '',
        ),
        csp: false,
      });
      try {
        out.leftovers[provider] = await leftoversAfterCycles(
          browser,
          `${host.origin}${pagePath}`,
          provider,
          loader,
          cycles,
        );
      } catch (error) {
        out.leftovers[provider] = { error: String(error?.message ?? error).split('\n')[0] };
      }
    }
    log(`  leftovers after ${cycles} cancel cycles: ${JSON.stringify(out.leftovers)}`);
  }
  out.sdkChunkGzip = sdkChunkGzip(dist);
  return out;
}

// ---- on its own: run.mjs with the other long sections skipped -------------------------------------

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const value = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (args.includes('--latency')) {
    console.error(
      '--latency is gone: the section measures loopback and slow 4G through the shaped proxies (--shapes loopback,4g)',
    );
    process.exit(2);
  }
  const forwarded = [
    '--skip',
    'phone,rendered',
    ...(args.includes('--no-build') ? ['--no-build'] : []),
    ...(value('--runs') ? ['--sdk-runs', value('--runs')] : []),
    ...(value('--cycles') ? ['--sdk-cycles', value('--cycles')] : []),
    ...(value('--shapes') ? ['--shapes', value('--shapes')] : []),
    ...(value('--dist') ? ['--dist', value('--dist')] : []),
  ];
  const run = fileURLToPath(new URL('./run.mjs', import.meta.url));
  const child = spawnSync(process.execPath, [run, ...forwarded], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
