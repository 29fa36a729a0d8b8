// Ready time in every provider mode, side by side (bench/README.md, "2. Ready time in every mode"):
// for each provider in the sandbox catalog, the widget in that provider's mode and a bare <iframe> on the
// very frame URL the widget requested; for Persona, Sumsub and Veriff also that provider's own SDK
// (bundled from npm as a host's bundler would) driving the same sandbox page; and two other ways of
// loading the widget (generic mode). All cases are loaded once per round, in a rotating order, so slow
// moments of the machine are shared; ratios are paired by round.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROVIDER_DEMOS, SANDBOX_TOKENS } from '../examples/sandbox/catalog.mjs';
import { quantile, ratioInterval, round, roundAll, summary } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SDK_DIR = path.join(ROOT, 'bench', '.build', 'sdk');

/** The providers whose own host SDK the bench drives (bench/sdk/<id>.js). */
export const SDKS = ['persona', 'sumsub', 'veriff'];
/** Providers whose frame sends a ready message (ready.js knows each); the others' ready is the iframe's load. */
const MESSAGE_READY = new Set(['generic', 'persona', 'sumsub', 'veriff', 'jumio', 'didit']);
/** Other ways of loading the widget, measured in generic mode ("module" is the default, the mode cases). */
export const MARKUPS = {
  module: '<script type="module" src="/dist/kyc-widget.js"></script>',
  'module-async': '<script type="module" async src="/dist/kyc-widget.js"></script>',
  'iife-defer': '<script defer src="/dist/kyc-widget.iife.js"></script>',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const esc = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function page(title, head, body) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bench: ${esc(title)}</title>
  <link rel="stylesheet" href="/bench.css">
${head}
</head>
<body>
${body}
</body>
</html>
`;
}

/** The widget in `provider`'s mode, on its sandbox page (interactive: every page says ready by itself). */
function widgetPage(provider, sandboxOrigin, markup = 'module') {
  const inputs = PROVIDER_DEMOS[provider](sandboxOrigin, {});
  const attributes = [
    ['provider', inputs.provider],
    ['session-url', inputs.sessionUrl],
    ['allowed-origins', inputs.allowedOrigins],
    ...(inputs.options ? [['options', JSON.stringify(inputs.options)]] : []),
  ];
  const element = `  <kyc-widget ${attributes.map(([name, value]) => `${name}="${esc(value)}"`).join(' ')}></kyc-widget>`;
  // The token as a property, from a classic script right after the element (before the module runs).
  const token = inputs.sessionToken ? `\n  <script src="/token.js" data-token="${esc(inputs.sessionToken)}"></script>` : '';
  return page(`widget, ${provider}, ${markup}`, `  <script src="/ready.js" data-mode="widget"></script>\n  ${MARKUPS[markup]}`, element + token);
}

/** A bare iframe on exactly the URL (and attributes) the widget requested in that mode. */
export function barePage(provider, sandboxOrigin, frame) {
  const ready = MESSAGE_READY.has(provider) ? provider : 'load';
  return page(
    `bare iframe, ${provider}`,
    `  <script src="/ready.js" data-mode="baseline" data-ready="${ready}" data-frame-origin="${esc(sandboxOrigin)}"></script>`,
    `  <iframe class="baseline" src="${esc(frame.src)}" title="Identity verification" allow="${esc(frame.allow ?? '')}" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
  );
}

function sdkPage(provider, sandboxOrigin) {
  const token = SANDBOX_TOKENS[provider] ?? '';
  return page(
    `${provider}'s own SDK`,
    `  <meta name="bench" data-sandbox="${esc(sandboxOrigin)}" data-token="${esc(token)}">\n  <script src="/ready.js" data-mode="sdk"></script>\n  <script type="module" src="/sdk/${provider}.js"></script>`,
    provider === 'sumsub' ? '  <div id="sumsub-websdk-container"></div>' : '',
  );
}

/** Every case but the bare iframes (they need the widget's frame URL, see discoverFrames). */
export function modeCases(sandboxOrigin, providers = Object.keys(PROVIDER_DEMOS)) {
  const cases = providers.map((provider) => ({ id: `widget:${provider}`, kind: 'widget', provider, path: `/modes/widget-${provider}.html`, html: widgetPage(provider, sandboxOrigin) }));
  for (const markup of Object.keys(MARKUPS).filter((m) => m !== 'module')) {
    cases.push({ id: `markup:${markup}`, kind: 'markup', provider: 'generic', markup, path: `/modes/markup-${markup}.html`, html: widgetPage('generic', sandboxOrigin, markup) });
  }
  for (const provider of SDKS.filter((p) => providers.includes(p))) {
    cases.push({ id: `sdk:${provider}`, kind: 'sdk', provider, path: `/modes/sdk-${provider}.html`, html: sdkPage(provider, sandboxOrigin), csp: false });
  }
  return cases;
}

/** Bundles each SDK host script on its own (one file per page, minified, production), as a host's build would. */
export async function buildSdkHosts() {
  const { build } = await import('vite');
  mkdirSync(SDK_DIR, { recursive: true });
  for (const provider of SDKS) {
    await build({
      configFile: false,
      logLevel: 'silent',
      root: ROOT,
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: SDK_DIR,
        emptyOutDir: false,
        minify: true,
        target: 'es2022',
        lib: { entry: path.join(ROOT, 'bench', 'sdk', `${provider}.js`), formats: ['es'], fileName: () => `${provider}.js` },
      },
    });
  }
}

/** One cold load: a new context (own cache, sockets, renderer), throttled before navigating. */
async function loadOnce(browser, url, rate) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready within 20 s: ${url}`)), 20000);
      page.on('console', (message) => {
        const text = message.text();
        if (text.startsWith('bench:ready ')) {
          clearTimeout(timer);
          resolve(Number(text.slice('bench:ready '.length)));
        } else if (text.startsWith('bench:error ')) {
          clearTimeout(timer);
          reject(new Error(`kyc-error ${text.slice('bench:error '.length)}`));
        }
      });
    });
    ready.catch(() => {});
    await page.goto(url, { waitUntil: 'commit' });
    const readyAt = await ready;
    // Read after the figure is taken. The iframe's resource entry appears when its document has loaded.
    const marks = await page.evaluate(async () => {
      const find = () => performance.getEntriesByType('resource').find((entry) => entry.initiatorType === 'iframe');
      for (let i = 0; i < 60 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const frame = find();
      const before = frame
        ? performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime < frame.startTime && entry.initiatorType !== 'iframe')
            .map((entry) => ({ path: new URL(entry.name).pathname, bytes: entry.encodedBodySize, end: entry.responseEnd }))
        : [];
      return { frameRequested: frame?.startTime, before, longTasks: window.__benchLongTasks };
    });
    const frames = page.frames().filter((frame) => frame !== page.mainFrame());
    return { ready: readyAt, ...marks, frameUrl: frames[0]?.url() };
  } finally {
    await context.close();
  }
}

/** The long tasks that overlap the window between the frame request and ready. */
function blocking(sample) {
  if (!sample.longTasks || !Number.isFinite(sample.frameRequested)) return { longest: NaN, total: NaN, count: NaN };
  const inWindow = sample.longTasks.filter((task) => task.start < sample.ready && task.start + task.duration > sample.frameRequested);
  return {
    longest: Math.max(0, ...inWindow.map((task) => task.duration)),
    total: inWindow.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    count: inWindow.length,
  };
}

/**
 * Loads each widget page once, unthrottled, and reads the frame the widget requested (URL and `allow`),
 * so the bare iframe case uses exactly that. A mode that fails here becomes an error row.
 */
export async function discoverFrames(browser, hostOrigin, cases) {
  const frames = {};
  for (const item of cases.filter((c) => c.kind === 'widget')) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${hostOrigin}${item.path}`);
      await page.waitForFunction(() => ['ready', 'in-progress', 'error'].includes(document.querySelector('kyc-widget')?.state), null, { timeout: 15000 });
      frames[item.provider] = await page.evaluate(() => {
        const el = document.querySelector('kyc-widget');
        const iframe = el.shadowRoot?.querySelector('iframe');
        return { state: el.state, error: el.lastError?.message, src: iframe?.src, allow: iframe?.getAttribute('allow') };
      });
    } catch (error) {
      frames[item.provider] = { error: String(error?.message ?? error) };
    } finally {
      await context.close();
    }
  }
  return frames;
}

/** Rounds of every case in rotating order; the first round warms up (browser, servers, file cache) and is dropped. */
export async function measureModes(browser, hostOrigin, cases, { runs, rate, gapMs = 150, log = () => {} }) {
  const samples = Object.fromEntries(cases.map((c) => [c.id, []]));
  const errors = Object.fromEntries(cases.map((c) => [c.id, []]));
  for (let round_ = 0; round_ <= runs; round_++) {
    const order = cases.map((_, i) => cases[(i + round_) % cases.length]);
    for (const item of order) {
      if (errors[item.id].length >= 3 && samples[item.id].length === 0) continue; // broken: stop retrying
      await sleep(gapMs);
      try {
        const sample = await loadOnce(browser, `${hostOrigin}${item.path}`, rate);
        if (round_ > 0) samples[item.id].push({ round: round_, ...sample, blocking: blocking(sample) });
      } catch (error) {
        errors[item.id].push({ round: round_, message: String(error?.message ?? error) });
      }
    }
    log(`  round ${round_}/${runs} done`);
  }
  return { samples, errors };
}

/** Paired ratio of two cases' ready times (rounds where both loaded). */
function paired(a, b) {
  if (!a?.length || !b?.length) return null;
  const byRound = new Map(b.map((s) => [s.round, s.ready]));
  const xs = a.filter((s) => byRound.has(s.round)).map((s) => s.ready);
  const ys = a.filter((s) => byRound.has(s.round)).map((s) => byRound.get(s.round));
  if (xs.length < 3) return null;
  return {
    ratio: round(quantile(xs, 0.5) / quantile(ys, 0.5), 3),
    interval95: ratioInterval(xs, ys).map((v) => round(v, 3)),
    pairs: xs.length,
  };
}

const medianOf = (samples, pick) => round(quantile(samples.map(pick).filter(Number.isFinite), 0.5));

/** Per provider mode: the figures, the ratios and what loaded before the frame request. */
export function summarizeModes(cases, { samples, errors }, frames) {
  const providers = [...new Set(cases.filter((c) => c.kind === 'widget').map((c) => c.provider))];
  const rows = providers.map((provider) => {
    const widget = samples[`widget:${provider}`] ?? [];
    const bare = samples[`bare:${provider}`] ?? [];
    const sdk = samples[`sdk:${provider}`];
    const first = widget[0];
    return {
      provider,
      frame: frames[provider],
      widget: widget.length ? roundAll(summary(widget.map((s) => s.ready))) : null,
      bare: bare.length ? roundAll(summary(bare.map((s) => s.ready))) : null,
      sdk: sdk?.length ? roundAll(summary(sdk.map((s) => s.ready))) : null,
      widgetToBare: paired(widget, bare),
      sdkToBare: sdk ? paired(sdk, bare) : null,
      widgetToSdk: sdk ? paired(widget, sdk) : null,
      frameRequested: { widget: medianOf(widget, (s) => s.frameRequested), bare: medianOf(bare, (s) => s.frameRequested), sdk: sdk ? medianOf(sdk, (s) => s.frameRequested) : null },
      blocking: {
        widgetLongest: medianOf(widget, (s) => s.blocking.longest),
        widgetWorst: round(Math.max(...widget.map((s) => s.blocking.longest).filter(Number.isFinite), 0)),
        widgetTotal: medianOf(widget, (s) => s.blocking.total),
        sdkLongest: sdk ? medianOf(sdk, (s) => s.blocking.longest) : null,
      },
      beforeFrame: first ? first.before.map((r) => ({ path: r.path, bytes: r.bytes })) : [],
      sdkBeforeFrame: sdk?.[0] ? sdk[0].before.map((r) => ({ path: r.path, bytes: r.bytes })) : [],
      errors: [...(errors[`widget:${provider}`] ?? []), ...(errors[`bare:${provider}`] ?? []), ...(errors[`sdk:${provider}`] ?? [])],
    };
  });
  const generic = samples['bare:generic'] ?? [];
  const markups = cases
    .filter((c) => c.kind === 'markup' || c.id === 'widget:generic')
    .map((c) => ({
      markup: c.markup ?? 'module',
      ready: samples[c.id]?.length ? roundAll(summary(samples[c.id].map((s) => s.ready))) : null,
      toBare: paired(samples[c.id], generic),
      frameRequested: medianOf(samples[c.id] ?? [], (s) => s.frameRequested),
      errors: errors[c.id] ?? [],
    }));
  return { rows, markups };
}
