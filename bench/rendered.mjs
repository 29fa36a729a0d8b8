// The server-rendered widget on a phone (bench/README.md, "The server-rendered widget"): `renderKycWidget` from
// the built kyc-widget/server writes the element, its declarative shadow root and the provider's iframe into the
// host's HTML, so the frame is requested while the page is parsed. Three shapes of the host's page, each at 4x CPU
// in each network shape, beside the bare iframe (the limit: an <iframe> in the HTML) and the provider's own SDK:
//   rendered           the person's session is open already (reused): the page is written at once
//   rendered-blocking  the page waits for the session (the host's backend answers after 200 ms), then is sent whole
//   rendered-streamed  the page's shell is sent at once (with a warm-up frame on the provider's origin), the widget's
//                      markup is written into the same response when the session is there (200 ms)
// The SDK's figures: its markup shape (session in the page) and its fetch-then-init (the host's code POSTs to its
// backend, 200 ms, then inits the SDK); the widget's session-endpoint shape beside them. Every load counts the
// frame documents it requested: a frame requested twice (rebuilt or moved on adoption) shows.
import { PROVIDER_DEMOS } from '../sandbox/catalog.mjs';
import { FRAME_OPTIONS, SDK_READY, SDKS } from './modes.mjs';
import {
  BACKEND_MS,
  lightPage,
  measureShape,
  pairedDifference,
  pairedRatio,
  phoneCases,
  pick,
  startShape,
  summaryOf,
  targetMet,
  widgetProbe,
} from './phone.mjs';

export const RENDERED_KINDS = ['rendered', 'rendered-blocking', 'rendered-streamed'];
/** The targets: reused vs the bare iframe (slow 4G), streamed vs the SDK's fetch-then-init, one frame. */
export const RENDERED_TARGETS = { toBare4g: 1.05, streamedToFetchThenInit: 0.8, frameRequests: 1 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' };
const SCRIPT = '<script type="module" src="/dist/kyc-widget.js"></script>';
const HEAD = `${widgetProbe}\n${SCRIPT}`;

/**
 * The rendered pages of one shape: {cases, routes, renders}. `render` and `warmUp` are kyc-widget/server's
 * renderKycWidget and renderKycWarmUp;
 * `renders[provider]` says whether its markup holds a frame (a provider whose token travels only in a message may
 * render without one: it is left out, and said).
 */
export function renderedCases({ shape, providers, frameOrigin, hostOrigin, render, warmUp }) {
  const cases = [];
  const routes = {};
  const renders = {};
  for (const provider of providers) {
    const inputs = PROVIDER_DEMOS[provider](frameOrigin, FRAME_OPTIONS[provider] ?? {});
    let markup;
    try {
      markup = render({
        provider,
        sessionUrl: inputs.sessionUrl,
        ...(inputs.sessionToken && { sessionToken: inputs.sessionToken }),
        allowedOrigins: inputs.allowedOrigins,
        ...(inputs.options && { options: inputs.options }),
        pageOrigin: hostOrigin,
        locale: 'en',
      });
    } catch (error) {
      renders[provider] = `renderKycWidget threw: ${error?.message ?? error}`;
      continue;
    }
    if (!/<iframe[\s>]/.test(markup)) {
      renders[provider] = 'rendered without a frame (today’s path after the script)';
      continue;
    }
    renders[provider] = true;
    const needs = [...new Set(['ready', SDK_READY[provider]?.widgetMark ?? 'ready'])];
    const base = `/rendered/${shape}/${provider}`;
    const whole = lightPage(HEAD, markup);
    // The shell warms the frame's connection with the server half's own warm-up (renderKycWarmUp: a hidden,
    // sandboxed frame on the provider's /robots.txt, as the element does; a preconnect link alone cannot warm a
    // cross-site frame's connection in Chromium, bench/preconnect.mjs).
    const warm = warmUp({ provider, allowedOrigins: inputs.allowedOrigins });
    // The widget's script comes after its markup (docs/server.md, examples/ssr-node): asked for with the shell, its
    // bytes could reach the link just before the markup's and hold the frame's request back.
    const [shell, tail] = lightPage(widgetProbe, `${warm}\n%WIDGET%`).split('%WIDGET%');
    const add = (kind, route) => {
      const path = `${base}/${kind}.html`;
      cases.push({ id: `${kind}:${provider}`, provider, kind, variant: 'instant', needs, path });
      routes[path] = route;
    };
    add('rendered', async () => ({ status: 200, headers: HTML, body: whole }));
    add('rendered-blocking', async () => {
      await sleep(BACKEND_MS);
      return { status: 200, headers: HTML, body: whole };
    });
    add('rendered-streamed', async () => ({
      status: 200,
      headers: HTML,
      stream: (async function* () {
        yield shell;
        await sleep(BACKEND_MS);
        yield `${markup}\n${SCRIPT}${tail}`;
      })(),
    }));
  }
  return { cases, routes, renders };
}

const frameAt = (s) => s.frameRequested;
/** The page's first script (the probe's first statement): what came before the page's markup was parsed. */
const firstScriptAt = (s) => s.firstScript;
/** From the page's first script to the frame's request: what the markup after it cost the parser. */
const afterFirstScript = (s) => s.frameRequested - s.firstScript;

/**
 * Where the time to the frame's request goes, rendered page beside the bare iframe's (README 2d): the page's last
 * byte (network), its first script (the document committed, its head parsed), and from there to the frame's request
 * (the markup between); then rendered − bare, paired by round, before the first script and after it.
 */
export function frameSplit(rendered = [], bare = []) {
  const side = (list) => ({
    htmlEnd: summaryOf(list, (s) => s.htmlEnd).median,
    firstScript: summaryOf(list, firstScriptAt).median,
    afterFirstScript: summaryOf(list, afterFirstScript).median,
  });
  return {
    rendered: side(rendered),
    bare: side(bare),
    beforeFirstScript: pairedDifference(rendered, bare, firstScriptAt),
    afterFirstScript: pairedDifference(rendered, bare, afterFirstScript),
  };
}

/** Per provider: the figures of each page shape, the ratios with their targets, the frame requests. */
export function summarizeRendered(shapeId, providers, { samples, errors }, renders) {
  return providers.map((provider) => {
    if (renders[provider] !== true) return { provider, renders: renders[provider] };
    const mark = SDK_READY[provider]?.widgetMark ?? 'ready';
    const get = (id) => samples[id] ?? [];
    const r = get(`rendered:${provider}`);
    const rb = get(`rendered-blocking:${provider}`);
    const rs = get(`rendered-streamed:${provider}`);
    const bare = get(`bare:${provider}:instant`);
    const sdk = get(`sdk:${provider}:instant`);
    const fetchThenInit = get(`sdk-endpoint:${provider}`);
    const widgetEndpoint = get(`widget-endpoint:${provider}`);
    const onSlow4g = shapeId === '4g';
    const withTarget = (ratio, target, strict = false) => ({
      ...ratio,
      target,
      met: targetMet(ratio.interval95, target, strict),
    });
    const requests = [...r, ...rb, ...rs].map((s) => s.frameRequests).filter(Number.isFinite);
    return {
      provider,
      renders: true,
      widgetMark: mark,
      frameRequested: Object.fromEntries(
        Object.entries({ rendered: r, blocking: rb, streamed: rs, bare, sdk, fetchThenInit, widgetEndpoint }).map(
          ([k, list]) => [k, summaryOf(list, frameAt)],
        ),
      ),
      ready: {
        rendered: summaryOf(r, pick(mark)),
        blocking: summaryOf(rb, pick(mark)),
        streamed: summaryOf(rs, pick(mark)),
        bare: summaryOf(bare),
        sdk: summaryOf(sdk),
        fetchThenInit: summaryOf(fetchThenInit),
        widgetEndpoint: summaryOf(widgetEndpoint, pick(mark)),
      },
      // Against the bare iframe, both read at the frame's own ready message (the bare host's listener).
      frameSplit: frameSplit(r, bare),
      renderedToBare: {
        frame: onSlow4g
          ? withTarget(pairedRatio(r, bare, frameAt, frameAt), RENDERED_TARGETS.toBare4g)
          : pairedRatio(r, bare, frameAt, frameAt),
        ready: onSlow4g ? withTarget(pairedRatio(r, bare), RENDERED_TARGETS.toBare4g) : pairedRatio(r, bare),
      },
      // Against the SDK, the widget's mark that is the same provider message as the SDK's callback.
      renderedToSdk: withTarget(pairedRatio(r, sdk, pick(mark)), 1, true),
      streamedToFetchThenInit: withTarget(
        pairedRatio(rs, fetchThenInit, pick(mark)),
        RENDERED_TARGETS.streamedToFetchThenInit,
      ),
      blockingToFetchThenInit: pairedRatio(rb, fetchThenInit, pick(mark)),
      frameRequests: {
        loads: requests.length,
        worst: requests.length ? Math.max(...requests) : NaN,
        loadsWithout: requests.filter((n) => n === 0).length,
        met: requests.length ? requests.every((n) => n === RENDERED_TARGETS.frameRequests) : null,
      },
      errors: Object.entries(errors)
        .filter(([id]) => id.endsWith(`:${provider}`) || id.includes(`:${provider}:`))
        .flatMap(([id, list]) => list.map((e) => ({ case: id, ...e }))),
    };
  });
}

/**
 * The section: per network shape, the rendered pages and their comparisons (bare iframe, SDK, SDK's
 * fetch-then-init, the widget's session endpoint), interleaved in rounds as the phone section does.
 * `render`: renderKycWidget; `frames`: the widget's discovered frames (phone section's discovery).
 */
export async function measureRendered({
  browser,
  host,
  sandboxOrigin,
  frames,
  render,
  warmUp,
  shapes,
  runs,
  gapMs,
  providers,
  kinds = null,
  log,
}) {
  const out = { rate: 4, runs, providers, shapes: {} };
  for (const shapeId of shapes) {
    const shapeStart = performance.now();
    const shaped = await startShape(shapeId, {
      hostUpstream: host.origin,
      sandboxUpstream: sandboxOrigin.replace('localhost', '127.0.0.1'),
    });
    try {
      const frameOrigin = shaped.frames.instant.origin;
      const rendered = renderedCases({
        shape: shapeId,
        providers,
        frameOrigin,
        hostOrigin: shaped.host.origin,
        render,
        warmUp,
      });
      Object.assign(shaped.routes, rendered.routes);
      const drawn = providers.filter((p) => rendered.renders[p] === true);
      const others = phoneCases({
        shape: shapeId,
        plan: { variants: { instant: drawn.map((p) => [p, ['bare', 'sdk']]) }, endpoint: drawn },
        frameOrigins: { instant: frameOrigin },
        frames,
        sandboxOrigin,
        hostOrigins: { direct: host.origin, shaped: shaped.host.origin },
      });
      for (const item of others) host.pages.set(item.path, { html: item.html, csp: false });
      // `--kinds rendered,bare`: only these pages (more rounds of one pair in the same time).
      const cases = [...rendered.cases, ...others].filter((c) => !kinds || kinds.includes(c.kind));
      log(`rendered @4x, ${shaped.shape.label}: ${cases.length} cases × ${runs} rounds (+1 warm-up), interleaved`);
      out.shapes[shapeId] = await measureShape(browser, shaped, shapeId, cases, {
        runs,
        gapMs,
        log,
        since: shapeStart,
        summarize: (measured) => summarizeRendered(shapeId, providers, measured, rendered.renders),
      });
    } finally {
      await shaped.close();
    }
  }
  return out;
}

export { SDKS as RENDERED_PROVIDERS };
