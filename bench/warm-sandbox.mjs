// Which sandbox for the warm-up frame (src/element/warm-up.ts)? A probe, not a section (bench/README.md, "The
// warm-up frame's sandbox"). Chromium puts a frame sandboxed to an opaque origin (`sandbox=""`) in a process of its
// own, so such a warm-up starts a renderer the real frame never uses; one sandboxed to its own origin
// (`allow-same-origin`, still no script) starts the renderer the real frame then shares. Each host page (loopback,
// 4x CPU, so that the network is not what differs) writes its shell at once, with or without a warm-up frame on the
// frame origin's /robots.txt, then the real frame 400 ms later; the frame posts its ready when its script has run.
// Prints, per page, the time from the real frame's insertion to its ready (median [95% interval]) and each page's
// ratio to the page without a warm-up, paired by round.
//
//   node bench/warm-sandbox.mjs [--runs 20] [--rate 4]
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { medianInterval, quantile, ratioInterval, round } from './stats.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const RUNS = arg('runs', 20);
const RATE = arg('rate', 4);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(server.address().port)));

// The frame: a little script work before its ready, as a provider's page does.
const frameServer = createServer((req, res) => {
  if (req.url === '/robots.txt')
    return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\n');
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(
    `<!doctype html><p>frame</p><script>let x=0;for(let i=0;i<2e6;i++)x+=i%3;parent.postMessage('ready','*')</script>`,
  );
});
const frameOrigin = `http://localhost:${await listen(frameServer)}`; // another site than the host's 127.0.0.1
const warmFrame = (sandbox) =>
  `<iframe hidden sandbox="${sandbox}" referrerpolicy="no-referrer" src="${frameOrigin}/robots.txt"></iframe>`;
const PAGES = { none: '', 'sandbox=""': warmFrame(''), 'sandbox="allow-same-origin"': warmFrame('allow-same-origin') };
const NAMES = Object.keys(PAGES);

const hostServer = createServer(async (req, res) => {
  const name = decodeURIComponent(req.url.slice(1));
  res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
  res.write(
    `<!doctype html><html><head><script>addEventListener('message',function(e){if(e.data==='ready')window.__ready=performance.now()})</script></head><body><p>host</p>${PAGES[name] ?? ''}`,
  );
  await sleep(400);
  res.end(
    `<script>window.__made=performance.now()</script><iframe src="${frameOrigin}/frame.html"></iframe></body></html>`,
  );
});
const hostOrigin = `http://127.0.0.1:${await listen(hostServer)}`;

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const times = Object.fromEntries(NAMES.map((name) => [name, []]));
try {
  for (let round = 0; round <= RUNS; round++) {
    for (const name of round % 2 ? NAMES : [...NAMES].reverse()) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
        await page.goto(`${hostOrigin}/${encodeURIComponent(name)}`);
        await page.waitForFunction(() => window.__ready, null, { timeout: 20_000 });
        const ms = await page.evaluate(() => window.__ready - window.__made);
        if (round > 0) times[name].push(ms); // round 0 warms the browser up
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  frameServer.close();
  hostServer.close();
}

console.log(`the real frame's insertion → its ready, ms, ${RATE}x CPU, loopback, ${RUNS} rounds`);
for (const name of NAMES) {
  const list = times[name];
  const [low, high] = medianInterval(list).map((v) => round(v, 1));
  const ratio = round(quantile(list, 0.5) / quantile(times.none, 0.5), 2);
  const [rl, rh] = ratioInterval(list, times.none).map((v) => round(v, 2));
  console.log(
    `${name.padEnd(28)} ${round(quantile(list, 0.5), 1)} [${low}–${high}]${name === 'none' ? '' : `, ÷ none ${ratio} [${rl}–${rh}]`}`,
  );
}
