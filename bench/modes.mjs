// Ready time in every provider mode, side by side (bench/README.md, "2. Ready time in every mode"):
// for each provider in the sandbox catalog, the widget in that provider's mode and a bare <iframe> on the
// very frame URL the widget requested; for Persona, Sumsub and Veriff also that provider's own SDK
// (bundled from npm as a host's bundler would) driving the same sandbox page; and two other ways of
// loading the widget (generic mode). All cases are loaded once per round, in a rotating order, so slow
// moments of the machine are shared; ratios are paired by round.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_DEMOS, SANDBOX_TOKENS } from '../sandbox/catalog.mjs';
import { quantile, ratioInterval, round, roundAll, summary } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SDK_DIR = path.join(ROOT, 'bench', '.build', 'sdk');

/** The providers whose own host SDK the bench drives (bench/sdk/<id>.js). */
export const SDKS = ['persona', 'sumsub', 'veriff', 'didit'];
/**
 * What each SDK's ready callback is, and which of the widget's marks it is compared with: the same
 * provider message reaching host code. Veriff's SDK surfaces nothing before STARTED (bench/sdk/veriff.js).
 */
export const SDK_READY = {
  persona: { callback: 'Client onReady', widgetMark: 'ready', widgetEvent: 'kyc-ready' },
  sumsub: { callback: 'onMessage idCheck.onInitialized', widgetMark: 'ready', widgetEvent: 'kyc-ready' },
  veriff: { callback: 'onEvent STARTED', widgetMark: 'start', widgetEvent: 'kyc-start' },
  didit: { callback: 'onEvent didit:ready', widgetMark: 'ready', widgetEvent: 'kyc-ready' },
};
/** Providers whose frame sends a ready message (ready.js knows each); the others' ready is the iframe's load. */
const MESSAGE_READY = new Set(['generic', 'persona', 'sumsub', 'veriff', 'jumio', 'didit']);
/** The provider message (or event) each bare iframe host takes as ready: docs/providers/*.md. */
export const READY_SIGNAL = {
  generic: '{kyc: 1, type: "ready"}',
  persona: '{name: "ready"}',
  sumsub: 'idCheck.onInitialized (host answers onReady with init)',
  veriff: '"VERIFF_HANDSHAKE"',
  jumio: 'payload.value "loaded"',
  didit: '{type: "didit:ready"}',
};
export const readySignal = (provider) => READY_SIGNAL[provider] ?? 'iframe load event';
/**
 * Catalog options per mode (sandbox/catalog.mjs). None: the page's own mode, in which every
 * provider page with a ready message says it from its module script, before the frame's load event (a
 * `script` step runs only after load), and the only mode the Persona and Sumsub SDKs can run (they build
 * the frame URL themselves). Veriff's frame says VERIFF_STARTED right after the render, for its SDK's
 * first callback; the widget and the bare iframe get the same URL.
 */
export const FRAME_OPTIONS = { veriff: { script: 'started' } };
const inputsFor = (provider, sandboxOrigin) => PROVIDER_DEMOS[provider](sandboxOrigin, FRAME_OPTIONS[provider] ?? {});
/** The ways-of-loading row of the page without a heading or text (ratio to the bare iframe on such a page). */
export const EMPTY = 'module, on a page with no text (÷ bare iframe on a page with no text)';
/** Other ways of loading the widget, measured in generic mode ("module" is the default, the mode cases). */
export const MARKUPS = {
  module: '<script type="module" src="/dist/kyc-widget.js"></script>',
  'module-async': '<script type="module" async src="/dist/kyc-widget.js"></script>',
  'iife-defer': '<script defer src="/dist/kyc-widget.iife.js"></script>',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const esc = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** A value as a JavaScript literal safe inside an inline <script> (no "</script>", no "<!--"). */
const js = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * What a host's sign-up page has around the widget: a heading and a line of text, the same on every page
 * of a round. Without it the widget's loading text would be the first text the page draws, and it alone
 * would pay for the font's first use; a real page has paid that already. The empty page is measured too
 * (EMPTY in the ways-of-loading table).
 */
const HOST_COPY =
  '  <h1>Verify your identity</h1>\n  <p>Before your first deposit we need to check who you are. It takes about two minutes.</p>\n';

function page(title, head, body, { copy = true } = {}) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bench: ${esc(title)}</title>
  <link rel="stylesheet" href="/bench.css">
${head}
</head>
<body>
${copy ? HOST_COPY : ''}${body}
</body>
</html>
`;
}

/** The widget in `provider`'s mode, on its sandbox page (see FRAME_OPTIONS). */
function widgetPage(provider, sandboxOrigin, markup = 'module', { copy = true } = {}) {
  const inputs = inputsFor(provider, sandboxOrigin);
  const attributes = [
    ['provider', inputs.provider],
    ['session-url', inputs.sessionUrl],
    ['allowed-origins', inputs.allowedOrigins],
    ...(inputs.options ? [['options', JSON.stringify(inputs.options)]] : []),
  ];
  const element = `  <kyc-widget ${attributes.map(([name, value]) => `${name}="${esc(value)}"`).join(' ')}></kyc-widget>`;
  // The token as a property, never an attribute, from an inline classic script right after the element: it
  // runs before the module (module scripts wait for the parser), costs no request, and the page's policy
  // allows it by its hash (server.mjs).
  const token = inputs.sessionToken
    ? `\n  <script>document.currentScript.previousElementSibling.sessionToken = ${js(inputs.sessionToken)};</script>`
    : '';
  return page(
    `widget, ${provider}, ${markup}`,
    `  <script src="/ready.js" data-mode="widget"></script>\n  ${MARKUPS[markup]}`,
    element + token,
    { copy },
  );
}

/**
 * A bare iframe on exactly the URL (and attributes) the widget requested in that mode. Its host code is
 * ready.js: the provider's own ready message, or the iframe's load event. Sumsub's host also answers the
 * handshake, with the token from an inline script (never an attribute).
 */
export function barePage(provider, sandboxOrigin, frame, { copy = true } = {}) {
  const ready = MESSAGE_READY.has(provider) ? provider : 'load';
  const token = ready === 'sumsub' ? inputsFor(provider, sandboxOrigin).sessionToken : undefined;
  const tokenScript = token ? `  <script>window.__benchAccessToken = ${js(token)};</script>\n` : '';
  const attributes = [
    ['title', frame.title || 'Identity verification'],
    ['allow', frame.allow ?? ''],
    ...(frame.sandbox != null ? [['sandbox', frame.sandbox]] : []),
    ['referrerpolicy', frame.referrerPolicy || 'strict-origin-when-cross-origin'],
  ];
  return page(
    `bare iframe, ${provider}`,
    `${tokenScript}  <script src="/ready.js" data-mode="baseline" data-ready="${ready}" data-frame-origin="${esc(sandboxOrigin)}"${token ? ' data-token-from="__benchAccessToken"' : ''}></script>`,
    `  <iframe class="baseline" src="${esc(frame.src)}" ${attributes.map(([name, value]) => `${name}="${esc(value)}"`).join(' ')}></iframe>`,
    { copy },
  );
}

/**
 * The same frame made by a module of a few lines (pages/frame-starter.js) instead of the parser: the
 * floor for any script-made frame, the widget included. Host code as for the bare iframe (ready.js).
 */
export function starterPage(provider, sandboxOrigin, frame) {
  const data = [
    ['frame-src', frame.src],
    ['frame-title', frame.title || 'Identity verification'],
    ['frame-allow', frame.allow ?? ''],
    ...(frame.sandbox != null ? [['frame-sandbox', frame.sandbox]] : []),
    ['frame-referrer-policy', frame.referrerPolicy || 'strict-origin-when-cross-origin'],
  ];
  return page(
    `module-made iframe, ${provider}`,
    `  <script src="/ready.js" data-mode="baseline" data-ready="${MESSAGE_READY.has(provider) ? provider : 'load'}" data-frame-origin="${esc(sandboxOrigin)}"></script>\n  <script type="module" src="/frame-starter.js" ${data.map(([name, value]) => `data-${name}="${esc(value)}"`).join(' ')}></script>`,
    '',
  );
}

/** The settings each SDK host script reads (bench/sdk/host.js), from the same catalog entry as the widget's mode. */
export function sdkSettings(provider, sandboxOrigin) {
  const inputs = inputsFor(provider, sandboxOrigin);
  const url = new URL(inputs.sessionUrl);
  if (provider === 'persona') {
    return {
      sandbox: sandboxOrigin,
      templateId: url.searchParams.get('inquiry-template-id'),
      environmentId: url.searchParams.get('environment-id'),
    };
  }
  if (provider === 'sumsub') return { sandbox: sandboxOrigin, token: inputs.sessionToken ?? SANDBOX_TOKENS.sumsub };
  // Veriff and Didit: the catalog's session URL; the SDK adds `lang` as the widget does (its locale, `en` here).
  return { sandbox: sandboxOrigin, url: inputs.sessionUrl, lang: 'en' };
}

export const SDK_ROOTS = { sumsub: 'sumsub-websdk-container', veriff: 'veriff-root', didit: 'didit-root' };

function sdkPage(provider, sandboxOrigin) {
  return page(
    `${provider}'s own SDK`,
    `  <script>window.__benchSdk = ${js(sdkSettings(provider, sandboxOrigin))};</script>\n  <script src="/ready.js" data-mode="sdk"></script>\n  <script type="module" src="/sdk/${provider}.js"></script>`,
    SDK_ROOTS[provider] ? `  <div id="${SDK_ROOTS[provider]}" class="sdk-root"></div>` : '',
  );
}

/**
 * Every case but the bare iframes (they need the widget's frame URL, see discoverFrames). A catalog entry
 * that throws gives a case with `error` (an error row), not a crash.
 */
export function modeCases(sandboxOrigin, providers = Object.keys(PROVIDER_DEMOS)) {
  const attempt = (item, html) => {
    try {
      return { ...item, html: html() };
    } catch (error) {
      return { ...item, html: '', error: `the page could not be built: ${error?.message ?? error}` };
    }
  };
  const cases = providers.map((provider) =>
    attempt(
      {
        id: `widget:${provider}`,
        kind: 'widget',
        provider,
        path: `/modes/widget-${provider}.html`,
        needs: provider in SDK_READY ? [...new Set(['ready', SDK_READY[provider].widgetMark])] : ['ready'],
      },
      () => widgetPage(provider, sandboxOrigin),
    ),
  );
  for (const markup of Object.keys(MARKUPS).filter((m) => m !== 'module')) {
    cases.push(
      attempt(
        { id: `markup:${markup}`, kind: 'markup', provider: 'generic', markup, path: `/modes/markup-${markup}.html` },
        () => widgetPage('generic', sandboxOrigin, markup),
      ),
    );
  }
  if (providers.includes('generic')) {
    // The page without HOST_COPY: against the bare iframe on an empty page too (run.mjs adds that case).
    cases.push(
      attempt(
        {
          id: 'markup:empty',
          kind: 'markup',
          provider: 'generic',
          markup: EMPTY,
          against: 'bare-empty:generic',
          path: '/modes/markup-empty.html',
        },
        () => widgetPage('generic', sandboxOrigin, 'module', { copy: false }),
      ),
    );
  }
  for (const provider of SDKS.filter((p) => providers.includes(p))) {
    cases.push(
      attempt({ id: `sdk:${provider}`, kind: 'sdk', provider, path: `/modes/sdk-${provider}.html`, csp: false }, () =>
        sdkPage(provider, sandboxOrigin),
      ),
    );
  }
  return cases;
}

/**
 * Bundles each SDK host script on its own (one file per page, minified, production), as a host's build
 * would: Vite's build API, no config file, into bench/.build/sdk/<provider>.js (gitignored). Returns
 * {provider: {file, raw, gzip, brotli}} for the bundles built and {provider: {error}} for the others
 * (their cases become error rows).
 */
export async function buildSdkHosts() {
  const { build } = await import('vite');
  const { compressedSizes } = await import('./sizes.mjs');
  mkdirSync(SDK_DIR, { recursive: true });
  const out = {};
  for (const provider of SDKS) {
    try {
      // An application build, not library mode: Vite's ES library mode leaves whitespace unminified (to keep
      // pure annotations), which is not what a host's production bundle ships.
      await build({
        configFile: false,
        logLevel: 'silent',
        root: ROOT,
        mode: 'production',
        define: { 'process.env.NODE_ENV': '"production"' },
        build: {
          outDir: SDK_DIR,
          emptyOutDir: false,
          minify: 'esbuild',
          target: 'es2022',
          modulePreload: false,
          copyPublicDir: false,
          rollupOptions: {
            input: path.join(ROOT, 'bench', 'sdk', `${provider}.js`),
            preserveEntrySignatures: false,
            output: { format: 'es', entryFileNames: `${provider}.js`, inlineDynamicImports: true },
          },
        },
      });
      const file = path.join(SDK_DIR, `${provider}.js`);
      out[provider] = { file: `/sdk/${provider}.js`, ...compressedSizes(readFileSync(file)) };
    } catch (error) {
      out[provider] = {
        error: `the SDK host bundle could not be built: ${String(error?.message ?? error).split('\n')[0]}`,
      };
    }
  }
  return out;
}

/**
 * The "bench:<mark> <ms>" console messages a page reports (ready.js, the phone pages): `marks` fills as they
 * come, first value of each kept; `done` resolves when every mark in `needs` is in, and rejects on a
 * "bench:error" message or after `timeoutMs`.
 */
export function marksOf(page, needs, timeoutMs, url) {
  const marks = {};
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`no ${needs.filter((m) => !(m in marks)).join(' / ')} within ${timeoutMs / 1000} s: ${url}`)),
      timeoutMs,
    );
    page.on('console', (message) => {
      const match = /^bench:([a-z-]+) (.*)$/s.exec(message.text());
      if (!match) return;
      if (match[1] === 'error') {
        clearTimeout(timer);
        reject(new Error(`error before ready: ${match[2].slice(0, 300)}`));
        return;
      }
      if (!(match[1] in marks)) marks[match[1]] = Number(match[2]);
      if (needs.every((m) => m in marks)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  done.catch(() => {});
  return { marks, done };
}

/**
 * One cold load: a new context (own cache, sockets, renderer), throttled before navigating. Resolves when
 * the page has reported every mark in `needs` ("bench:<mark> <ms>" console messages, see ready.js); then,
 * with the figures taken, reads the page's resource entries and long tasks. `trace: true` records a
 * Chromium trace (top-level tasks and user timing marks only) from before navigating until ready, returned
 * as `trace` (see work.mjs).
 */
async function loadOnce(browser, url, rate, needs = ['ready'], { timeoutMs = 20000, trace = false } = {}) {
  const context = await browser.newContext();
  let tracing = false;
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const { marks, done } = marksOf(page, needs, timeoutMs, url);
    if (trace) {
      await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
      tracing = true;
    }
    await page.goto(url, { waitUntil: 'commit' });
    await done;
    const traced = tracing ? await browser.stopTracing() : undefined;
    tracing = false;
    // Read after the figures are taken. The iframe's resource entry appears when its document has loaded.
    const read = await page.evaluate(async () => {
      const find = () =>
        performance
          .getEntriesByType('resource')
          .find((entry) => entry.initiatorType === 'iframe' && !entry.name.endsWith('/robots.txt')); // not a warm-up frame
      for (let i = 0; i < 60 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const frame = find();
      window.__benchLongTasksFlush?.();
      const rel = (name) => (name.startsWith(location.origin) ? name.slice(location.origin.length) : name);
      const nav = performance.getEntriesByType('navigation')[0];
      const entry = (e) => ({
        path: rel(e.name),
        type: e.initiatorType,
        start: e.startTime,
        end: e.responseEnd,
        transfer: e.transferSize,
        encoded: e.encodedBodySize,
      });
      // The document itself always comes before its frame: listed first, as "(document)".
      const before = frame
        ? [
            ...(nav ? [{ ...entry(nav), path: '(document)', type: 'navigation' }] : []),
            ...performance
              .getEntriesByType('resource')
              .filter((e) => e.startTime < frame.startTime && e.initiatorType !== 'iframe')
              .map(entry),
          ]
        : [];
      return {
        frameRequested: frame?.startTime,
        frameResponseEnd: frame?.responseEnd,
        htmlEnd: nav?.responseEnd,
        before,
        longTasks: window.__benchLongTasks,
      };
    });
    const frames = page.frames().filter((frame) => frame !== page.mainFrame());
    return { ready: marks.ready, marks, ...read, frameUrl: frames[0]?.url(), ...(traced ? { trace: traced } : {}) };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => {});
    await context.close();
  }
}

/**
 * Main-thread blocking of the host page between the frame request and ready, from the long tasks (≥ 50 ms)
 * the page observed. Each task is clipped to the window [frameRequested, ready]: a task that was already
 * running when the frame was requested (the one that creates the iframe) counts only from the request on.
 *   longest  the longest clipped task (0 when none overlaps)
 *   total    total blocking time: Σ over tasks of the part of [start + 50 ms, end] inside the window (the
 *            time during which an input would have waited more than 50 ms), as Lighthouse clips TBT
 *   count    tasks whose clipped part is ≥ 50 ms
 *   whole    the longest overlapping task, unclipped (how long the task that held the window was)
 */
export function blocking(sample, at = sample.ready) {
  if (!sample.longTasks || !Number.isFinite(sample.frameRequested) || !Number.isFinite(at))
    return { longest: NaN, total: NaN, count: NaN, whole: NaN };
  const from = sample.frameRequested;
  const overlapping = sample.longTasks.filter((task) => task.start < at && task.start + task.duration > from);
  const clipped = overlapping.map((task) => Math.min(task.start + task.duration, at) - Math.max(task.start, from));
  const blockingPart = overlapping.map((task) =>
    Math.max(0, Math.min(task.start + task.duration, at) - Math.max(task.start + 50, from)),
  );
  return {
    longest: Math.max(0, ...clipped),
    total: blockingPart.reduce((sum, part) => sum + part, 0),
    count: clipped.filter((length) => length >= 50).length,
    whole: Math.max(0, ...overlapping.map((task) => task.duration)),
  };
}

/**
 * Loads each widget page once, unthrottled, and reads the frame the widget requested (URL, `allow`,
 * `sandbox`, referrer policy, title), so the bare iframe case uses exactly that. A mode that fails here
 * (no frame, or the widget in its error state) becomes an error row.
 */
export async function discoverFrames(browser, hostOrigin, cases) {
  const frames = {};
  for (const item of cases.filter((c) => c.kind === 'widget')) {
    if (item.error) {
      frames[item.provider] = { error: item.error };
      continue;
    }
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${hostOrigin}${item.path}`);
      try {
        await page.waitForFunction(
          () => ['ready', 'in-progress', 'error'].includes(document.querySelector('kyc-widget')?.state),
          null,
          { timeout: 15000 },
        );
      } catch {
        const state = await page.evaluate(() => document.querySelector('kyc-widget')?.state).catch(() => undefined);
        throw new Error(`the widget was not ready within 15 s (state: ${state ?? 'no element'})`);
      }
      const frame = await page.evaluate(() => {
        const el = document.querySelector('kyc-widget');
        const iframe = el.shadowRoot?.querySelector('iframe');
        return {
          state: el.state,
          error: el.lastError?.message,
          src: iframe?.src,
          allow: iframe?.getAttribute('allow'),
          sandbox: iframe?.getAttribute('sandbox'),
          referrerPolicy: iframe?.getAttribute('referrerpolicy'),
          title: iframe?.getAttribute('title'),
        };
      });
      if (frame.state === 'error')
        frames[item.provider] = {
          ...frame,
          src: undefined,
          error: `the widget ended in its error state: ${frame.error ?? 'no message'}`,
        };
      else frames[item.provider] = frame;
    } catch (error) {
      frames[item.provider] = { error: String(error?.message ?? error).split('\n')[0] };
    } finally {
      await context.close();
    }
  }
  return frames;
}

/**
 * Rounds of every case in rotating order (round r starts at case r mod n); the first round warms up
 * (browser, servers, file cache) and is dropped. `keep` turns a load into the sample kept (it may throw: an
 * error of that load); `trace` records a trace for it (see loadOnce). A case that failed 3 times without ever loading is not
 * tried again (its mode becomes an error row); one with a build error (`item.error`) is never tried.
 */
export async function measureModes(
  browser,
  hostOrigin,
  cases,
  {
    runs,
    rate,
    gapMs = 150,
    log = () => {},
    trace = false,
    keep = (sample) => ({ ...sample, blocking: blocking(sample) }),
  },
) {
  const samples = Object.fromEntries(cases.map((c) => [c.id, []]));
  const errors = Object.fromEntries(cases.map((c) => [c.id, c.error ? [{ round: 0, message: c.error }] : []]));
  const live = cases.filter((c) => !c.error);
  for (let round_ = 0; round_ <= runs; round_++) {
    const order = live.map((_, i) => live[(i + round_) % live.length]);
    for (const item of order) {
      if (errors[item.id].length >= 3 && samples[item.id].length === 0) continue; // broken: stop retrying
      await sleep(gapMs);
      try {
        const sample = keep(await loadOnce(browser, `${hostOrigin}${item.path}`, rate, item.needs, { trace }));
        if (round_ > 0) samples[item.id].push({ round: round_, ...sample });
      } catch (error) {
        errors[item.id].push({ round: round_, message: String(error?.message ?? error).split('\n')[0] });
      }
    }
    log(`  round ${round_}/${runs} done${round_ === 0 ? ' (warm-up, dropped)' : ''}`);
  }
  return { samples, errors };
}

/** Paired ratio of two cases' figures (rounds where both loaded); `pickA`/`pickB` choose the mark. */
function paired(a, b, pickA = (s) => s.ready, pickB = (s) => s.ready) {
  if (!a?.length || !b?.length) return null;
  const byRound = new Map(b.filter((s) => Number.isFinite(pickB(s))).map((s) => [s.round, pickB(s)]));
  const both = a.filter((s) => byRound.has(s.round) && Number.isFinite(pickA(s)));
  const xs = both.map(pickA);
  const ys = both.map((s) => byRound.get(s.round));
  if (xs.length < 3) return null;
  return {
    ratio: round(quantile(xs, 0.5) / quantile(ys, 0.5), 3),
    interval95: ratioInterval(xs, ys).map((v) => round(v, 3)),
    pairs: xs.length,
  };
}

export const medianOf = (samples, pick) => round(quantile(samples.map(pick).filter(Number.isFinite), 0.5));
const maxOf = (samples, pick) => {
  const values = samples.map(pick).filter(Number.isFinite);
  return values.length ? round(Math.max(...values)) : NaN;
};
const summaryOf = (samples, pick = (s) => s.ready) => {
  const values = samples.map(pick).filter(Number.isFinite);
  return values.length ? roundAll(summary(values)) : null;
};

/** Long tasks in the window, over one case's loads. */
function blockingOf(samples) {
  if (!samples?.length) return null;
  return {
    n: samples.length,
    longestMedian: medianOf(samples, (s) => s.blocking.longest),
    longestWorst: maxOf(samples, (s) => s.blocking.longest),
    totalMedian: medianOf(samples, (s) => s.blocking.total),
    totalWorst: maxOf(samples, (s) => s.blocking.total),
    loadsWithLongTask: samples.filter((s) => s.blocking.count > 0).length,
    wholeTaskMedian: medianOf(samples, (s) => s.blocking.whole),
  };
}

/** What loaded before the frame request, over one case's loads: each path, in how many loads, median sizes. */
function beforeFrameOf(samples) {
  const byPath = new Map();
  for (const sample of samples ?? []) {
    for (const entry of sample.before ?? []) {
      const row = byPath.get(entry.path) ?? {
        path: entry.path,
        type: entry.type,
        transfers: [],
        encodeds: [],
        ends: [],
      };
      row.transfers.push(entry.transfer);
      row.encodeds.push(entry.encoded);
      row.ends.push(entry.end);
      byPath.set(entry.path, row);
    }
  }
  return [...byPath.values()].map((row) => ({
    path: row.path,
    type: row.type,
    loads: row.transfers.length,
    transferBytes: round(quantile(row.transfers, 0.5), 0),
    encodedBytes: round(quantile(row.encodeds, 0.5), 0),
    responseEnd: round(quantile(row.ends, 0.5), 1),
  }));
}

/** Per provider mode: the figures, the ratios, blocking and what loaded before the frame request. */
export function summarizeModes(cases, { samples, errors }, frames) {
  const providers = [...new Set(cases.filter((c) => c.kind === 'widget').map((c) => c.provider))];
  const rows = providers.map((provider) => {
    const widget = samples[`widget:${provider}`] ?? [];
    const bare = samples[`bare:${provider}`] ?? [];
    const hasSdk = SDKS.includes(provider) && `sdk:${provider}` in samples;
    const sdk = hasSdk ? samples[`sdk:${provider}`] : null;
    const spec = SDK_READY[provider];
    const widgetMark = (s) => s.marks?.[spec?.widgetMark ?? 'ready'];
    const frame = frames[provider] ?? {};
    return {
      provider,
      signal: readySignal(provider),
      frame,
      n: { widget: widget.length, bare: bare.length, ...(sdk ? { sdk: sdk.length } : {}) },
      widget: summaryOf(widget),
      bare: summaryOf(bare),
      widgetToBare: paired(widget, bare),
      sdk: sdk
        ? {
            callback: spec.callback,
            widgetMark: spec.widgetMark,
            widgetEvent: spec.widgetEvent,
            ready: summaryOf(sdk),
            handshake: summaryOf(sdk, (s) => s.marks?.handshake),
            widget: summaryOf(widget, widgetMark),
            widgetToSdk: paired(widget, sdk, widgetMark),
            sdkToBare: paired(sdk, bare),
          }
        : null,
      bareHandshake: summaryOf(bare, (s) => s.marks?.handshake),
      frameRequested: {
        widget: medianOf(widget, (s) => s.frameRequested),
        bare: medianOf(bare, (s) => s.frameRequested),
        ...(sdk ? { sdk: medianOf(sdk, (s) => s.frameRequested) } : {}),
      },
      blocking: { widget: blockingOf(widget), bare: blockingOf(bare), ...(sdk ? { sdk: blockingOf(sdk) } : {}) },
      beforeFrame: {
        widget: beforeFrameOf(widget),
        bare: beforeFrameOf(bare),
        ...(sdk ? { sdk: beforeFrameOf(sdk) } : {}),
      },
      errors: [
        ...(frame.error ? [{ case: `widget:${provider}`, round: 'discovery', message: frame.error }] : []),
        ...[`widget:${provider}`, `bare:${provider}`, `sdk:${provider}`].flatMap((id) =>
          (errors[id] ?? []).map((e) => ({ case: id, ...e })),
        ),
      ],
    };
  });
  const generic = samples['bare:generic'] ?? [];
  const markups = cases
    .filter((c) => c.kind === 'markup' || c.id === 'widget:generic')
    .map((c) => ({
      markup: c.markup ?? 'module',
      ready: summaryOf(samples[c.id] ?? []),
      toBare: paired(samples[c.id], c.against ? (samples[c.against] ?? []) : generic),
      frameRequested: medianOf(samples[c.id] ?? [], (s) => s.frameRequested),
      blocking: blockingOf(samples[c.id]),
      errors: errors[c.id] ?? [],
    }));
  return { rows, markups };
}
