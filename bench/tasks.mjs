// What the host page's main thread does between the frame request and ready, task by task: a Chromium
// trace of the phone section's widget page (light page, loopback shape, 4x CPU), each top-level task in
// that window with its wall and thread time and what ran inside it (script evaluation by URL, compilation,
// function calls, style, layout, paint, message and timer dispatch). The phone section says *how long* the
// longest task is; this says *what* it is.
//
//   node bench/tasks.mjs [--runs 3] [--modes generic,persona] [--rate 4] [--min 20] [--no-build | --dist DIR]
//
// `--min`: list tasks of at least this many ms (wall) in the window (default 20; the target is 50).
// `--shape 4g`: under the slow-4G shape (default loopback). `--resources`: also every request of the page
// (start, whether it opened a new connection, first byte, end).
// `--before`: the window is navigation start → the frame's request instead (what the page did before it).
// `--kinds widget,widget-endpoint` (default): which pages; also `bare`, `sdk`, `floor` (the same iframe made
// by a module of a few lines, pages/frame-starter.js: what any script-made frame costs).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PROVIDER_DEMOS } from '../sandbox/catalog.mjs';
import { startSandbox } from '../sandbox/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { buildSdkHosts, discoverFrames, marksOf, modeCases, SDK_DIR, SDK_READY, SDKS } from './modes.mjs';
import { phoneCases, startShape } from './phone.mjs';
import { startBenchServer } from './server.mjs';
import { round } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CATEGORIES = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];
/** Events worth naming inside a task, with what identifies them. */
const INNER = {
  EvaluateScript: (a) => a?.data?.url,
  'v8.evaluateModule': () => '',
  'v8.compile': (a) => a?.data?.url,
  'v8.compileModule': (a) => a?.fileName ?? a?.data?.url,
  FunctionCall: (a) => `${a?.data?.functionName || '(anonymous)'} ${a?.data?.url ?? ''}:${a?.data?.lineNumber ?? ''}`,
  TimerFire: () => '',
  FireIdleCallback: () => '',
  FireAnimationFrame: () => '',
  EventDispatch: (a) => a?.data?.type,
  HandlePostMessage: () => '',
  RunMicrotasks: () => '',
  ParseHTML: (a) => a?.beginData?.url,
  ParseAuthorStyleSheet: (a) => a?.data?.styleSheetUrl,
  UpdateLayoutTree: () => '',
  Layout: () => '',
  PrePaint: () => '',
  Paint: () => '',
  Layerize: () => '',
  Commit: () => '',
  'V8.GC_SCAVENGER': () => '',
  MajorGC: () => '',
  MinorGC: () => '',
};

/**
 * The V8 sampling profile of the traced renderer (ProfileChunk events), as [time µs, stack] pairs, the stack
 * innermost first, each frame "name file:line:column".
 */
export function profileSamples(traceEvents, pid) {
  const nodes = new Map();
  const out = [];
  const starts = new Map();
  for (const e of traceEvents) if (e.name === 'Profile' && e.pid === pid) starts.set(e.id, e.args?.data?.startTime);
  for (const e of traceEvents) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const data = e.args?.data ?? {};
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n);
    let t = starts.get(e.id) ?? 0;
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      starts.set(e.id, t);
      out.push([t, `${e.id}:${samples[i]}`, e.id]);
    }
  }
  const frame = (n) => {
    const c = n.callFrame ?? {};
    return `${c.functionName || '(anonymous)'} ${String(c.url ?? '')
      .split('/')
      .pop()}:${c.lineNumber}:${c.columnNumber}`;
  };
  return out.map(([t, key, id]) => {
    const stack = [];
    for (let n = nodes.get(key); n; n = n.parent ? nodes.get(`${id}:${n.parent}`) : undefined) stack.push(frame(n));
    return [t, stack];
  });
}

/**
 * The top-level tasks of the page's main thread that overlap [from, to] (ms from the page's time origin),
 * each with its wall time inside the window, its whole wall and thread time, and its named inner events
 * (the outermost of each kind, so a module evaluation is not also counted as its inner function calls).
 */
export function tasksInWindow(traceEvents, { readyMark = 'ready', ready, from, to = ready, min = 0 }) {
  const mark = traceEvents.find((e) => e.name === readyMark && e.cat?.includes('blink.user_timing') && e.ph !== 'e');
  if (!mark || !Number.isFinite(ready) || !Number.isFinite(from)) return null;
  const origin = mark.ts - ready * 1000;
  const at = (us) => (us - origin) / 1000;
  const thread = traceEvents.filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X');
  const tasks = thread.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const samples = profileSamples(traceEvents, mark.pid);
  const out = [];
  for (const task of tasks) {
    const start = at(task.ts);
    const end = start + task.dur / 1000;
    const inWindow = Math.min(end, to) - Math.max(start, from);
    if (inWindow <= 0 || inWindow < min) continue;
    const inner = thread
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && e.name in INNER)
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const named = [];
    let coveredUntil = -Infinity;
    for (const e of inner) {
      if (e.ts < coveredUntil) continue; // inside an event already listed
      coveredUntil = e.ts + e.dur;
      if (e.dur < 1000) continue;
      named.push({
        at: round(at(e.ts), 1),
        name: e.name,
        what: INNER[e.name](e.args) ?? '',
        ms: round(e.dur / 1000, 1),
      });
    }
    const inTask = samples.filter(([t]) => t >= task.ts && t <= task.ts + task.dur);
    const self = new Map();
    for (const [, stack] of inTask) self.set(stack[0], (self.get(stack[0]) ?? 0) + 1);
    const hot = [...self]
      .filter(([name]) => !/^\((idle|program|root)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, n]) => ({ name, share: round(n / inTask.length, 2) }));
    out.push({
      hot,
      start: round(start, 1),
      wallMs: round(task.dur / 1000, 1),
      inWindowMs: round(inWindow, 1),
      cpuMs: round((task.tdur ?? task.dur) / 1000, 1),
      inner: named,
    });
  }
  return out;
}

function option(name, fallback) {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : process.argv[i + 1];
}

async function main() {
  const runs = Number(option('--runs', 3));
  const rate = Number(option('--rate', 4));
  const min = Number(option('--min', 20));
  /** `--shape 4g`: the network shape (default loopback). */
  const shapeId = option('--shape', 'loopback');
  /** `--after MS`: also list the tasks up to this long after ready (the screens' chunk loads in idle time after it). */
  const after = Number(option('--after', 0));
  /** `--before`: list the tasks from navigation start to the frame's request instead (what the frame waited for). */
  const BEFORE = process.argv.includes('--before');
  const providers = String(option('--modes', ['generic', ...SDKS].join(','))).split(',');
  const kinds = String(option('--kinds', 'widget,widget-endpoint')).split(',');
  const dist = path.resolve(option('--dist', path.join(ROOT, 'dist')));
  if (!process.argv.includes('--no-build') && !process.argv.includes('--dist')) {
    const { buildAll } = await import('../scripts/build.mjs');
    await buildAll({ quiet: true });
  }
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const sandboxOrigin = `http://localhost:${sandbox.port}`;
  const host = await startBenchServer({
    host: '127.0.0.1',
    port: 0,
    frameOrigins: [sandboxOrigin],
    dist,
    mounts: [['/sdk/', SDK_DIR]],
  });
  if (kinds.some((k) => k.startsWith('sdk'))) await buildSdkHosts();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const shaped = await startShape(shapeId, {
    hostUpstream: host.origin,
    sandboxUpstream: sandboxOrigin.replace('localhost', '127.0.0.1'),
  });
  const report = {};
  try {
    const discovery = modeCases(sandboxOrigin, providers).filter((c) => c.kind === 'widget');
    for (const item of discovery) host.pages.set(item.path, { html: item.html, csp: item.csp });
    const frames = await discoverFrames(browser, host.origin, discovery);
    const cases = phoneCases({
      shape: shapeId,
      plan: {
        variants: {
          instant: providers.filter((p) => p in PROVIDER_DEMOS).map((p) => [p, ['widget', 'bare', 'sdk', 'floor']]),
        },
        endpoint: providers.filter((p) => SDKS.includes(p)),
      },
      frameOrigins: { instant: shaped.frames.instant.origin },
      frames,
      sandboxOrigin,
      hostOrigins: { direct: host.origin, shaped: shaped.host.origin },
    }).filter((c) => kinds.includes(c.kind));
    for (const item of cases) host.pages.set(item.path, { html: item.html, csp: false });
    for (const item of cases) {
      report[item.id] = [];
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate });
          const url = `${shaped.host.origin}${item.path}`;
          const { marks, done } = marksOf(page, item.needs, 30000, url);
          await browser.startTracing(page, { categories: CATEGORIES });
          await page.goto(url, { waitUntil: 'commit' });
          await done;
          await new Promise((resolve) => setTimeout(resolve, 300 + after));
          const raw = await browser.stopTracing();
          if (option('--save', ''))
            writeFileSync(path.join(option('--save', ''), `${item.id.replace(/:/g, '-')}-${r + 1}.json`), raw);
          const trace = JSON.parse(raw.toString('utf8')).traceEvents ?? [];
          const { frameRequested, resources } = await page.evaluate(async () => {
            const find = () =>
              performance
                .getEntriesByType('resource')
                .find((e) => e.initiatorType === 'iframe' && !e.name.endsWith('/robots.txt')); // not a warm-up frame
            for (let i = 0; i < 100 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
            // Every request of the page: when it started, whether it opened a connection, when it was answered.
            const resources = [
              ...performance.getEntriesByType('navigation'),
              ...performance.getEntriesByType('resource'),
            ].map((e) => ({
              name: e.name.replace(location.origin, ''),
              type: e.initiatorType,
              start: Math.round(e.startTime),
              connect: Math.round(e.connectEnd - e.connectStart),
              firstByte: Math.round(e.responseStart),
              end: Math.round(e.responseEnd),
              bytes: e.encodedBodySize,
            }));
            return { frameRequested: find()?.startTime, resources };
          });
          const readyMark = SDK_READY[item.provider]?.widgetMark ?? 'ready';
          const ready = marks[readyMark];
          const window = BEFORE ? { from: 0, to: frameRequested } : { from: frameRequested, to: ready + after };
          const tasks = tasksInWindow(trace, { readyMark, ready, ...window, min });
          report[item.id].push({ frameRequested: round(frameRequested, 1), ready: round(ready, 1), tasks, resources });
          console.log(
            `\n${item.id} #${r + 1}: frame requested ${round(frameRequested, 1)} ms, ready ${round(ready, 1)} ms`,
          );
          if (process.argv.includes('--resources'))
            for (const e of resources)
              console.log(
                `  ${e.type.padEnd(10)} start ${e.start} ms${e.connect > 0 ? `, new connection ${e.connect} ms` : ''}, first byte ${e.firstByte}, end ${e.end} ms, ${e.bytes} B  ${e.name.slice(0, 90)}`,
              );
          for (const t of tasks ?? []) {
            console.log(
              `  task at ${t.start} ms: ${t.wallMs} ms wall (${t.inWindowMs} in the window), ${t.cpuMs} ms thread time`,
            );
            for (const e of t.inner) console.log(`    ${e.at} ms ${e.name} ${e.ms} ms ${e.what}`);
            for (const h of t.hot) console.log(`      ${Math.round(h.share * 100)}% of samples: ${h.name}`);
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all([shaped.close(), sandbox.close(), host.close()]);
  }
  writeFileSync(path.join(ROOT, 'bench', 'tasks.json'), `${JSON.stringify(report, null, 2)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(2);
    },
  );
}
