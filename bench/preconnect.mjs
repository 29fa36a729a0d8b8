// Does a <link rel="preconnect"> on the host page warm the connection a cross-site iframe then uses? And does
// the widget's warm-up frame (src/element/warm-up.ts, warmUp: a hidden iframe to the origin's /robots.txt)? A
// probe, not a section (bench/README.md, "Preconnect, measured"). A frame origin behind the slow-4G shaping
// proxy (a connection carries a request one round trip after it opened, shape.mjs); host pages without a hint,
// with a static hint, with one inserted by script, and with the warm-up frame; each creates the iframe 1.5 s
// after load, far more than a round trip later. Prints, per page, when the proxy saw connections open (ms after the page's start) and the
// frame's request → load time: about 2 round trips (300 ms) on a cold connection, 1 (150 ms) on a warm one.
//
//   node bench/preconnect.mjs [--persistent]
//
// `--persistent`: a browser profile on disk instead of Playwright's off-the-record contexts.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { startBenchServer } from './server.mjs';
import { createLink, SHAPES, startShapedProxy } from './shape.mjs';

const PERSISTENT = process.argv.includes('--persistent');

const upstream = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>frame</p>'));
await new Promise((done) => upstream.listen(0, '127.0.0.1', done));
const shape = SHAPES['4g'];
/** When the frame origin's proxy saw each connection open (performance.now()). */
const opened = [];
const frame = await startShapedProxy({
  upstream: `http://127.0.0.1:${upstream.address().port}`,
  shape,
  link: createLink(shape.bandwidthBps),
  originHost: 'localhost', // another site than the host page's 127.0.0.1
  onConnection: () => opened.push(performance.now()),
});
const pages = new Map();
const host = await startBenchServer({ host: '127.0.0.1', port: 0, pages, frameOrigins: [frame.origin] });
const hint = `<link rel="preconnect" href="${frame.origin}">`;
const insert = `var l=document.createElement('link');l.rel='preconnect';l.href=${JSON.stringify(frame.origin)};document.head.append(l);`;
const warm = `var w=document.createElement('iframe');w.hidden=true;w.setAttribute('sandbox','allow-same-origin');w.referrerPolicy='no-referrer';w.src=${JSON.stringify(`${frame.origin}/robots.txt`)};document.body.append(w);`;
const page = (head, script) =>
  `<!doctype html><html><head>${head}</head><body><script>${script}setTimeout(function(){var f=document.createElement('iframe');f.src=${JSON.stringify(`${frame.origin}/x.html`)};f.onload=function(){var e=performance.getEntriesByType('resource').find(function(e){return e.initiatorType==='iframe'&&!/robots/.test(e.name)});console.log('bench:loaded '+(performance.now()-e.startTime))};document.body.append(f)},1500)</script></body></html>`;
pages.set('/none.html', { html: page('', ''), csp: false });
pages.set('/static.html', { html: page(hint, ''), csp: false });
pages.set('/dynamic.html', { html: page('', insert), csp: false });
pages.set('/warm-up.html', { html: page('', warm), csp: false });

const browser = PERSISTENT
  ? null
  : await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  for (const name of ['none', 'static', 'dynamic', 'warm-up', 'none', 'static', 'dynamic', 'warm-up']) {
    const dir = PERSISTENT ? mkdtempSync(path.join(os.tmpdir(), 'kyc-preconnect-')) : null;
    const context = PERSISTENT
      ? await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
      : await browser.newContext();
    try {
      const tab = await context.newPage();
      const loaded = new Promise((resolve) =>
        tab.on('console', (m) => m.text().startsWith('bench:loaded ') && resolve(Number(m.text().slice(13)))),
      );
      opened.length = 0;
      const start = performance.now();
      await tab.goto(`${host.origin}/${name}.html`);
      const ms = await loaded;
      const at = opened.map((t) => Math.round(t - start));
      console.log(
        `${name.padEnd(8)} connections to the frame origin opened at ${at.join(', ')} ms; frame request → load ${Math.round(ms)} ms`,
      );
    } finally {
      await context.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await browser?.close();
  await Promise.all([frame.close(), host.close(), new Promise((done) => upstream.close(() => done()))]);
}
