#!/usr/bin/env node
// `npm run bench`: builds, then measures bundle sizes, cold-load ready time (widget vs a bare iframe),
// message → event latency and connect/disconnect leaks in Debian's Chromium. Prints a table with each
// figure beside its target and writes everything, raw samples included, to bench/results.json.
// A benchmark, not a test: it exits 0 when a target is missed (non-zero only when it could not measure).
//
//   node bench/run.mjs [--full] [--quick] [--runs N] [--shapes loopback,4g] [--phone-runs N] [--work-runs N]
//                      [--no-build | --dist DIR] [--with modes,work,ready,latency,leaks] [--skip phone,…]
//                      [--modes a,b] [--kinds widget,sdk,…] [--same-process] [--sdk-runs N] [--sdk-cycles N]
//                      [--entry all | own]
//
// Default: the sizes, the phone, server-rendered and SDK-hosted providers sections; --full: every section.
//
// See bench/README.md for what each figure means.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.mjs';
import { BOOT_BUDGET, IIFE_BUDGETS } from '../scripts/budget.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { cpuMeter } from './cpu.mjs';
import { startBenchServer } from './server.mjs';
import { PROVIDER_DEMOS } from '../sandbox/catalog.mjs';
import {
  barePage,
  starterPage,
  buildSdkHosts,
  discoverFrames,
  measureModes,
  modeCases,
  SDK_DIR,
  SDKS,
  summarizeModes,
} from './modes.mjs';
import { measurePhone, phoneCases, phonePlan, startShape, summarizePhone, VARIANTS } from './phone.mjs';
import { measureRendered, RENDERED_PROVIDERS } from './rendered.mjs';
import { measureSdkProviders, SDK_PROVIDERS } from './sdk-providers.mjs';
import { measureFailover } from './failover.mjs';
import { SHAPES } from './shape.mjs';
import { measureSizes } from './sizes.mjs';
import { measureWork, summarizeWork } from './work.mjs';
import { quantile, ratioInterval, round, roundAll, summary } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = path.join(ROOT, 'bench', 'results.json');

// A target on a ratio is met only when the upper bound of the ratio's 95% interval meets it.
const TARGETS = {
  // Every provider mode: ready ÷ bare iframe at 4x (upper bound); below the provider's own SDK (upper bound < 1).
  readyRatio4x: 1.1,
  widgetToSdk: 1,
  // The phone section (phone.mjs): loopback ready ÷ bare, and the session-endpoint shape under slow 4G.
  loopbackToBare: 1.1,
  endpointToSdk4g: 0.9,
  longTaskMs: 50,
  firstChunkGzip: BOOT_BUDGET, // the size test's budget (scripts/budget.mjs)
  iifeGzip: IIFE_BUDGETS['kyc-widget.iife.js'], // the size test's budget too
  messageP50Ms: 1,
  leakedListeners: 0,
  heapGrowthBytes: 1024 * 1024,
};

// ---- options -----------------------------------------------------------------------------------

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}
// `--help`: the flags, and nothing run (without it, an unknown flag is ignored and the whole default run starts).
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`node bench/run.mjs [--full] [--quick] [--runs N] [--shapes loopback,4g] [--phone-runs N] [--endpoint-runs N]
                  [--work-runs N] [--no-build | --dist DIR] [--with modes,work,ready,latency,leaks]
                  [--skip phone,rendered,sdk,…] [--modes a,b] [--kinds widget,bare,sdk,…] [--same-process]
                  [--sdk-runs N] [--sdk-cycles N] [--entry all | own]
Default: build, then the sizes, the phone, server-rendered and SDK-hosted providers sections (about 40 minutes).
Only the server-rendered section, slow 4G, 3 rounds: --no-build --skip phone,sdk --shapes 4g --phone-runs 3
--kinds also picks the server-rendered section's pages: --kinds rendered,bare (the reused session and the bare iframe)
--entry own: the phone section's widget pages load each provider's own entry (dist/kyc-widget-<id>.js)
What each figure means: bench/README.md`);
  process.exit(0);
}
/**
 * `--full`: the long variant: every section (the provider modes on their older pages, the traced work table,
 * the 1x pair, latency, leaks) and the phone section's full plan (phonePlan), 15 rounds each. Without it a run
 * is the sizes and the phone section's default plan: every figure the issue asks for, in about 20 minutes on
 * a quiet 2-core machine (README, "Run time").
 */
const FULL = process.argv.includes('--full');
const RUNS = Math.max(3, Number(option('--runs', 15)) || 15);
/** `--quick`: every section, smaller: the modes section only in the SDK providers' modes and generic, fewer traced loads, latency messages and leak cycles. */
const QUICK = process.argv.includes('--quick');
/** `--shapes loopback,4g`: the network shapes of the phone section (shape.mjs). */
const SHAPE_IDS = String(option('--shapes', 'loopback,4g')).split(',').filter(Boolean);
/**
 * `--phone-runs N`: rounds of the phone section. Default 10 (15 with --full, 3 with --quick; or --runs when
 * given): on a quiet 2-core machine a load takes about 0.8 s on loopback and 2 s under slow 4G, so 10 rounds
 * of the default plan are about 17 minutes (README, "Run time").
 */
const PHONE_RUNS = Math.max(3, Number(option('--phone-runs', option('--runs', QUICK ? 3 : FULL ? RUNS : 10))) || 10);
/**
 * `--endpoint-runs N`: rounds of the session-endpoint pairs (default 15, never fewer than --phone-runs): the
 * issue's "done when" rests on them, so they get 5 rounds more than the rest (the later rounds load only them).
 */
const ENDPOINT_RUNS = Math.max(PHONE_RUNS, Number(option('--endpoint-runs', QUICK ? PHONE_RUNS : 15)) || 15);
/** `--modes a,b`: only these provider modes (and their SDKs) in the modes section; default every catalog entry. */
const ONLY_MODES = option('--modes', '')
  ? String(option('--modes', '')).split(',').filter(Boolean)
  : QUICK
    ? ['generic', ...SDKS]
    : null;
/** `--sdk-runs N`: rounds of the SDK-hosted providers' section (sdk-providers.mjs); default as the phone section's. */
const SDK_RUNS = Math.max(3, Number(option('--sdk-runs', PHONE_RUNS)) || PHONE_RUNS);
/** `--sdk-cycles N`: mount → start → cancel() cycles per SDK-hosted provider for its leftovers figure (0: none). */
const SDK_CYCLES = Math.max(0, Number(option('--sdk-cycles', QUICK ? 5 : 20)) || 0);
/**
 * `--kinds widget-endpoint,sdk-endpoint`: only these kinds of the phone section's cases (widget, bare, floor, sdk, …)
 * and of the server-rendered section's (rendered, rendered-blocking, rendered-streamed, bare, sdk, sdk-endpoint, …).
 */
/** `--entry own`: the phone section's widget pages load the provider's own entry (`dist/kyc-widget-<id>.js`), not the all-in bundle. */
const ENTRY = option('--entry', 'all') === 'own' ? 'own' : 'all';
const ONLY_KINDS = option('--kinds', '') ? String(option('--kinds', '')).split(',').filter(Boolean) : null;
/** `--dist DIR` measures an existing build (e.g. a copy kept for comparison) and skips building. */
const DIST = path.resolve(option('--dist', path.join(ROOT, 'dist')));
const BUILD = !process.argv.includes('--no-build') && !process.argv.includes('--dist');
/** `--same-process`: also measure 4x with site isolation off, so the provider frame shares the throttled renderer. */
const SAME_PROCESS = process.argv.includes('--same-process');
/** `--with modes,latency`: sections of the long variant to add to a default run. */
const WITH = String(option('--with', '')).split(',').filter(Boolean);
/** Sections left out: `--skip a,b` (phone, rendered, sdk, …); by default (without --full) the long variant's (modes, work, ready, latency, leaks). */
const SKIP = new Set([
  ...(FULL ? [] : ['modes', 'work', 'ready', 'latency', 'leaks'].filter((s) => !WITH.includes(s))),
  ...String(option('--skip', '')).split(',').filter(Boolean),
]);
const LATENCY = QUICK ? { count: 50, interval: 5, pings: 10 } : { count: 200, interval: 5, pings: 30 };
const LEAK_CYCLES = QUICK ? 40 : 200;
const LEAK_WARMUP = 10;
const LOAD_GAP_MS = 150;
/** `--work-runs N`: traced loads per case in the main-thread work table (its figures move by a millisecond or two). */
const WORK_RUNS = Math.max(3, Number(option('--work-runs', QUICK ? 3 : 6)) || 6);

// ---- small helpers -----------------------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects after `ms` (a hung page must not hang the bench). */
function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const roundCpu = (cpu) => cpu && { othersCores: round(cpu.othersCores, 3), benchCores: round(cpu.benchCores, 3) };
const bytes = (n) => `${n.toLocaleString('en-US')} B (${(n / 1024).toFixed(1)} KiB)`;
const ms = (n, digits = 1) => (Number.isFinite(n) ? `${n.toFixed(digits)} ms` : 'n/a');
const log = (...args) => console.error(...args); // progress on stderr, the report on stdout

function elapsed(start) {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

// ---- 1. sizes ----------------------------------------------------------------------------------

function sizesSection() {
  const sizes = measureSizes(DIST);
  return sizes;
}

// ---- 2. ready time -----------------------------------------------------------------------------

/** One cold load: a new context (own cache, cookies, sockets and renderer), throttled before navigating. */
async function coldLoad(browser, url, rate) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no kyc-ready within 20 s: ${url}`)), 20000);
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
    // Where the time went (read after the figure is taken, so it costs the measurement nothing).
    const marks = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource');
      const frame = resources.find((entry) => entry.initiatorType === 'iframe' && !entry.name.endsWith('/robots.txt')); // not a warm-up frame
      const entry = resources.find((entry) => entry.name.endsWith('/dist/kyc-widget.js'));
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        htmlEnd: nav?.responseEnd,
        frameRequested: frame?.startTime,
        entryScriptEnd: entry?.responseEnd,
      };
    });
    return { ready: readyAt, ...marks };
  } finally {
    await context.close();
  }
}

async function readySection(browser, hostOrigin, rates, suffix = '') {
  const out = {};
  for (const rate of rates) {
    const start = performance.now();
    const meter = cpuMeter();
    const samples = { widget: [], baseline: [] };
    const errors = [];
    let failuresInARow = 0;
    const pairs = RUNS + 1; // the first pair is a warm-up (browser, servers, OS file cache), discarded
    for (let i = 0; i < pairs; i++) {
      for (const kind of ['widget', 'baseline']) {
        await sleep(LOAD_GAP_MS); // let the previous context's renderer finish shutting down
        try {
          const sample = await withTimeout(
            coldLoad(browser, `${hostOrigin}/${kind}.html`, rate),
            30000,
            `${kind} cold load`,
          );
          if (i > 0) samples[kind].push({ pair: i, ...sample });
          failuresInARow = 0;
        } catch (error) {
          errors.push({ kind, pair: i, message: String(error?.message ?? error) });
          log(`  ${kind} load failed: ${error?.message ?? error}`);
          if (++failuresInARow >= 3)
            throw new Error(`3 cold loads in a row failed at ${rate}x; last: ${error?.message ?? error}`, {
              cause: error,
            });
        }
      }
    }
    const widget = summary(samples.widget.map((s) => s.ready));
    const baseline = summary(samples.baseline.map((s) => s.ready));
    // Pairs whose two loads both succeeded, for the paired statistics.
    const byPair = new Map(samples.baseline.map((s) => [s.pair, s.ready]));
    const pairedW = samples.widget.filter((s) => byPair.has(s.pair)).map((s) => s.ready);
    const pairedB = samples.widget.filter((s) => byPair.has(s.pair)).map((s) => byPair.get(s.pair));
    const paired = pairedW.map((w, i) => w / pairedB[i]);
    out[`${rate}x${suffix}`] = {
      label: `${rate}x${suffix}`,
      rate,
      runs: RUNS,
      widget: roundAll(widget),
      baseline: roundAll(baseline),
      ratio: round(widget.median / baseline.median, 3),
      ratioInterval95: ratioInterval(pairedW, pairedB).map((v) => round(v, 3)),
      pairedRatioMedian: round(quantile(paired, 0.5), 3),
      deltaMs: round(widget.median - baseline.median),
      frameRequested: {
        widget: roundAll(summary(samples.widget.map((s) => s.frameRequested))),
        baseline: roundAll(summary(samples.baseline.map((s) => s.frameRequested))),
      },
      widgetEntryScriptEnd: roundAll(summary(samples.widget.map((s) => s.entryScriptEnd))),
      samples,
      errors,
      cpu: roundCpu(meter.read()),
      seconds: round((performance.now() - start) / 1000, 1),
    };
    log(
      `  ready @${rate}x${suffix}: widget ${ms(widget.median)} / baseline ${ms(baseline.median)} = ${(widget.median / baseline.median).toFixed(3)} (${elapsed(start)})`,
    );
  }
  return out;
}

// ---- 2b. ready time in every provider mode, beside the bare iframe and the providers' own SDKs ----

async function modesSection(browser, host, sandboxOrigin) {
  const start = performance.now();
  log("bundling the providers' SDK host pages (vite)…");
  const sdkBundles = await sdkHosts();
  const providers = Object.keys(PROVIDER_DEMOS).filter((p) => !ONLY_MODES || ONLY_MODES.includes(p));
  const cases = modeCases(sandboxOrigin, providers);
  for (const item of cases) {
    if (item.kind === 'sdk' && sdkBundles[item.provider]?.error) item.error = sdkBundles[item.provider].error;
    if (!item.error) host.pages.set(item.path, { html: item.html, csp: item.csp });
  }
  const frames = await discoverFrames(browser, host.origin, cases);
  for (const [provider, frame] of Object.entries(frames)) {
    if (!frame.src) {
      log(`  ${provider}: no frame (${frame.error ?? frame.state}); its mode is an error row`);
      continue;
    }
    const item = { id: `bare:${provider}`, kind: 'bare', provider, path: `/modes/bare-${provider}.html` };
    try {
      host.pages.set(item.path, { html: barePage(provider, sandboxOrigin, frame) });
    } catch (error) {
      item.error = `the bare page could not be built: ${error?.message ?? error}`;
    }
    cases.push(item);
    if (provider === 'generic') {
      // The floor for a script-made frame, in the markups table (generic mode): see pages/frame-starter.js.
      const floor = {
        id: 'markup:floor',
        kind: 'markup',
        provider,
        markup: 'floor: a 1 KB module making the same iframe (not the widget)',
        path: '/modes/floor-generic.html',
      };
      host.pages.set(floor.path, { html: starterPage(provider, sandboxOrigin, frame) });
      cases.push(floor);
      // The baseline of the empty-page row (markup:empty): the bare iframe on a page with no text.
      const empty = { id: 'bare-empty:generic', kind: 'bare-empty', provider, path: '/modes/bare-empty-generic.html' };
      host.pages.set(empty.path, { html: barePage(provider, sandboxOrigin, frame, { copy: false }) });
      cases.push(empty);
    }
  }
  const measurable = cases.filter((c) => frames[c.provider]?.src || c.kind === 'sdk');
  log(`modes @4x: ${measurable.length} cases × ${RUNS} rounds (+1 warm-up), interleaved`);
  const meter = cpuMeter();
  const measured = await measureModes(browser, host.origin, measurable, {
    runs: RUNS,
    rate: 4,
    gapMs: LOAD_GAP_MS,
    log,
  });
  const summary_ = summarizeModes(cases, measured, frames);
  let work;
  if (!SKIP.has('work')) {
    const traced = measurable.filter((c) => ['widget', 'bare', 'sdk'].includes(c.kind) || c.id === 'markup:floor');
    log(`main-thread work @1x, traced: ${traced.length} cases × ${WORK_RUNS} rounds (+1 warm-up)`);
    const measuredWork = await measureWork(browser, host.origin, traced, { runs: WORK_RUNS, gapMs: LOAD_GAP_MS, log });
    work = { rate: 1, runs: WORK_RUNS, ...summarizeWork(traced, measuredWork), samples: measuredWork.samples };
  }
  return {
    work,
    label: 'provider-mode @4x',
    rate: 4,
    runs: RUNS,
    sdkProviders: SDKS,
    sdkBundles,
    cases: cases.map(({ id, kind, provider, path: page, markup, needs, error }) => ({
      id,
      kind,
      provider,
      page,
      markup,
      needs,
      error,
    })),
    ...summary_,
    samples: measured.samples,
    errors: measured.errors,
    cpu: roundCpu(meter.read()),
    seconds: round((performance.now() - start) / 1000, 1),
  };
}

// ---- 2d. on a phone: 4x CPU in each network shape, light pages, instant and heavy frames, session endpoint ----

let sdkBuild;
/** The SDK host bundles, built once per run (the modes and phone sections share them). */
const sdkHosts = () => (sdkBuild ??= buildSdkHosts());

async function phoneSection(browser, host, sandboxOrigin) {
  const start = performance.now();
  log("bundling the providers' SDK host pages (vite, production)…");
  const sdkBundles = await sdkHosts();
  const modes = Object.keys(PROVIDER_DEMOS).filter((p) => !ONLY_MODES || ONLY_MODES.includes(p));
  const plans = Object.fromEntries(SHAPE_IDS.map((id) => [id, phonePlan(id, { full: FULL, modes })]));
  const providers = [
    ...new Set(Object.values(plans).flatMap((plan) => Object.values(plan.variants).flatMap((v) => v.map(([p]) => p)))),
  ];
  // The widget's frame in each mode (URL and attributes), read once on loopback for the bare iframes.
  const discovery = modeCases(sandboxOrigin, providers).filter((c) => c.kind === 'widget');
  for (const item of discovery) if (!item.error) host.pages.set(item.path, { html: item.html, csp: item.csp });
  const frames = await discoverFrames(browser, host.origin, discovery);
  const out = {
    rate: 4,
    runs: PHONE_RUNS,
    endpointRuns: ENDPOINT_RUNS,
    providers,
    variants: VARIANTS,
    sdkBundles,
    frames,
    shapes: {},
  };
  for (const shapeId of SHAPE_IDS) {
    if (!SHAPES[shapeId]) {
      out.shapes[shapeId] = { error: `unknown shape (known: ${Object.keys(SHAPES).join(', ')})` };
      continue;
    }
    const shapeStart = performance.now();
    const shaped = await startShape(shapeId, {
      hostUpstream: host.origin,
      sandboxUpstream: sandboxOrigin.replace('localhost', '127.0.0.1'),
    });
    try {
      const frameOrigins = Object.fromEntries(VARIANTS.map((v) => [v, shaped.frames[v].origin]));
      const cases = phoneCases({
        shape: shapeId,
        plan: plans[shapeId],
        frameOrigins,
        frames,
        sandboxOrigin,
        hostOrigins: { direct: host.origin, shaped: shaped.host.origin },
        entry: ENTRY,
      })
        .filter((c) => (c.kind !== 'sdk' && c.kind !== 'sdk-endpoint') || !sdkBundles[c.provider]?.error)
        .filter((c) => !ONLY_KINDS || ONLY_KINDS.includes(c.kind));
      for (const item of cases) {
        host.pages.set(item.path, { html: item.html, csp: false });
        if (item.kind.endsWith('endpoint')) item.runs = ENDPOINT_RUNS;
      }
      const more = cases.filter((c) => (c.runs ?? PHONE_RUNS) > PHONE_RUNS).length;
      log(
        `phone @4x, ${shaped.shape.label}: ${cases.length} cases × ${PHONE_RUNS} rounds (+1 warm-up), interleaved${more ? `; ${more} session-endpoint cases × ${ENDPOINT_RUNS}` : ''}`,
      );
      const meter = cpuMeter();
      const measured = await measurePhone(browser, shaped.host.origin, cases, {
        runs: PHONE_RUNS,
        rate: 4,
        gapMs: LOAD_GAP_MS,
        timeoutMs: shapeId === 'loopback' ? 20000 : 45000,
        log,
      });
      out.shapes[shapeId] = {
        shape: {
          ...shaped.shape,
          bandwidthBps: Number.isFinite(shaped.shape.bandwidthBps) ? shaped.shape.bandwidthBps : null,
        },
        fillerBytes: shaped.fillerBytes,
        origins: { host: shaped.host.origin, ...frameOrigins },
        cases: cases.map(({ id, kind, provider, variant, path: page }) => ({ id, kind, provider, variant, page })),
        ...summarizePhone(shapeId, cases, measured, TARGETS),
        samples: measured.samples,
        errors: measured.errors,
        cpu: roundCpu(meter.read()),
        seconds: round((performance.now() - shapeStart) / 1000, 1),
      };
    } finally {
      await shaped.close();
    }
  }
  out.seconds = round((performance.now() - start) / 1000, 1);
  return out;
}

// ---- 2e. the server-rendered widget: renderKycWidget's pages (reused, blocking, streamed) on a phone ----

async function renderedSection(browser, host, sandboxOrigin) {
  const start = performance.now();
  const server = await import(pathToFileURL(path.join(DIST, 'server', 'index.js')).href);
  if (typeof server.renderKycWidget !== 'function')
    return { error: 'this build of kyc-widget/server has no renderKycWidget' };
  const sdkBundles = await sdkHosts();
  const providers = RENDERED_PROVIDERS.filter((p) => (!ONLY_MODES || ONLY_MODES.includes(p)) && !sdkBundles[p]?.error);
  // The widget's frame in each mode, read once on loopback, for the bare iframes beside the rendered pages.
  const discovery = modeCases(sandboxOrigin, providers).filter((c) => c.kind === 'widget');
  for (const item of discovery) if (!item.error) host.pages.set(item.path, { html: item.html, csp: item.csp });
  const frames = await discoverFrames(browser, host.origin, discovery);
  const out = await measureRendered({
    browser,
    host,
    sandboxOrigin,
    frames,
    render: server.renderKycWidget,
    warmUp: server.renderKycWarmUp,
    shapes: SHAPE_IDS.filter((id) => SHAPES[id]),
    runs: PHONE_RUNS,
    gapMs: LOAD_GAP_MS,
    providers,
    kinds: ONLY_KINDS,
    log,
  });
  out.seconds = round((performance.now() - start) / 1000, 1);
  return out;
}

// ---- 2f. the SDK-hosted providers (README 2e): Onfido, Stripe, Plaid, <jumio-sdk> against their own SDKs, on a phone ----

async function sdkSection(browser, host, sandboxOrigin) {
  const start = performance.now();
  // --modes keeps the providers it names (--quick's list of modes does not apply: it names none of these).
  const only = option('--modes', '') ? String(option('--modes', '')).split(',') : null;
  const providers = SDK_PROVIDERS.filter((p) => !only || only.includes(p));
  if (!providers.length) {
    log('sdk providers: none of them in --modes, section left out');
    return undefined;
  }
  const out = await measureSdkProviders({
    browser,
    host,
    sandboxOrigin,
    dist: DIST,
    shapes: SHAPE_IDS.filter((id) => SHAPES[id]),
    runs: SDK_RUNS,
    cycles: SDK_CYCLES,
    gapMs: LOAD_GAP_MS,
    providers,
    log,
  });
  out.seconds = round((performance.now() - start) / 1000, 1);
  return out;
}

// ---- 3. message → event latency ----------------------------------------------------------------

async function latencyRun(browser, hostOrigin, rate) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${hostOrigin}/latency.html`);
    const run = await withTimeout(
      page.evaluate((options) => window.__runLatency(options), LATENCY),
      60000,
      'latency run',
    );
    const { sent, raw, evt, syncs } = run;
    // Clock offset frame − host from the ping with the smallest round trip (NTP-style estimate).
    const best = syncs.reduce((a, b) => (b.t2 - b.t0 < a.t2 - a.t0 ? b : a));
    const offset = best.t1 - (best.t0 + best.t2) / 2;
    const endToEnd = [];
    const postMessageOnly = [];
    const widgetOnly = [];
    let missing = 0;
    for (let i = 0; i < sent.length; i++) {
      if (!Number.isFinite(evt[i]) || !Number.isFinite(raw[i])) {
        missing++;
        continue;
      }
      endToEnd.push(evt[i] - sent[i]);
      postMessageOnly.push(raw[i] - sent[i]);
      widgetOnly.push(evt[i] - raw[i]);
    }
    return {
      rate,
      messages: sent.length,
      missing,
      endState: run.state,
      crossOriginIsolated: run.crossOriginIsolated,
      endToEnd: roundAll(summary(endToEnd), 3),
      postMessageOnly: roundAll(summary(postMessageOnly), 3),
      widgetOnly: roundAll(summary(widgetOnly), 3),
      clock: {
        offsetMs: round(offset, 3),
        bestRoundTripMs: round(best.t2 - best.t0, 3),
        roundTrip: roundAll(summary(syncs.map((s) => s.t2 - s.t0)), 3),
      },
      samples: { endToEnd: endToEnd.map((v) => round(v, 3)), widgetOnly: widgetOnly.map((v) => round(v, 3)) },
    };
  } finally {
    await context.close();
  }
}

async function latencySection(browser, hostOrigin) {
  const out = {};
  for (const rate of [1, 4]) {
    const start = performance.now();
    out[`${rate}x`] = await latencyRun(browser, hostOrigin, rate);
    const r = out[`${rate}x`];
    log(
      `  message→event @${rate}x: p50 ${ms(r.endToEnd.median, 3)} p95 ${ms(r.endToEnd.p95, 3)}, widget part p50 ${ms(r.widgetOnly.median, 3)} (${elapsed(start)})`,
    );
  }
  return out;
}

// ---- 4. leaks ----------------------------------------------------------------------------------

async function windowListeners(cdp) {
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window', objectGroup: 'bench' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
  const byType = {};
  for (const listener of listeners) byType[listener.type] = (byType[listener.type] ?? 0) + 1;
  return { message: byType.message ?? 0, total: listeners.length, byType };
}

/** Live objects whose prototype is `expression` (after a full GC). */
async function liveObjects(cdp, expression) {
  const { result } = await cdp.send('Runtime.evaluate', { expression, objectGroup: 'bench' });
  if (!result.objectId) return null;
  const { objects } = await cdp.send('Runtime.queryObjects', {
    prototypeObjectId: result.objectId,
    objectGroup: 'bench',
  });
  const { result: length } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
  return length.value;
}

async function heapAfterGc(cdp) {
  for (let i = 0; i < 3; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    await sleep(50);
  }
  const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
  return { usedSize, totalSize };
}

async function snapshot(cdp) {
  const heap = await heapAfterGc(cdp);
  return {
    heap,
    listeners: await windowListeners(cdp),
    widgets: await liveObjects(cdp, "customElements.get('kyc-widget').prototype"),
    iframes: await liveObjects(cdp, 'HTMLIFrameElement.prototype'),
  };
}

async function leakSection(browser, hostOrigin) {
  const start = performance.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${hostOrigin}/leak.html`);
    await withTimeout(
      page.evaluate(() => customElements.whenDefined('kyc-widget')),
      20000,
      'kyc-widget definition',
    );
    const pristine = await snapshot(cdp); // module loaded, no element yet
    const warmup = await withTimeout(
      page.evaluate((n) => window.__cycles(n), LEAK_WARMUP),
      60000,
      'leak warm-up',
    );
    const before = await snapshot(cdp); // one-time costs paid (UI chunk, React, JIT)
    const cycles = await withTimeout(
      page.evaluate((n) => window.__cycles(n), LEAK_CYCLES),
      150000,
      'leak cycles',
    );
    const after = await snapshot(cdp);
    const result = {
      cycles,
      warmup,
      pristine,
      before,
      after,
      leakedMessageListeners: after.listeners.message - pristine.listeners.message,
      leakedWindowListeners: after.listeners.total - pristine.listeners.total,
      heapGrowthBytes: after.heap.usedSize - before.heap.usedSize,
      heapGrowthSincePristineBytes: after.heap.usedSize - pristine.heap.usedSize,
      seconds: round((performance.now() - start) / 1000, 1),
    };
    log(
      `  leaks: ${cycles.cycles} cycles, message listeners ${pristine.listeners.message} → ${after.listeners.message}, heap ${before.heap.usedSize} → ${after.heap.usedSize} B, live widgets ${after.widgets} (${elapsed(start)})`,
    );
    return result;
  } finally {
    await context.close();
  }
}

// ---- report ------------------------------------------------------------------------------------

function pad(text, width) {
  text = String(text);
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function printTable(rows, headers) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => pad(c, widths[i])).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

const files = (n) => `${n} file${n === 1 ? '' : 's'}`;

function verdict(pass) {
  return pass === null ? 'ERROR' : pass ? 'PASS' : 'FAIL';
}

const ratioText = (p) =>
  p ? `${p.ratio.toFixed(3)} [${p.interval95[0].toFixed(2)}–${p.interval95[1].toFixed(2)}]` : 'n/a';

const num = (n) => (Number.isFinite(n) ? String(n) : 'n/a');
const kib = (n) => (Number.isFinite(n) ? `${(n / 1024).toFixed(1)} KiB` : 'n/a');
const med = (summary_) => (summary_ ? String(summary_.median) : 'n/a');
/** A summary's median and p90; 'n/a' where none was measured (a kind left out by --kinds). */
const medP90 = (summary_) => (Number.isFinite(summary_?.median) ? `${summary_.median} [${summary_.p90}]` : 'n/a');

/** Per mode: does the widget meet the ready-ratio target? null when not measured. */
function ratioPass(p) {
  return p && Number.isFinite(p.interval95[1]) ? p.interval95[1] <= TARGETS.readyRatio4x : null;
}

/** Per SDK: the widget beats it only when the whole interval is below 1. null when not measured. */
function sdkPass(q) {
  return q && Number.isFinite(q.interval95[1]) ? q.interval95[1] < TARGETS.widgetToSdk : null;
}

/** Per mode: no load with a long task (≥ 50 ms, clipped) between frame request and ready. null when not measured. */
function longTaskPass(b) {
  return b && Number.isFinite(b.longestWorst) ? b.longestWorst < TARGETS.longTaskMs : null;
}

const firstError = (row) => (row.errors[0] ? `${row.errors[0].case}: ${row.errors[0].message}` : '');

/** Summary rows: each mode against the targets. */
function modeRows(modes, rows, warnings) {
  for (const row of modes.rows) {
    const p = row.widgetToBare;
    rows.push([
      `ready ÷ bare iframe @4x, ${row.provider}`,
      p
        ? `${ratioText(p)}  (${ms(row.widget.median)} / ${ms(row.bare.median)})`
        : `not measured${firstError(row) ? `: ${firstError(row)}` : ''}`,
      `CI upper <= ${TARGETS.readyRatio4x}`,
      verdict(ratioPass(p)),
    ]);
    if (p && p.interval95[0] <= TARGETS.readyRatio4x && p.interval95[1] > TARGETS.readyRatio4x) {
      warnings.push(
        `${row.provider}: the ready ratio's 95% interval (${p.interval95[0].toFixed(2)}–${p.interval95[1].toFixed(2)}) straddles ${TARGETS.readyRatio4x}: not shown to be met (FAIL) within this run's noise; more rounds or a quieter machine may settle it`,
      );
    }
    if (row.sdk || modes.sdkProviders?.includes(row.provider)) {
      const q = row.sdk?.widgetToSdk;
      rows.push([
        `${row.sdk?.widgetEvent ?? 'widget'} ÷ ${row.provider}'s own SDK (${row.sdk?.callback ?? 'n/a'}) @4x`,
        q
          ? `${ratioText(q)}  (${ms(row.sdk.widget.median)} / ${ms(row.sdk.ready.median)})`
          : `not measured${firstError(row) ? `: ${firstError(row)}` : ''}`,
        'CI upper < 1.00',
        verdict(sdkPass(q)),
      ]);
    }
  }
  const measured = modes.rows.filter((r) => longTaskPass(r.blocking.widget) !== null);
  const worst = Math.max(0, ...measured.map((r) => r.blocking.widget.longestWorst));
  const failing = measured
    .filter((r) => !longTaskPass(r.blocking.widget))
    .map((r) => `${r.provider} ${r.blocking.widget.loadsWithLongTask}/${r.blocking.widget.n}`);
  rows.push([
    'widget: longest task between frame request and ready @4x (worst load, every mode)',
    measured.length
      ? `${ms(worst)}${failing.length ? `  (loads with one: ${failing.join(', ')})` : ''}`
      : 'not measured',
    `< ${TARGETS.longTaskMs} ms`,
    verdict(measured.length ? failing.length === 0 : null),
  ]);
}

function printModes(modes) {
  console.log(
    `\nReady time in every provider mode @${modes.rate}x CPU: cold loads, every case once per round in rotating order, ${modes.runs} rounds` +
      `\n(ms from navigation start, median [p90]; ratio of medians [paired-bootstrap 95% CI]; target: CI upper bound <= ${TARGETS.readyRatio4x})`,
  );
  printTable(
    modes.rows.map((r) => [
      r.provider,
      r.signal,
      medP90(r.bare),
      medP90(r.widget),
      ratioText(r.widgetToBare),
      r.widgetToBare ? verdict(ratioPass(r.widgetToBare)) : r.errors.length ? 'ERROR' : 'n/a',
      `${num(r.frameRequested.widget)} / ${num(r.frameRequested.bare)}`,
      `${r.n.widget}/${r.n.bare}${r.errors.length ? ` (${r.errors.length} errors)` : ''}`,
    ]),
    [
      'mode',
      'bare iframe ready signal',
      'bare iframe',
      'widget (kyc-ready)',
      'widget ÷ bare [95% CI]',
      'target',
      'frame requested (w / b)',
      'n w/b',
    ],
  );

  const withSdk = modes.rows.filter((r) => r.sdk || modes.sdkProviders?.includes(r.provider));
  if (withSdk.length) {
    console.log(
      `\nThe providers' own SDKs @${modes.rate}x (same rounds; each SDK bundled by Vite as a host would; widget figure = the widget event for the same provider message; target: the CI's upper bound of widget ÷ SDK < 1)`,
    );
    printTable(
      withSdk.map((r) => {
        const bundle = modes.sdkBundles?.[r.provider];
        return [
          r.provider,
          r.sdk?.callback ?? 'n/a',
          bundle?.gzip ? `${kib(bundle.raw)} (${kib(bundle.gzip)} gzip)` : (bundle?.error ?? 'n/a'),
          medP90(r.sdk?.ready),
          r.sdk ? `${medP90(r.sdk.widget)} (${r.sdk.widgetEvent})` : 'n/a',
          ratioText(r.sdk?.widgetToSdk),
          r.sdk?.widgetToSdk ? verdict(sdkPass(r.sdk.widgetToSdk)) : 'ERROR',
          ratioText(r.sdk?.sdkToBare),
          r.sdk?.handshake
            ? `${med(r.sdk.handshake)} / ${r.sdk.widgetMark === 'start' ? `${med(r.widget)} (kyc-ready)` : r.bareHandshake ? `${med(r.bareHandshake)} (bare)` : 'n/a'}`
            : '',
          r.sdk ? num(r.frameRequested.sdk) : 'n/a',
          `${r.n.sdk ?? 0}`,
        ];
      }),
      [
        'mode',
        'SDK ready callback',
        'SDK bundle',
        'SDK',
        'widget',
        'widget ÷ SDK [95% CI]',
        'target',
        'SDK ÷ bare [95% CI]',
        'handshake reached the host: SDK / other',
        'SDK frame requested',
        'n',
      ],
    );
    console.log(
      "  handshake: the frame's first message (Sumsub idCheck.onReady, Veriff VERIFF_HANDSHAKE) reaching the SDK's page, beside the bare host's (Sumsub) or the widget's kyc-ready (Veriff: kyc-ready fires at the handshake)",
    );
  }

  console.log(
    `\nMain-thread blocking in the host page between the frame request and ready @${modes.rate}x (long tasks >= 50 ms clipped to [frame request, ready]; ms, median / worst over the loads)`,
  );
  const blockRows = [];
  for (const r of modes.rows) {
    for (const [kind, b] of Object.entries(r.blocking)) {
      if (!b) continue;
      blockRows.push([
        `${r.provider} ${kind === 'sdk' ? 'own SDK' : kind === 'bare' ? 'bare iframe' : 'widget'}`,
        num(r.frameRequested[kind]),
        kind === 'widget' ? med(r.widget) : kind === 'bare' ? med(r.bare) : med(r.sdk?.ready),
        `${b.longestMedian} / ${b.longestWorst}`,
        `${b.totalMedian} / ${b.totalWorst}`,
        `${b.loadsWithLongTask}/${b.n}`,
        String(b.wholeTaskMedian),
        kind === 'widget' ? verdict(longTaskPass(b)) : '(info)',
      ]);
    }
  }
  printTable(blockRows, [
    'case',
    'frame requested',
    'ready',
    'longest task',
    'total blocking time',
    'loads with a long task',
    'longest overlapping task, unclipped (median)',
    'target: none',
  ]);

  console.log(
    "\nWhat loads before the frame request (resource entries that started before the iframe's; names relative to the host page; median transfer size over the loads, uncompressed: the bench server does not compress)",
  );
  const beforeRows = [];
  for (const r of modes.rows) {
    for (const [kind, list] of Object.entries(r.beforeFrame)) {
      if (!list.length) continue;
      const n = r.n[kind];
      const total = list.reduce((sum, x) => sum + (Number.isFinite(x.transferBytes) ? x.transferBytes : 0), 0);
      beforeRows.push([
        `${r.provider} ${kind === 'sdk' ? 'own SDK' : kind === 'bare' ? 'bare iframe' : 'widget'}`,
        list.map((x) => `${x.path} ${kib(x.transferBytes)}${x.loads < n ? ` (${x.loads}/${n} loads)` : ''}`).join(', '),
        kib(total),
      ]);
    }
  }
  printTable(beforeRows, ['case', 'before the frame request', 'total']);

  if (modes.work) printWork(modes.work);

  console.log('\nWays of loading the widget (generic mode, same rounds; ratio to the generic bare iframe)');
  printTable(
    modes.markups.map((m) => [
      m.markup,
      medP90(m.ready),
      ratioText(m.toBare),
      String(m.frameRequested),
      m.blocking ? `${m.blocking.longestMedian} / ${m.blocking.longestWorst}` : 'n/a',
    ]),
    ['markup', 'ready', '÷ bare iframe [95% CI]', 'frame requested', 'longest task in window (median / worst)'],
  );

  const broken = modes.rows.filter((r) => r.errors.length);
  if (broken.length) {
    console.log('\nErrors (a case that failed 3 times without a sample is not tried again; its mode has no figure)');
    printTable(
      broken.map((r) => [r.provider, String(r.errors.length), firstError(r)]),
      ['mode', 'errors', 'first error'],
    );
  }
}

/** The main-thread work table (work.mjs): CPU, not wall-clock time, so steady enough to show a few ms. */
function printWork(work) {
  const cell = (c) =>
    c?.n
      ? `${c.before} + ${c.window} = ${c.total}${c.totalRange ? ` [${c.totalRange[0]}–${c.totalRange[1]}]` : ''}`
      : c?.errors?.[0]
        ? `error: ${c.errors[0].message}`
        : 'n/a';
  const diff = (n) => (Number.isFinite(n) ? `${n > 0 ? '+' : ''}${n}` : '');
  console.log(
    `\nHost main-thread work on the way to ready @${work.rate}x CPU: thread time of the host page's top-level tasks, from a trace (ms, median of ${work.runs} loads:` +
      `\nbefore the frame request + from the request to ready = total [IQR of the total]); unthrottled, where the figure is steady: a 4x phone pays about 4x`,
  );
  printTable(
    work.rows.map((r) => [
      r.provider,
      cell(r.widget),
      cell(r.bare),
      r.sdk ? cell(r.sdk) : '',
      diff(r.widgetMinusBare),
      diff(r.widgetMinusSdk),
    ]),
    ['mode', 'widget', 'bare iframe', 'own SDK', 'widget − bare', 'widget − SDK'],
  );
  if (work.floor) console.log(`  floor (a 1 KB module making the generic iframe): ${cell(work.floor)}`);
}

/** A long-task figure: median [95% CI of the median], worst (loads with one of 50 ms or more). */
const taskCell = (t, loads) =>
  t?.n
    ? `${num(t.median)} [${num(t.interval95[0])}–${num(t.interval95[1])}], ${num(t.worst)} (${loads} of ${t.n})`
    : 'n/a';

const phoneRatio = (p) =>
  p && Number.isFinite(p.ratio)
    ? `${p.ratio.toFixed(2)} [${p.interval95[0].toFixed(2)}–${p.interval95[1].toFixed(2)}]`
    : 'n/a';
const metText = (met) => (met === undefined ? '' : met === null ? 'n/a' : met ? 'met' : 'NOT met');

/** The phone section's tables, and its rows in the summary. */
function printPhone(phone, rows) {
  const sdk = Object.entries(phone.sdkBundles ?? {}).map(([p, b]) =>
    b.error ? `${p}: ${b.error}` : `${p} ${kib(b.raw)} (${kib(b.gzip)} gzip)`,
  );
  console.log(`\nThe SDK bundles (Vite production build, minified, NODE_ENV=production): ${sdk.join(', ')}`);
  for (const [id, s] of Object.entries(phone.shapes)) {
    if (s.error) {
      console.log(`\nOn a phone, ${id}: ${s.error}`);
      continue;
    }
    console.log(
      `\nOn a phone: 4x CPU, ${s.shape.label}, ${phone.runs} rounds; the widget from ${ENTRY === 'own' ? "each provider's own entry" : 'the all-in bundle'}; instant frame, and heavy (${kib(s.fillerBytes)} of the frame's own script first)` +
        `\nms from navigation start, median [p90]; ratios of medians [paired 95% CI]; a target is met only when the CI's upper bound meets it`,
    );
    printTable(
      s.rows.map((r) => [
        `${r.provider}, ${r.variant}`,
        `${num(r.frameRequested.widget.median)} / ${num(r.frameRequested.bare.median)}${r.frameRequested.sdk ? ` / ${num(r.frameRequested.sdk.median)}` : ''}`,
        `${medP90(r.ready.widget)}${r.widgetMark === 'start' ? ' (kyc-start)' : ''}`,
        medP90(r.ready.bare),
        r.ready.sdk ? medP90(r.ready.sdk) : '',
        `${phoneRatio(r.widgetToBare)}${r.widgetToBare.target ? ` ≤ ${r.widgetToBare.target}: ${metText(r.widgetToBare.met)}` : ''}`,
        r.widgetToSdk ? `${phoneRatio(r.widgetToSdk)} < 1.00: ${metText(r.widgetToSdk.met)}` : '',
        taskCell(r.longTask.ours, r.longTask.oursLoads),
        `${num(r.longTask.other.worst)} / ${num(r.longTask.bare.worst)}${r.longTask.sdk ? ` / ${num(r.longTask.sdk.worst)}` : ''}`,
        r.errors.length ? `${r.errors.length}: ${r.errors[0].case} ${r.errors[0].message}`.slice(0, 90) : '',
      ]),
      [
        'mode, frame',
        'frame requested w / b / sdk',
        'widget ready',
        'bare iframe',
        'own SDK',
        'widget ÷ bare',
        'widget ÷ SDK',
        'task of ours in window: median [95% CI], worst (loads ≥ 50 ms)',
        'other long task, worst: widget page / bare / sdk',
        'errors',
      ],
    );
    if (s.endpoint.length) {
      console.log(
        `\nSession-endpoint shape, ${s.shape.label} (host backend answers after 200 ms; instant frame; ${phone.endpointRuns ?? phone.runs} rounds): the widget's session-endpoint vs the host POSTing, then initing the SDK`,
      );
      printTable(
        s.endpoint.map((e) => [
          e.provider,
          `${num(e.frameRequested.widget.median)} / ${num(e.frameRequested.sdk.median)}`,
          medP90(e.ready.widget),
          medP90(e.ready.sdk),
          `${phoneRatio(e.widgetToSdk)}${e.widgetToSdk.target ? ` ≤ ${e.widgetToSdk.target}: ${metText(e.widgetToSdk.met)}; < 1.00: ${metText(e.widgetToSdk.below)}` : ''}`,
          e.errors.length ? `${e.errors.length}: ${e.errors[0].case} ${e.errors[0].message}`.slice(0, 90) : '',
        ]),
        ['provider', 'frame requested w / sdk', 'widget ready', 'SDK fetch-then-init ready', 'widget ÷ SDK', 'errors'],
      );
    }
    for (const r of s.rows) {
      if (r.widgetToBare.target)
        rows.push([
          `phone ${id}: ready ÷ bare, ${r.provider} (${r.variant} frame)`,
          phoneRatio(r.widgetToBare),
          `CI upper <= ${r.widgetToBare.target}`,
          verdict(r.widgetToBare.met),
        ]);
      if (r.widgetToSdk)
        rows.push([
          `phone ${id}: widget ÷ ${r.provider}'s SDK (${r.variant} frame)`,
          phoneRatio(r.widgetToSdk),
          'CI upper < 1.00',
          verdict(r.widgetToSdk.met),
        ]);
    }
    for (const e of s.endpoint)
      if (e.widgetToSdk.target)
        rows.push(
          [
            `phone ${id}: session-endpoint widget ÷ ${e.provider}'s fetch-then-init`,
            phoneRatio(e.widgetToSdk),
            `CI upper <= ${e.widgetToSdk.target}`,
            verdict(e.widgetToSdk.met),
          ],
          [
            `phone ${id}: session-endpoint widget ÷ ${e.provider}'s fetch-then-init (done when)`,
            phoneRatio(e.widgetToSdk),
            'CI upper < 1.00',
            verdict(e.widgetToSdk.below),
          ],
        );
    // The long-task target, over every widget case of the shape: the case with the highest median is
    // quoted with its interval; "met" only when no load had a task of ours of 50 ms or more.
    const measured = s.rows.filter((r) => r.longTask.ours?.n);
    const top = measured.reduce((a, r) => (!a || r.longTask.ours.median > a.longTask.ours.median ? r : a), null);
    const loads = measured.reduce((n, r) => n + r.longTask.ours.n, 0);
    const over = measured.reduce((n, r) => n + r.longTask.oursLoads, 0);
    rows.push([
      `phone ${id}: longest task of ours between frame request and ready @4x (highest median: ${top ? `${top.provider}, ${top.variant}` : 'n/a'}; worst; loads with one ≥ 50 ms)`,
      top
        ? `${taskCell(top.longTask.ours, top.longTask.oursLoads)}; worst ${ms(Math.max(...measured.map((r) => r.longTask.ours.worst)))}; ${over} of ${loads}`
        : 'not measured',
      `< ${TARGETS.longTaskMs} ms in every load`,
      verdict(measured.length ? measured.every((r) => r.longTask.met) : null),
    ]);
  }
}

function report(results) {
  const { sizes, ready, latency, leaks, modes } = results;
  const rows = [];
  const r1 = ready?.['1x'];
  if (modes) modeRows(modes, rows, results.warnings);
  else
    rows.push([
      'ready ÷ bare iframe @4x, every mode, older pages (section 2a; the phone rows have every mode on light pages)',
      results.errors.modes ? 'not measured' : 'not run (--full, --with modes)',
      `<= ${TARGETS.readyRatio4x}`,
      results.errors.modes ? 'ERROR' : 'SKIP',
    ]);
  if (r1) {
    const [lo, hi] = r1.ratioInterval95;
    rows.push([
      'ready ÷ bare iframe @1x CPU, generic',
      `${r1.ratio.toFixed(3)}  [95% CI ${lo.toFixed(2)}–${hi.toFixed(2)}]  (${ms(r1.widget.median)} / ${ms(r1.baseline.median)})`,
      '(info)',
      '',
    ]);
  }
  if (sizes) {
    rows.push([
      'boot chunk (dist/kyc-widget.js) gzip',
      bytes(sizes.firstChunk.gzip),
      `<= ${bytes(TARGETS.firstChunkGzip)}`,
      verdict(sizes.firstChunk.gzip <= TARGETS.firstChunkGzip),
    ]);
    rows.push([
      `all ES chunks gzip (${files(sizes.allEsChunks.files.length)}; React DOM loads after ready)`,
      bytes(sizes.allEsChunks.gzip),
      '(info)',
      '',
    ]);
    rows.push([
      'IIFE (kyc-widget.iife.js) gzip',
      bytes(sizes.iife.gzip),
      `<= ${bytes(TARGETS.iifeGzip)}`,
      verdict(sizes.iife.gzip <= TARGETS.iifeGzip),
    ]);
    rows.push([
      `before frame request: static closure gzip (${files(sizes.beforeFrame.files.length)})`,
      bytes(sizes.beforeFrame.gzip),
      '(info)',
      '',
    ]);
  }
  const l1 = latency?.['1x'];
  if (l1) {
    rows.push([
      'message→event p50 @1x',
      ms(l1.endToEnd.median, 3),
      `< ${TARGETS.messageP50Ms} ms`,
      verdict(l1.endToEnd.median < TARGETS.messageP50Ms && l1.missing === 0),
    ]);
    rows.push(['message→event p95 @1x', ms(l1.endToEnd.p95, 3), '(info)', '']);
  } else
    rows.push([
      'message→event p50 @1x',
      results.errors.latency ? 'not measured' : 'not run (--full, --with latency)',
      `< ${TARGETS.messageP50Ms} ms`,
      results.errors.latency ? 'ERROR' : 'SKIP',
    ]);
  const l4 = latency?.['4x'];
  if (l4)
    rows.push([
      'message→event p50 / p95 @4x',
      `${ms(l4.endToEnd.median, 3)} / ${ms(l4.endToEnd.p95, 3)}`,
      '(info)',
      '',
    ]);
  if (leaks) {
    const { pristine, after } = leaks;
    rows.push([
      `window message listeners leaked (${leaks.cycles.cycles} cycles)`,
      `${leaks.leakedMessageListeners}  (${pristine.listeners.message} → ${after.listeners.message}; all types ${pristine.listeners.total} → ${after.listeners.total})`,
      `= ${TARGETS.leakedListeners}`,
      verdict(leaks.leakedMessageListeners <= TARGETS.leakedListeners && leaks.leakedWindowListeners <= 0),
    ]);
    rows.push([
      'JS heap growth after GC',
      `${leaks.heapGrowthBytes.toLocaleString('en-US')} B  (live widgets ${after.widgets}, iframes ${after.iframes})`,
      `< ${bytes(TARGETS.heapGrowthBytes)}`,
      verdict(leaks.heapGrowthBytes < TARGETS.heapGrowthBytes),
    ]);
  } else
    rows.push([
      'leaks',
      results.errors.leaks ? 'not measured' : 'not run (--full, --with leaks)',
      '',
      results.errors.leaks ? 'ERROR' : 'SKIP',
    ]);

  if (sizes) {
    console.log('\nOutput files (dist/**/*.js)');
    printTable(
      sizes.files.map((f) => [
        f.file,
        f.raw.toLocaleString('en-US'),
        f.gzip.toLocaleString('en-US'),
        f.brotli.toLocaleString('en-US'),
      ]),
      ['file', 'raw B', 'gzip -9 B', 'brotli 11 B'],
    );
    console.log(`static closure of dist/kyc-widget.js: ${sizes.beforeFrame.files.join(', ')}`);
    console.log(`dynamic import() targets: ${sizes.dynamicImportTargets.join(', ') || '(none)'}`);
  }
  if (ready) {
    console.log('\nReady time, cold loads (ms from navigation start; median / min / p90, n per side)');
    printTable(
      Object.values(ready).map((r) => [
        r.label,
        `${r.widget.median} / ${r.widget.min} / ${r.widget.p90}`,
        `${r.baseline.median} / ${r.baseline.min} / ${r.baseline.p90}`,
        r.ratio.toFixed(3),
        `${r.ratioInterval95[0].toFixed(3)}–${r.ratioInterval95[1].toFixed(3)}`,
        r.pairedRatioMedian.toFixed(3),
        `${r.frameRequested.widget.median} vs ${r.frameRequested.baseline.median}`,
        `${r.widget.n}/${r.baseline.n}${r.errors.length ? ` (${r.errors.length} errors)` : ''}`,
        r.cpu ? r.cpu.othersCores.toFixed(2) : 'n/a',
      ]),
      [
        'CPU',
        'widget',
        'bare iframe',
        'ratio of medians',
        '95% CI',
        'median of pair ratios',
        'frame requested at (w vs b)',
        'n',
        'others busy (cores)',
      ],
    );
  }
  if (modes) printModes(modes);
  if (results.phone) printPhone(results.phone, rows);
  if (results.rendered) printRendered(results.rendered, rows);
  if (results.sdk) printSdkProviders(results.sdk, rows);
  if (results.failover) printFailover(results.failover, rows);
  if (latency) {
    console.log('\nMessage → event latency (ms; p50 / p95 over each run)');
    printTable(
      Object.values(latency).map((l) => [
        `${l.rate}x`,
        `${l.endToEnd.median} / ${l.endToEnd.p95}`,
        `${l.postMessageOnly.median} / ${l.postMessageOnly.p95}`,
        `${l.widgetOnly.median} / ${l.widgetOnly.p95}`,
        `${l.clock.offsetMs} (rtt ${l.clock.bestRoundTripMs})`,
        `${l.messages - l.missing}/${l.messages}`,
      ]),
      [
        'CPU',
        'frame post → kyc-progress',
        'frame post → host window listener',
        'widget part',
        'clock offset frame−host',
        'n',
      ],
    );
  }
  console.log('\nSummary');
  printTable(rows, ['figure', 'value', 'target', 'result']);
  for (const warning of results.warnings) console.log(`! ${warning}`);
}

// ---- main --------------------------------------------------------------------------------------

/** The SDK-hosted providers' tables (one per shape), their leftovers, and their rows in the summary. */
function printSdkProviders(sdk, rows) {
  const code = Object.entries(sdk.vendorCode ?? {}).map(
    ([p, v]) => `${p} ${kib(v.servedGzip)} gzip${v.real?.gzip ? '' : ' (the stand-in alone)'}: ${v.real?.source ?? ''}`,
  );
  if (code.length) console.log(`\nThe vendors' code as served (gzip -6):\n  ${code.join('\n  ')}`);
  for (const [id, s] of Object.entries(sdk.shapes)) {
    console.log(
      `\nSDK-hosted providers: the widget's pages vs the vendor's code used directly, 4x CPU, ${s.label}, ${sdk.runs} rounds` +
        `\nms from navigation start, median [p90]; ratio of medians [paired 95% CI]; a target is met only when the CI's upper bound is at or below it` +
        `\nwhere the time goes: the vendor's script requested → loaded → ready; downloads: of the vendor's script, per page (median)`,
    );
    const table = [];
    for (const r of s.rows) {
      const side = (name, x) => [
        `${r.provider} ${name}`,
        medP90(x.ready),
        `${med(x.vendorRequested)} → ${med(x.vendorLoaded)}`,
        med(x.downloads),
      ];
      table.push([...side('own SDK', r.ownSdk), `(${r.ownSdkReady})`, '', `${r.ownSdk.ready.n}`, '']);
      for (const [kind, k] of Object.entries(r.kinds)) {
        const error = r.errors.find((e) => e.case === `${kind}:${r.provider}`);
        table.push([
          ...side(kind, k),
          `${phoneRatio(k.toOwnSdk)} ≤ ${k.toOwnSdk.target.toFixed(2)}: ${metText(k.toOwnSdk.met)}`,
          Number.isFinite(k.vendorRequestedToOwn.target)
            ? `${phoneRatio(k.vendorRequestedToOwn)} ≤ ${k.vendorRequestedToOwn.target.toFixed(2)}: ${metText(k.vendorRequestedToOwn.met)}`
            : phoneRatio(k.vendorRequestedToOwn),
          `${k.ready.n}`,
          error ? `${error.round}: ${error.message}`.slice(0, 60) : '',
        ]);
        rows.push([
          `sdk ${id}: ${r.provider} ${kind} ready ÷ its own SDK`,
          phoneRatio(k.toOwnSdk),
          `CI upper ≤ ${k.toOwnSdk.target.toFixed(2)}`,
          verdict(k.toOwnSdk.met),
        ]);
        if (Number.isFinite(k.vendorRequestedToOwn.target))
          rows.push([
            `sdk ${id}: ${r.provider} ${kind}, vendor's script requested ÷ own`,
            phoneRatio(k.vendorRequestedToOwn),
            `CI upper ≤ ${k.vendorRequestedToOwn.target.toFixed(2)}`,
            verdict(k.vendorRequestedToOwn.met),
          ]);
        const most = k.downloads.n ? k.downloads.max : NaN;
        rows.push([
          `sdk ${id}: ${r.provider} ${kind}, downloads of the vendor's code per page (most)`,
          num(most),
          `≤ ${sdk.targets.downloads}`,
          verdict(Number.isFinite(most) ? most <= sdk.targets.downloads : null),
        ]);
      }
    }
    printTable(table, [
      'page',
      'ready',
      "vendor's script requested → loaded",
      'downloads',
      'ready ÷ own SDK',
      "vendor's script requested ÷ own",
      'n',
      'error',
    ]);
  }
  const { cycles, ...left } = sdk.leftovers ?? {};
  if (cycles)
    console.log(
      `left on the page after ${cycles} mount → start → cancel() cycles (loopback, 1x; the stand-ins' frames / overlays / message listeners): ` +
        Object.entries(left)
          .map(([p, l]) => `${p} ${l.error ? `error: ${l.error}` : `${l.frames} / ${l.overlays} / ${l.listeners}`}`)
          .join(', ') +
        ' (0 expected but for Stripe, whose modal no Stripe.js call closes: one per cycle)',
    );
  if (sdk.sdkChunkGzip != null) console.log(`sdk chunk: ${bytes(sdk.sdkChunkGzip)} gzip -9`);
}

/** The failover section's table (failover.mjs), and its two targets in the summary. */
function printFailover(failover, rows) {
  for (const [id, s] of Object.entries(failover.shapes)) {
    const r = s.rows;
    console.log(
      `\nFailover with provider="auto" (primary: generic, second: sumsub), 4x CPU, ${s.label}, ${failover.runs} rounds` +
        `\nms from navigation start, median [p90]; the primary's load-timeout ${failover.loadTimeoutMs} ms, the backend's work ${failover.backendMs} ms`,
    );
    printTable(
      [
        ['sumsub directly (session-endpoint)', medP90(r.ready.direct), '', ''],
        [
          'auto, primary frame never answers',
          medP90(r.ready.frameDead),
          `switched at ${med(r.switched)}`,
          `${phoneRatio(r.frameDead)} ÷ (timeout + direct) ≤ ${r.frameDead.target.toFixed(2)}: ${metText(r.frameDead.met)}`,
        ],
        [
          "auto, primary's session API answers 503",
          medP90(r.ready.api503),
          '',
          `${phoneRatio(r.api503)} ÷ direct ≤ ${r.api503.target.toFixed(2)}: ${metText(r.api503.met)}`,
        ],
      ],
      ['page', 'ready', '', 'ratio'],
    );
    if (r.errors.length) console.log(`errors: ${r.errors.length}, first: ${r.errors[0].case} ${r.errors[0].message}`);
    rows.push([
      `failover ${id}: frame dead, ready ÷ (load-timeout + second's ready)`,
      phoneRatio(r.frameDead),
      `CI upper ≤ ${r.frameDead.target.toFixed(2)}`,
      verdict(r.frameDead.met),
    ]);
    rows.push([
      `failover ${id}: session API 503, ready ÷ second's ready`,
      phoneRatio(r.api503),
      `CI upper ≤ ${r.api503.target.toFixed(2)}`,
      verdict(r.api503.met),
    ]);
  }
  if (failover.downApiRequests != null) console.log(`the down session API was asked ${failover.downApiRequests} times`);
}

/** The server-rendered section's tables, and its rows in the summary. */
function printRendered(rendered, rows) {
  if (rendered.error) {
    console.log(`\nServer-rendered widget: ${rendered.error}`);
    return;
  }
  for (const [id, s] of Object.entries(rendered.shapes)) {
    console.log(
      `\nServer-rendered widget (renderKycWidget): 4x CPU, ${s.label}, ${rendered.runs} rounds; the host's backend answers after 200 ms` +
        `\nms from navigation start, median [p90]; ratios of medians [paired 95% CI]; a target is met only when the CI's upper bound meets it`,
    );
    const drawn = s.rows.filter((r) => r.renders === true);
    for (const r of s.rows.filter((r) => r.renders !== true)) console.log(`${r.provider}: ${r.renders}`);
    printTable(
      drawn.map((r) => [
        r.provider,
        ['rendered', 'blocking', 'streamed', 'bare', 'sdk', 'fetchThenInit', 'widgetEndpoint']
          .map((k) => num(r.frameRequested[k]?.median))
          .join(' / '),
        `${medP90(r.ready.rendered)}${r.widgetMark === 'start' ? ' (kyc-start)' : ''}`,
        medP90(r.ready.blocking),
        medP90(r.ready.streamed),
        medP90(r.ready.bare),
        medP90(r.ready.sdk),
        medP90(r.ready.fetchThenInit),
        medP90(r.ready.widgetEndpoint),
        `${r.frameRequests.worst} (${r.frameRequests.loads} loads)`,
        r.errors.length ? `${r.errors.length}: ${r.errors[0].case} ${r.errors[0].message}`.slice(0, 90) : '',
      ]),
      [
        'provider',
        'frame requested: rendered / blocking / streamed / bare / sdk / sdk fetch-then-init / widget endpoint',
        'rendered (reused) ready',
        'blocking',
        'streamed',
        'bare iframe',
        'own SDK',
        'SDK fetch-then-init',
        'widget session-endpoint',
        'frame requests per load, worst',
        'errors',
      ],
    );
    printTable(
      drawn.map((r) => [
        r.provider,
        `${phoneRatio(r.renderedToBare.frame)}${r.renderedToBare.frame.target ? ` ≤ ${r.renderedToBare.frame.target}: ${metText(r.renderedToBare.frame.met)}` : ''}`,
        `${phoneRatio(r.renderedToBare.ready)}${r.renderedToBare.ready.target ? ` ≤ ${r.renderedToBare.ready.target}: ${metText(r.renderedToBare.ready.met)}` : ''}`,
        `${phoneRatio(r.renderedToSdk)} < 1.00: ${metText(r.renderedToSdk.met)}`,
        `${phoneRatio(r.streamedToFetchThenInit)} ≤ ${r.streamedToFetchThenInit.target}: ${metText(r.streamedToFetchThenInit.met)}`,
        phoneRatio(r.blockingToFetchThenInit),
      ]),
      [
        'provider',
        'rendered ÷ bare: frame requested',
        'rendered ÷ bare: ready',
        'rendered ÷ own SDK',
        'streamed ÷ SDK fetch-then-init',
        'blocking ÷ SDK fetch-then-init',
      ],
    );
    // Where the frame's request time goes (README 2d): before the page's first script (network, commit: the same
    // for any page) and from it to the frame's request (what the markup costs the parser).
    printTable(
      drawn.map((r) => {
        const { rendered: a, bare: b, beforeFirstScript, afterFirstScript } = r.frameSplit;
        const diff = (d) => `${num(d.median)} [${d.interval95.map(num).join('–')}]`;
        return [
          r.provider,
          `${num(a.htmlEnd)} / ${num(b.htmlEnd)}`,
          `${num(a.firstScript)} / ${num(b.firstScript)}`,
          `${num(a.afterFirstScript)} / ${num(b.afterFirstScript)}`,
          diff(beforeFirstScript),
          diff(afterFirstScript),
        ];
      }),
      [
        'provider',
        "page's last byte: rendered / bare",
        'first script: rendered / bare',
        'first script → frame requested: rendered / bare',
        'rendered − bare, before the first script [95% CI]',
        'rendered − bare, first script → frame requested [95% CI]',
      ],
    );
    for (const r of drawn) {
      if (r.renderedToBare.frame.target)
        rows.push(
          [
            `rendered ${id}: frame requested ÷ bare iframe's, ${r.provider} (reused session)`,
            phoneRatio(r.renderedToBare.frame),
            `CI upper <= ${r.renderedToBare.frame.target}`,
            verdict(r.renderedToBare.frame.met),
          ],
          [
            `rendered ${id}: ready ÷ bare iframe's, ${r.provider} (reused session)`,
            phoneRatio(r.renderedToBare.ready),
            `CI upper <= ${r.renderedToBare.ready.target}`,
            verdict(r.renderedToBare.ready.met),
          ],
        );
      const streamed = r.streamedToFetchThenInit;
      const leftOut = ONLY_KINDS && !Number.isFinite(streamed.ratio);
      rows.push(
        [
          `rendered ${id}: streamed ÷ ${r.provider}'s fetch-then-init`,
          leftOut ? 'not run (--kinds)' : phoneRatio(streamed),
          `CI upper <= ${streamed.target}`,
          leftOut ? 'SKIP' : verdict(streamed.met),
        ],
        [
          `rendered ${id}: ${r.provider}'s frame requested once per load`,
          `worst ${r.frameRequests.worst} of ${r.frameRequests.loads} loads`,
          'exactly 1 in every load',
          verdict(r.frameRequests.met),
        ],
      );
    }
  }
}

async function main() {
  const started = performance.now();
  const meter = cpuMeter();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memoryBytes: os.totalmem(),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      loadavgAtStart: os.loadavg().map((v) => round(v)),
    },
    git: gitInfo(),
    options: {
      full: FULL,
      quick: QUICK,
      phoneRuns: PHONE_RUNS,
      entry: ENTRY,
      sdkRuns: SDK_RUNS,
      sdkCycles: SDK_CYCLES,
      endpointRuns: ENDPOINT_RUNS,
      shapes: SHAPE_IDS,
      runs: RUNS,
      build: BUILD,
      sameProcess: SAME_PROCESS,
      dist: path.relative(ROOT, DIST) || '.',
      skip: [...SKIP],
      latency: LATENCY,
      leakCycles: LEAK_CYCLES,
      leakWarmup: LEAK_WARMUP,
    },
    targets: TARGETS,
    errors: {},
    warnings: [],
  };

  if (BUILD) {
    const start = performance.now();
    log('building (buildAll)…');
    const { buildAll } = await import('../scripts/build.mjs');
    await buildAll({ quiet: true });
    results.buildSeconds = round((performance.now() - start) / 1000, 1);
    log(`  built in ${elapsed(start)}`);
  }

  results.sizes = sizesSection();

  // Three origins: the host pages (127.0.0.1), the sandbox provider and the latency frame (both on
  // "localhost", which is another site than 127.0.0.1, so the frames run out of process as in production).
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const frameServer = await startBenchServer({ host: '127.0.0.1', port: 0 });
  const sandboxOrigin = `http://localhost:${sandbox.port}`;
  const frameOrigin = `http://localhost:${frameServer.port}`;
  const host = await startBenchServer({
    host: '127.0.0.1',
    port: 0,
    vars: { SANDBOX_ORIGIN: sandboxOrigin, FRAME_ORIGIN: frameOrigin },
    frameOrigins: [sandboxOrigin, frameOrigin],
    mounts: [['/sdk/', SDK_DIR]],
    dist: DIST,
  });
  results.origins = { host: host.origin, sandbox: sandboxOrigin, frame: frameOrigin };

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  results.chromium = browser.version();
  log(`Chromium ${results.chromium}, ${results.machine.cores} cores, ${RUNS} cold loads per side`);
  try {
    if (!SKIP.has('modes')) {
      try {
        results.modes = await modesSection(browser, host, sandboxOrigin);
      } catch (error) {
        results.errors.modes = String(error?.stack ?? error);
        log(`modes: ${error}`);
      }
    }
    if (!SKIP.has('phone')) {
      try {
        results.phone = await phoneSection(browser, host, sandboxOrigin);
      } catch (error) {
        results.errors.phone = String(error?.stack ?? error);
        log(`phone: ${error}`);
      }
    }
    if (!SKIP.has('rendered')) {
      try {
        results.rendered = await renderedSection(browser, host, sandboxOrigin);
      } catch (error) {
        results.errors.rendered = String(error?.stack ?? error);
        log(`rendered: ${error}`);
      }
    }
    if (!SKIP.has('sdk')) {
      try {
        results.sdk = await sdkSection(browser, host, sandboxOrigin);
      } catch (error) {
        results.errors.sdk = String(error?.stack ?? error);
        log(`sdk: ${error}`);
      }
    }
    if (!SKIP.has('failover')) {
      try {
        const shapes = SHAPE_IDS.filter((id) => SHAPES[id]);
        results.failover = await measureFailover({
          browser,
          host,
          sandboxOrigin,
          dist: DIST,
          shapes,
          runs: SDK_RUNS,
          gapMs: LOAD_GAP_MS,
          log,
        });
      } catch (error) {
        results.errors.failover = String(error?.stack ?? error);
        log(`failover: ${error}`);
      }
    }
    if (!SKIP.has('ready')) {
      try {
        results.ready = await readySection(browser, host.origin, [1]);
        if (SAME_PROCESS) {
          const single = await chromium.launch({
            executablePath: CHROMIUM,
            headless: true,
            args: [...CHROMIUM_ARGS, '--disable-site-isolation-trials'],
          });
          try {
            Object.assign(results.ready, await readySection(single, host.origin, [4], '-one-process'));
          } finally {
            await single.close();
          }
        }
      } catch (error) {
        results.errors.ready = String(error?.stack ?? error);
        log(`ready: ${error}`);
      }
    }
    if (!SKIP.has('latency')) {
      try {
        results.latency = await latencySection(browser, host.origin);
      } catch (error) {
        results.errors.latency = String(error?.stack ?? error);
        log(`latency: ${error}`);
      }
    }
    if (!SKIP.has('leaks')) {
      try {
        results.leaks = await leakSection(browser, host.origin);
      } catch (error) {
        results.errors.leaks = String(error?.stack ?? error);
        log(`leaks: ${error}`);
      }
    }
    // Read while Chromium runs: once it exits, its zygote's CPU time may no longer count as ours.
    results.machine.cpuUse = roundCpu(meter.read());
  } finally {
    await browser.close();
    await Promise.all([sandbox.close(), frameServer.close(), host.close()]);
  }

  results.machine.loadavgAtEnd = os.loadavg().map((v) => round(v));
  // Other processes' CPU use while the ready loads ran (the figure most sensitive to it).
  for (const r of [
    ...Object.values(results.ready ?? {}),
    ...(results.modes ? [{ ...results.modes, label: 'provider-mode' }] : []),
  ]) {
    if (r.cpu && r.cpu.othersCores > 0.2) {
      results.warnings.push(
        `other processes used ${r.cpu.othersCores.toFixed(2)} of ${results.machine.cores} cores on average during the ${r.label} ready loads: those timings are noisier and slower than on a quiet machine`,
      );
    }
  }
  results.totalSeconds = round((performance.now() - started) / 1000, 1);
  report(results);
  const others = results.machine.cpuUse
    ? ` · other processes kept ${results.machine.cpuUse.othersCores.toFixed(2)} cores busy on average`
    : '';
  console.log(
    `\nChromium ${results.chromium} · ${results.machine.cores} cores${others} · total ${results.totalSeconds} s`,
  );
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`raw samples → ${path.relative(process.cwd(), RESULTS)}`);
  return Object.keys(results.errors).length ? 1 : 0;
}

function gitInfo() {
  // Read-only: which commit was measured, and whether the tree had local changes.
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString()
        .trim() !== '';
    return { commit, dirty };
  } catch {
    return null;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
