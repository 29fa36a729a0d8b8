// What a person on a phone waits for (bench/README.md, "2. On a phone"): every case at 4x CPU, in each
// network shape (shape.mjs: loopback, slow 4G), on light host pages that are identical but for the one
// element or SDK call, measured by performance.mark only. Cases per provider: the widget, a bare iframe on
// the widget's frame URL, the provider's own SDK (bundled as a production host build); each beside an
// instant frame (the sandbox page) and a heavy one (the same page after ~300 KB of its own script); and the
// session-endpoint shape (the widget's `session-endpoint`; the host's code fetching then initing the SDK),
// whose backend answers after 200 ms of server work.
import { PROVIDER_DEMOS } from '../sandbox/catalog.mjs';
import { FRAME_OPTIONS, SDK_READY, SDK_ROOTS, SDKS, sdkSettings } from './modes.mjs';
import { createLink, fillerScript, SHAPES, startShapedProxy } from './shape.mjs';
import { medianInterval, quantile, ratioInterval, round, roundAll, summary } from './stats.mjs';
import { blocking, marksOf } from './modes.mjs';

export const FILLER_PATH = '/__bench/filler.js';
export const BACKEND_MS = 200;
export const VARIANTS = ['instant', 'heavy'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const esc = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const js = (value) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const inputsFor = (provider, origin) => PROVIDER_DEMOS[provider](origin, FRAME_OPTIONS[provider] ?? {});

/** Injects the filler as the frame page's first, parser-blocking script: nothing of the page runs before it. */
export function injectFiller(html) {
  const tag = `<script src="${FILLER_PATH}"></script>`;
  const at = html.search(/<script[\s>]/i);
  if (at !== -1) return html.slice(0, at) + tag + html.slice(at);
  const head = html.search(/<\/head>/i);
  return head === -1 ? tag + html : html.slice(0, head) + tag + html.slice(head);
}

// ---- the pages: a heading, a line of text, the element or the SDK call; one tiny inline measuring script ----

/**
 * The only measuring code in a page, the same first script in every page: a long-task observer and a
 * long-animation-frame observer (Chromium buffers no long tasks for an observer registered later; the
 * long animation frames say which script ran in a long task, so the runner can tell the widget's own tasks
 * from the page's rendering), and `m`: a mark, and a console line the runner waits for. The line is written
 * from a task of its own: `console.debug` with DevTools attached costs milliseconds at 4x, which must not be
 * counted in the listener's task (the widget's, when it dispatches kyc-ready) nor delay the next message.
 * Widget and bare pages add their one listener to it; SDK pages call their SDK's callback. Its first statement keeps
 * when it ran (`__ps`): the parser's first script, so a load's time to the frame's request splits into what came before
 * the page's own markup (network, the document's commit) and what the markup after this script cost (README 2d).
 */
const MARK = `window.__ps=performance.now();var L=window.__lt=[],F=window.__lf=[];try{(window.__lo=new PerformanceObserver(function(l){l.getEntries().forEach(function(e){L.push({start:e.startTime,duration:e.duration})})})).observe({type:'longtask'})}catch(e){window.__lt=null}try{(window.__fo=new PerformanceObserver(function(l){l.getEntries().forEach(function(e){F.push(loaf(e))})})).observe({type:'long-animation-frame',buffered:true})}catch(e){window.__lf=null}function loaf(e){return{start:e.startTime,duration:e.duration,scripts:(e.scripts||[]).map(function(s){return{start:s.startTime,duration:s.duration,url:s.sourceURL,invoker:s.invoker,type:s.invokerType}})}}function m(t,v){performance.mark(t);var x=v===undefined?performance.now():v;setTimeout(function(){console.debug('bench:'+t+' '+x)},0)}`;
export const widgetProbe = `<script>${MARK};['ready','start'].forEach(function(t){document.addEventListener('kyc-'+t,function(){m(t)},{once:true})});document.addEventListener('kyc-error',function(e){m('error',JSON.stringify(e.detail))},{once:true})</script>`;
/** The bare host's listener: the provider's own ready message from the frame's origin (or the iframe's load). */
const READY_TEST = {
  generic: /"kyc":1.*"type":"ready"|"type":"ready".*"kyc":1/.source,
  persona: /"name":"ready"/.source,
  sumsub: /"method":"idCheck\.onInitialized"/.source,
  veriff: /VERIFF_HANDSHAKE/.source,
  jumio: /"value":"loaded"/.source,
  didit: /didit:ready/.source,
};
export function bareProbe(provider, frameOrigin, token) {
  const test = READY_TEST[provider];
  if (!test)
    return `<script>${MARK};document.addEventListener('load',function f(e){if(e.target.tagName==='IFRAME'){m('ready');document.removeEventListener('load',f,true)}},true)</script>`;
  // Sumsub's frame says onInitialized only after the host's idCheck.init (what its WebSDK sends).
  const answer = token
    ? `if(/"method":"idCheck\\.onReady"/.test(d))e.source.postMessage({method:'idCheck.init',accessToken:${js(token)},lang:'en',packageVersion:'bench',origin:location.origin,options:{adaptIframeHeight:true,enableScrollIntoView:true}},o);`
    : '';
  return `<script>${MARK};var o=${js(frameOrigin)};addEventListener('message',function f(e){if(e.origin!==o)return;var d=typeof e.data==='string'?e.data:JSON.stringify(e.data);${answer}if(new RegExp(${js(test)}).test(d)){m('ready');removeEventListener('message',f)}})</script>`;
}

const COPY =
  '<h1>Verify your identity</h1>\n<p>Before your first deposit we need to check who you are. It takes about two minutes.</p>';

export function lightPage(head, body) {
  return `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width">\n<title>Sign up</title>\n${head}\n</head>\n<body>\n${COPY}\n${body}\n</body>\n</html>\n`;
}

function widgetElement(inputs, { endpoint } = {}) {
  const attributes = [
    ['provider', inputs.provider],
    ...(endpoint ? [['session-endpoint', endpoint]] : [['session-url', inputs.sessionUrl]]),
    ['allowed-origins', inputs.allowedOrigins],
    ...(inputs.options ? [['options', JSON.stringify(inputs.options)]] : []),
  ];
  const element = `<kyc-widget ${attributes.map(([n, v]) => `${n}="${esc(v)}"`).join(' ')}></kyc-widget>`;
  const token =
    inputs.sessionToken && !endpoint
      ? `\n<script>document.currentScript.previousElementSibling.sessionToken = ${js(inputs.sessionToken)};</script>`
      : '';
  return element + token;
}

/** The widget's answer from the host's backend: the catalog's inputs for that provider and frame origin. */
export function widgetSession(provider, frameOrigin) {
  const inputs = inputsFor(provider, frameOrigin);
  return {
    provider: inputs.provider,
    sessionUrl: inputs.sessionUrl,
    ...(inputs.sessionToken ? { sessionToken: inputs.sessionToken } : {}),
  };
}

/**
 * Which cases a shape measures: per frame variant, a list of [provider mode, kinds of page] (widget, bare,
 * sdk: an SDK page only where the provider's SDK is measured), and the providers of the session-endpoint
 * pair. `modes` is every catalog mode (or those of --modes).
 *
 * The default run measures what the issue's figures need, and no more, so that it fits in a person's wait:
 * - loopback: every mode's widget and bare iframe with the instant frame (ready ÷ bare, in every mode), and
 *   the SDK pages (widget ÷ SDK); the SDK providers' widget and SDK with the heavy frame; no session-endpoint
 *   pair (its target is on slow 4G);
 * - slow 4G: widget and SDK with both frames in the SDK providers' modes; generic's widget and bare iframe
 *   (the cost of the network to any iframe, for scale); the session-endpoint pair of every SDK.
 * `full` (--full): in both shapes, every kind in both frames for generic and the SDK providers, every other
 * mode's widget and bare iframe with the instant frame, and the session-endpoint pairs.
 */
export function phonePlan(shapeId, { full = false, modes = Object.keys(PROVIDER_DEMOS) } = {}) {
  const sdks = SDKS.filter((p) => modes.includes(p));
  const main = ['generic', ...sdks].filter((p) => modes.includes(p));
  const others = modes.filter((p) => !main.includes(p));
  const all = ['widget', 'bare', 'sdk'];
  const endpoint = full || shapeId !== 'loopback' ? sdks : [];
  if (full || shapeId === 'loopback')
    return {
      variants: {
        instant: [...main, ...others].map((p) => [p, all]),
        heavy: (full ? main : sdks).map((p) => [p, full ? all : ['widget', 'sdk']]),
      },
      endpoint,
    };
  return {
    variants: {
      instant: main.map((p) => [p, p === 'generic' ? ['widget', 'bare'] : ['widget', 'sdk']]),
      heavy: sdks.map((p) => [p, ['widget', 'sdk']]),
    },
    endpoint,
  };
}

/**
 * The cases of one shape's `plan` (phonePlan): {id, provider, kind, variant, path, html, needs}. `frames` are
 * the widget's discovered frames (frame URLs on `sandboxOrigin`, rewritten here to each variant's proxy origin).
 * `entry`: the widget's pages load the all-in bundle (`all`, `dist/kyc-widget.js`) or the provider's own entry
 * (`own`, `dist/kyc-widget-<id>.js`).
 */
export function phoneCases({ shape, plan, frameOrigins, frames, sandboxOrigin, hostOrigins, entry = 'all' }) {
  const cases = [];
  const script = (provider) =>
    `<script type="module" src="/dist/kyc-widget${entry === 'own' ? `-${provider}` : ''}.js"></script>`;
  const base = `/phone/${shape}`;
  for (const [variant, list] of Object.entries(plan.variants)) {
    const origin = frameOrigins[variant];
    const rewrite = (url) => {
      let out = url.split(sandboxOrigin).join(origin);
      out = out.split(encodeURIComponent(sandboxOrigin)).join(encodeURIComponent(origin));
      // The host's origin may ride in the frame URL (a parent origin parameter): the shaped host's.
      out = out.split(hostOrigins.direct).join(hostOrigins.shaped);
      return out.split(encodeURIComponent(hostOrigins.direct)).join(encodeURIComponent(hostOrigins.shaped));
    };
    for (const [provider, kinds] of list) {
      const inputs = inputsFor(provider, origin);
      const needs = provider in SDK_READY ? [...new Set(['ready', SDK_READY[provider].widgetMark])] : ['ready'];
      if (kinds.includes('widget'))
        cases.push({
          id: `widget:${provider}:${variant}`,
          provider,
          kind: 'widget',
          variant,
          needs,
          path: `${base}/${variant}/widget-${provider}.html`,
          html: lightPage(`${widgetProbe}\n${script(provider)}`, widgetElement(inputs)),
        });
      const frame = frames[provider];
      if (frame?.src && kinds.includes('bare')) {
        const token = provider === 'sumsub' ? inputs.sessionToken : undefined;
        const attributes = [
          ['title', frame.title || 'Identity verification'],
          ['allow', frame.allow ?? ''],
          ...(frame.sandbox != null ? [['sandbox', frame.sandbox]] : []),
          ['referrerpolicy', frame.referrerPolicy || 'strict-origin-when-cross-origin'],
        ];
        cases.push({
          id: `bare:${provider}:${variant}`,
          provider,
          kind: 'bare',
          variant,
          needs: ['ready'],
          path: `${base}/${variant}/bare-${provider}.html`,
          html: lightPage(
            bareProbe(provider, origin, token),
            `<iframe src="${esc(rewrite(frame.src))}" ${attributes.map(([n, v]) => `${n}="${esc(v)}"`).join(' ')} style="display:block;width:100%;height:600px;border:0"></iframe>`,
          ),
        });
      }
      // The floor for a script-made frame (bench/tasks.mjs): the same iframe made by a module of a few lines.
      if (frame?.src && kinds.includes('floor')) {
        const token = provider === 'sumsub' ? inputs.sessionToken : undefined;
        const data = [
          ['frame-src', rewrite(frame.src)],
          ['frame-title', frame.title || 'Identity verification'],
          ['frame-allow', frame.allow ?? ''],
          ...(frame.sandbox != null ? [['frame-sandbox', frame.sandbox]] : []),
          ['frame-referrer-policy', frame.referrerPolicy || 'strict-origin-when-cross-origin'],
        ];
        cases.push({
          id: `floor:${provider}:${variant}`,
          provider,
          kind: 'floor',
          variant,
          needs: ['ready'],
          path: `${base}/${variant}/floor-${provider}.html`,
          html: lightPage(
            `${bareProbe(provider, origin, token)}\n<script type="module" src="/frame-starter.js" ${data.map(([n, v]) => `data-${n}="${esc(v)}"`).join(' ')}></script>`,
            '',
          ),
        });
      }
      if (SDKS.includes(provider) && kinds.includes('sdk')) {
        cases.push({
          id: `sdk:${provider}:${variant}`,
          provider,
          kind: 'sdk',
          variant,
          needs: ['ready'],
          path: `${base}/${variant}/sdk-${provider}.html`,
          html: sdkHtml(provider, sdkSettings(provider, origin)),
        });
      }
    }
  }
  // The session-endpoint shape, with the instant frame: the widget's session-endpoint, and the host's own
  // code POSTing to its backend, then initing the SDK with what it got.
  const origin = frameOrigins.instant;
  for (const provider of plan.endpoint.filter((p) => SDKS.includes(p))) {
    const inputs = inputsFor(provider, origin);
    const needs = [...new Set(['ready', SDK_READY[provider].widgetMark])];
    cases.push({
      id: `widget-endpoint:${provider}`,
      provider,
      kind: 'widget-endpoint',
      variant: 'instant',
      needs,
      path: `${base}/endpoint/widget-${provider}.html`,
      html: lightPage(
        `${widgetProbe}\n${script(provider)}`,
        widgetElement(inputs, { endpoint: `/api/kyc-session/${provider}` }),
      ),
    });
    cases.push({
      id: `sdk-endpoint:${provider}`,
      provider,
      kind: 'sdk-endpoint',
      variant: 'instant',
      needs: ['ready'],
      path: `${base}/endpoint/sdk-${provider}.html`,
      html: sdkHtml(provider, { endpoint: `/api/sdk-session/${provider}` }),
    });
  }
  return cases;
}

function sdkHtml(provider, settings) {
  return lightPage(
    `<script>${MARK}</script>\n<script>window.__benchSdk = ${js(settings)};</script>\n<script type="module" src="/sdk/${provider}.js"></script>`,
    SDK_ROOTS[provider] ? `<div id="${SDK_ROOTS[provider]}"></div>` : '',
  );
}

// ---- the servers of one shape -------------------------------------------------------------------

/**
 * Starts a shape's proxies, all on one shared link: the host (pages, dist, SDK bundles, and the host's
 * backend: /api/kyc-session/<provider> for the widget, /api/sdk-session/<provider> for the SDK pages,
 * each answering after BACKEND_MS), and the sandbox twice: instant, and heavy (the filler first).
 */
export async function startShape(shapeId, { hostUpstream, sandboxUpstream }) {
  const shape = SHAPES[shapeId];
  const link = createLink(shape.bandwidthBps);
  const filler = Buffer.from(fillerScript());
  const frames = {};
  for (const variant of VARIANTS) {
    // Read at request time, as the host's: a section may add its own (sdk-providers.mjs, the vendors' code).
    const routes = {};
    if (variant === 'heavy')
      routes[FILLER_PATH] = async () => ({
        status: 200,
        headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' },
        body: filler,
      });
    const proxy = await startShapedProxy({
      upstream: sandboxUpstream,
      shape,
      link,
      originHost: 'localhost', // another site than the host's 127.0.0.1: the frame runs out of process
      routes,
      ...(variant === 'heavy' ? { transformHtml: injectFiller } : {}),
    });
    frames[variant] = { ...proxy, routes };
  }
  const backend = (make) => async () => {
    await sleep(BACKEND_MS);
    return {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: JSON.stringify(make()),
    };
  };
  const routes = {};
  for (const provider of Object.keys(PROVIDER_DEMOS)) {
    routes[`/api/kyc-session/${provider}`] = backend(() => widgetSession(provider, frames.instant.origin));
    if (SDKS.includes(provider))
      routes[`/api/sdk-session/${provider}`] = backend(() => sdkSettings(provider, frames.instant.origin));
  }
  const host = await startShapedProxy({ upstream: hostUpstream, shape, link, routes });
  return {
    shape,
    host,
    frames,
    /** The host's local routes, read at request time: a section may add its own (bench/rendered.mjs). */
    routes,
    fillerBytes: filler.length,
    close: () => Promise.all([host.close(), ...Object.values(frames).map((f) => f.close())]),
  };
}

// ---- loading ------------------------------------------------------------------------------------

/** One cold load at `rate`x CPU; resolves when every mark in `needs` is in, then reads the frame request and long tasks. */
async function loadOnce(browser, url, rate, needs, timeoutMs) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const { marks, done } = marksOf(page, needs, timeoutMs, url);
    // Each frame document the page requested, by URL (not the warm-up frame's /robots.txt): a frame requested
    // twice (rebuilt, moved, or loaded again on adoption) shows as a count of 2.
    const frameNavigations = new Map();
    page.on('request', (request) => {
      if (!request.isNavigationRequest() || request.frame() === page.mainFrame()) return;
      if (request.url().endsWith('/robots.txt')) return;
      frameNavigations.set(request.url(), (frameNavigations.get(request.url()) ?? 0) + 1);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await done;
    // Read after the figures are taken: the iframe's entry (it appears when the frame's document has
    // loaded) and the long tasks Chromium buffered for the page.
    const read = await page.evaluate(async () => {
      // The provider's frame: not the widget's throwaway frame warming the frame's connection (its /robots.txt).
      const find = () =>
        performance
          .getEntriesByType('resource')
          .find((e) => e.initiatorType === 'iframe' && !e.name.endsWith('/robots.txt'));
      for (let i = 0; i < 100 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const longTasks = window.__lt;
      if (longTasks)
        for (const e of window.__lo?.takeRecords() ?? []) longTasks.push({ start: e.startTime, duration: e.duration });
      const frames = window.__lf;
      if (frames) for (const e of window.__fo?.takeRecords() ?? []) frames.push(window.loaf(e));
      const frame = find();
      return {
        frameRequested: frame?.startTime,
        frameResponseEnd: frame?.responseEnd,
        // The split of the frame's request (README 2d): the page's last byte, and the page's first script.
        htmlEnd: performance.getEntriesByType('navigation')[0]?.responseEnd,
        firstScript: window.__ps,
        longTasks,
        longFrames: frames,
      };
    });
    return { ready: marks.ready, marks, ...read, frameRequests: Math.max(0, ...frameNavigations.values()) };
  } finally {
    await context.close();
  }
}

/** The last round: a case may ask for more rounds than the rest (`item.runs`). */
export const lastRound = (cases, runs) => Math.max(runs, ...cases.map((c) => c.runs ?? runs));

/**
 * Round r's cases in their order: those whose rounds are not over (`item.runs`, else `runs`; the later rounds
 * load only the cases that asked for more), rotated so that round r starts with its case r mod n.
 */
export function roundOrder(cases, r, runs) {
  const now = cases.filter((c) => r <= (c.runs ?? runs));
  return now.map((_, i) => now[(i + r) % now.length]);
}

/** Rounds of every case in rotating order (round 0 a dropped warm-up); a case failing 3 times without a sample is dropped. */
export async function measurePhone(browser, hostOrigin, cases, { runs, rate, gapMs, timeoutMs, log }) {
  const samples = Object.fromEntries(cases.map((c) => [c.id, []]));
  const errors = Object.fromEntries(cases.map((c) => [c.id, []]));
  const last = lastRound(cases, runs);
  for (let r = 0; r <= last; r++) {
    const order = roundOrder(cases, r, runs);
    for (const item of order) {
      if (errors[item.id].length >= 3 && samples[item.id].length === 0) continue;
      await sleep(gapMs);
      try {
        const began = performance.now();
        const sample = await loadOnce(browser, `${hostOrigin}${item.path}`, rate, item.needs, timeoutMs);
        sample.loadSeconds = round((performance.now() - began) / 1000, 2); // the load's own time, for README "Run time"
        const at = sample.marks[SDK_READY[item.provider]?.widgetMark ?? 'ready'] ?? sample.ready;
        if (r > 0)
          samples[item.id].push({
            round: r,
            ...sample,
            blocking: blocking(sample, at),
            tasks: windowTasks(sample, at),
          });
      } catch (error) {
        errors[item.id].push({ round: r, message: String(error?.message ?? error).split('\n')[0] });
      }
    }
    log(
      `  round ${r}/${last} done${r === 0 ? ' (warm-up, dropped)' : ''}${r > runs ? ` (${order.length} cases)` : ''}`,
    );
  }
  return { samples, errors };
}

/**
 * One shape of a section that runs on the phone runner (rendered.mjs, sdk-providers.mjs): its cases measured as
 * the phone section measures (4x CPU, rotating rounds), then `summarize(measured)` as the shape's rows, beside its
 * label, raw samples and seconds since `since`.
 */
export async function measureShape(browser, shaped, shapeId, cases, { runs, gapMs, log, since, summarize }) {
  const measured = await measurePhone(browser, shaped.host.origin, cases, {
    runs,
    rate: 4,
    gapMs,
    timeoutMs: shapeId === 'loopback' ? 20000 : 45000,
    log,
  });
  return {
    label: SHAPES[shapeId].label,
    rows: summarize(measured),
    samples: measured.samples,
    seconds: round((performance.now() - since) / 1000, 1),
  };
}

// ---- figures ------------------------------------------------------------------------------------

/** A script of the widget's build: what the long-task target is about ("no task of ours"). */
export const isWidgetScript = (url) => /\/dist\/[^?#]*\.js(?:$|[?#])/.test(url ?? '');

/**
 * The long tasks in the window [frame requested, at], told apart: `ours` when a script of the widget's build
 * ran in the task (the long animation frames' script entries, which name each script of 5 ms or more that
 * ran in a long frame, say which), else `other`: the page's own rendering (style, layout, paint of the
 * first frame, which a bare iframe's page pays in its window too) or another script. Each task clipped to the
 * window; 0 when there was none. Null when the page could not observe long tasks or long animation frames.
 */
export function windowTasks(sample, at, isOurs = isWidgetScript) {
  if (!sample.longTasks || !sample.longFrames || !Number.isFinite(sample.frameRequested) || !Number.isFinite(at))
    return null;
  const from = sample.frameRequested;
  const scripts = sample.longFrames.flatMap((frame) => frame.scripts ?? []);
  const out = { ours: 0, other: 0, oursCount: 0 };
  for (const task of sample.longTasks) {
    const end = task.start + task.duration;
    const clipped = Math.min(end, at) - Math.max(task.start, from);
    if (clipped <= 0) continue;
    const mine = scripts.some((s) => isOurs(s.url) && s.start < end && s.start + s.duration > task.start);
    if (mine) {
      out.ours = Math.max(out.ours, clipped);
      if (clipped >= 50) out.oursCount++;
    } else out.other = Math.max(out.other, clipped);
  }
  return out;
}

/** Median, its 95% bootstrap interval and the worst of one figure over loads. */
function spread(values) {
  const finite = values.filter(Number.isFinite);
  if (!finite.length) return { n: 0, median: NaN, interval95: [NaN, NaN], worst: NaN };
  return {
    n: finite.length,
    median: round(quantile(finite, 0.5), 1),
    interval95: medianInterval(finite).map((v) => round(v, 1)),
    worst: round(Math.max(...finite), 1),
  };
}

export const pick = (mark) => (s) => s.marks?.[mark];

/**
 * Paired ratio of medians over the rounds both cases loaded, with its 95% bootstrap interval.
 * @returns {{ratio: number, interval95: number[], pairs: number}}
 */
export function pairedRatio(a = [], b = [], pickA = pick('ready'), pickB = pick('ready')) {
  const byRound = new Map(b.map((s) => [s.round, pickB(s)]));
  const xs = [];
  const ys = [];
  for (const s of a) {
    const x = pickA(s);
    const y = byRound.get(s.round);
    if (Number.isFinite(x) && Number.isFinite(y)) {
      xs.push(x);
      ys.push(y);
    }
  }
  if (xs.length < 3) return { ratio: NaN, interval95: [NaN, NaN], pairs: xs.length };
  return {
    ratio: round(quantile(xs, 0.5) / quantile(ys, 0.5), 3),
    interval95: ratioInterval(xs, ys).map((v) => round(v, 3)),
    pairs: xs.length,
  };
}

/**
 * Paired difference a − b over the rounds both cases loaded: the median of the per-round differences, with its 95%
 * bootstrap interval (milliseconds).
 * @returns {{median: number, interval95: number[], pairs: number}}
 */
export function pairedDifference(a = [], b = [], pickA = pick('ready'), pickB = pickA) {
  const byRound = new Map(b.map((s) => [s.round, pickB(s)]));
  const differences = a.map((s) => pickA(s) - byRound.get(s.round)).filter((d) => Number.isFinite(d));
  if (differences.length < 3) return { median: NaN, interval95: [NaN, NaN], pairs: differences.length };
  return {
    median: round(quantile(differences, 0.5), 1),
    interval95: medianInterval(differences).map((v) => round(v, 1)),
    pairs: differences.length,
  };
}

/**
 * A target on a ratio counts as met only when the interval's upper bound meets it: `upper <= target` for
 * "≤", `upper < target` for "<". An interval that could not be computed is "not measured" (null).
 */
export function targetMet(interval, target, strict = false) {
  const upper = interval?.[1];
  if (!Number.isFinite(upper)) return null;
  return strict ? upper < target : upper <= target;
}

export const summaryOf = (list = [], f = pick('ready')) => roundAll(summary(list.map(f)));

/** Per shape: rows per provider and variant, the session-endpoint rows, long tasks of the widget. */
export function summarizePhone(shapeId, cases, { samples, errors }, targets) {
  const rows = [];
  const providers = [...new Set(cases.map((c) => c.provider))];
  const variants = [...new Set(cases.filter((c) => c.kind === 'widget').map((c) => c.variant))];
  for (const provider of providers) {
    for (const variant of variants) {
      const w = samples[`widget:${provider}:${variant}`];
      if (!w) continue;
      const b = samples[`bare:${provider}:${variant}`];
      const s = samples[`sdk:${provider}:${variant}`];
      const mark = SDK_READY[provider]?.widgetMark ?? 'ready';
      const toBare = pairedRatio(w, b);
      const toSdk = s ? pairedRatio(w, s, pick(mark)) : null;
      const longest = w.map((x) => x.blocking?.longest).filter(Number.isFinite);
      rows.push({
        provider,
        variant,
        widgetMark: mark,
        frameRequested: {
          widget: summaryOf(w, (x) => x.frameRequested),
          bare: summaryOf(b, (x) => x.frameRequested),
          ...(s ? { sdk: summaryOf(s, (x) => x.frameRequested) } : {}),
        },
        ready: { widget: summaryOf(w, pick(mark)), bare: summaryOf(b), ...(s ? { sdk: summaryOf(s) } : {}) },
        widgetToBare: {
          ...toBare,
          ...(shapeId === 'loopback' && variant === 'instant'
            ? { target: targets.loopbackToBare, met: targetMet(toBare.interval95, targets.loopbackToBare) }
            : {}),
        },
        widgetToSdk: toSdk && {
          ...toSdk,
          target: targets.widgetToSdk,
          met: targetMet(toSdk.interval95, targets.widgetToSdk, true),
        },
        longTask: {
          measured: longest.length,
          worst: longest.length ? round(Math.max(...longest)) : NaN,
          loadsWithLongTask: w.filter((x) => x.blocking?.count > 0).length,
          // The target: no task of ours (a task that ran the widget's script) of 50 ms or more, in any load.
          ours: spread(w.map((x) => x.tasks?.ours)),
          oursLoads: w.filter((x) => x.tasks?.oursCount > 0).length,
          other: spread(w.map((x) => x.tasks?.other)),
          bare: spread((b ?? []).map((x) => x.blocking?.longest)),
          ...(s ? { sdk: spread(s.map((x) => x.blocking?.longest)) } : {}),
          met: (() => {
            const ours = w.map((x) => x.tasks?.ours).filter(Number.isFinite);
            return ours.length ? ours.every((v) => v < targets.longTaskMs) : null;
          })(),
        },
        errors: [`widget:${provider}:${variant}`, `bare:${provider}:${variant}`, `sdk:${provider}:${variant}`].flatMap(
          (id) => (errors[id] ?? []).map((e) => ({ case: id, ...e })),
        ),
      });
    }
  }
  const endpoint = [];
  for (const provider of providers) {
    const w = samples[`widget-endpoint:${provider}`];
    const s = samples[`sdk-endpoint:${provider}`];
    if (!w || !s) continue;
    const mark = SDK_READY[provider]?.widgetMark ?? 'ready';
    const ratio = pairedRatio(w, s, pick(mark));
    endpoint.push({
      provider,
      widgetMark: mark,
      frameRequested: { widget: summaryOf(w, (x) => x.frameRequested), sdk: summaryOf(s, (x) => x.frameRequested) },
      ready: { widget: summaryOf(w, pick(mark)), sdk: summaryOf(s) },
      widgetToSdk: {
        ...ratio,
        ...(shapeId === '4g'
          ? {
              target: targets.endpointToSdk4g,
              met: targetMet(ratio.interval95, targets.endpointToSdk4g),
              // The issue's "done when": below the SDK's fetch-then-init, upper bound < 1.00.
              below: targetMet(ratio.interval95, 1, true),
            }
          : {}),
      },
      errors: [`widget-endpoint:${provider}`, `sdk-endpoint:${provider}`].flatMap((id) =>
        (errors[id] ?? []).map((e) => ({ case: id, ...e })),
      ),
    });
  }
  return { rows, endpoint };
}
