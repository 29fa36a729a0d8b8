#!/usr/bin/env node
// The server-rendered widget against the element alone: when the provider's frame is requested and when the widget
// says ready, measured from navigation start in Debian's Chromium, with the widget's script held back by the server
// for `delayMs` (a slow network or a busy CDN: what renderKycWidget takes off the frame's critical path).
//
//   node bench/ssr.mjs [--runs N] [--delay ms] [--no-build]      prints a table, writes nothing
//   import { measureSsr, summarizeSsr } from './ssr.mjs'          (bench/run.mjs)
//     const samples = await measureSsr({ browser, sandboxOrigin, runs: 9, delayMs: 300 });
//     const table = summarizeSsr(samples);   // { client: {frameMs, readyMs}, rendered: {frameMs, readyMs} } medians
//   browser: a playwright-core Browser; sandboxOrigin: the sandbox provider (sandbox/server.mjs); dist/
//   must be built (the page serves dist/kyc-widget.js and imports dist/server/index.js).
//
// Each run is a fresh page of its own; the two kinds alternate, so that a drift of the machine hits both.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist');

/** The page's host: `/page?kind=client|rendered&session=…`, the widget's files from dist/, held back `delayMs`. */
async function startHost({ sandboxOrigin, delayMs }) {
  const { renderKycWidget, KYC_RENDERED_HEADERS } = await import(
    pathToFileURL(path.join(DIST, 'server/index.js')).href
  );
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    if (url.pathname === '/page') {
      const session = url.searchParams.get('session') ?? 'bench';
      const sessionUrl = `${sandboxOrigin}/generic?script=ready&session=${encodeURIComponent(session)}`;
      const origin = `http://${req.headers.host}`;
      const widget =
        url.searchParams.get('kind') === 'rendered'
          ? renderKycWidget({ provider: 'generic', sessionUrl, locale: 'en', pageOrigin: origin })
          : `<kyc-widget provider="generic" locale="en" session-url="${sessionUrl.replaceAll('&', '&amp;')}"></kyc-widget>`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...KYC_RENDERED_HEADERS });
      res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>
<script type="module" src="/kyc-widget.js"></script>
<main>${widget}</main>`);
      return;
    }
    if (url.pathname === '/kyc-widget.js' || /^\/chunks\/[\w.-]+\.js$/.test(url.pathname)) {
      const send = () =>
        readFile(path.join(DIST, url.pathname)).then(
          (body) => res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(body),
          () => res.writeHead(404).end(),
        );
      if (url.pathname === '/kyc-widget.js') setTimeout(send, delayMs);
      else void send();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${server.address().port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** One page load: the frame's request (resource timing startTime) and kyc-ready, ms from navigation start. */
async function once(browser, url) {
  const page = await browser.newPage();
  try {
    await page.addInitScript(() => {
      window.__ready = undefined;
      document.addEventListener('kyc-ready', () => (window.__ready = performance.now()), { once: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30000 });
    return await page.evaluate(() => {
      const frame = document.querySelector('kyc-widget').shadowRoot.querySelector('iframe');
      const entry = performance.getEntriesByName(frame.src)[0];
      return { frameMs: entry ? entry.startTime : null, readyMs: window.__ready };
    });
  } finally {
    await page.close();
  }
}

/** `runs` loads of each kind, alternating: `{ client: [{frameMs, readyMs}], rendered: […] }`. */
export async function measureSsr({ browser, sandboxOrigin, runs = 9, delayMs = 300 }) {
  const host = await startHost({ sandboxOrigin, delayMs });
  const samples = { client: [], rendered: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const kind of i % 2 ? ['rendered', 'client'] : ['client', 'rendered']) {
        samples[kind].push(await once(browser, `${host.origin}/page?kind=${kind}&session=bench-${kind}-${i}`));
      }
    }
  } finally {
    await host.close();
  }
  return samples;
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Medians per kind, rounded to 0.1 ms. */
export function summarizeSsr(samples) {
  const out = {};
  for (const [kind, list] of Object.entries(samples)) {
    out[kind] = {
      frameMs: Math.round(median(list.map((s) => s.frameMs)) * 10) / 10,
      readyMs: Math.round(median(list.map((s) => s.readyMs)) * 10) / 10,
      runs: list.length,
    };
  }
  return out;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`);
    return at === -1 ? fallback : Number(process.argv[at + 1]);
  };
  if (!process.argv.includes('--no-build'))
    execFileSync('node', ['scripts/build.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, CHROMIUM_ARGS } = await import('../scripts/chromium.mjs');
  const { startSandbox } = await import('../sandbox/server.mjs');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const delayMs = arg('delay', 300);
    const table = summarizeSsr(
      await measureSsr({ browser, sandboxOrigin: sandbox.origin, runs: arg('runs', 9), delayMs }),
    );
    console.log(`widget script held back ${delayMs} ms; medians, ms from navigation start`);
    console.table(table);
  } finally {
    await browser.close();
    await sandbox.close();
  }
}
