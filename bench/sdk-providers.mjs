#!/usr/bin/env node
// The SDK-hosted providers (Onfido, Stripe Identity, Plaid) in Debian's Chromium, against the sandbox's stand-ins for
// the vendors' scripts (examples/sandbox/public/sdk/): a benchmark, not a test (exit 0 whatever the figures; 1 when it
// could not measure). Not wired into `npm run bench` here: run it on its own.
//
//   node bench/sdk-providers.mjs [--runs N] [--cycles N] [--latency MS] [--no-build]
//
// --latency MS: every request of the page (the widget's chunks, the vendor's script, its UI) waits MS more, through
// Chromium's network emulation (DevTools `Network.emulateNetworkConditions`): a round trip loopback does not have.
//
// Per provider:
// - when the widget asks for the vendor's script (inputs set → its request's start, resource timing): the widget's own
//   requests before it (the runtime chunk; before, the sdk chunk too) show here, whatever the machine's load.
// - ready: inputs set → kyc-ready with the widget, against the stand-in used directly as a host would use the vendor's
//   SDK (the loader script or module, then init/create/verifyIdentity) → the same moment (Onfido: init returned;
//   Plaid: onLoad; Stripe: Stripe.js loaded and verifyIdentity called). Medians and the ratio's median, loopback.
// - leftovers after N mount → start → cancel() cycles: the vendor's frames, overlays and `message` listeners left on the
//   page (0 expected but for Stripe, whose modal no Stripe.js call closes: one per cycle, documented).
// - the size of the `sdk` chunk (gzip -9), the only code of the widget's own these providers add after the boot chunk.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startSandbox } from '../examples/sandbox/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { summary } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const RUNS = option('runs', 15);
const CYCLES = option('cycles', 20);
const LATENCY = option('latency', 0);
const PROVIDERS = ['onfido', 'stripe', 'plaid'];

if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });

/** A page on its own origin: the built widget at /dist/, and an empty body the bench fills. */
async function startHost() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://host.invalid');
    if (url.pathname.startsWith('/dist/')) {
      const file = path.join(ROOT, url.pathname);
      if (!file.startsWith(path.join(ROOT, 'dist') + path.sep)) return res.writeHead(400).end();
      try {
        const body = readFileSync(file);
        res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' });
        return res.end(body);
      } catch {
        return res.writeHead(404).end();
      }
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('<!doctype html><meta charset="utf-8"><title>sdk bench</title><body></body>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

const LOADERS = (sandbox) => ({
  onfido: `${sandbox}/sdk/onfido/Onfido.js`,
  stripe: `${sandbox}/sdk/stripe/stripe.js`,
  plaid: `${sandbox}/sdk/plaid/link-initialize.js`,
});

/**
 * Inputs set → kyc-ready, in ms, with the widget (the page has loaded the boot chunk already); and inputs set → the
 * vendor script's request (resource timing).
 */
function widgetReady(page, provider, loader) {
  return page.evaluate(
    ({ provider, loader }) =>
      new Promise((resolve) => {
        const el = document.createElement('kyc-widget');
        document.body.append(el);
        const t0 = performance.now();
        el.addEventListener(
          'kyc-ready',
          () => {
            const ready = performance.now() - t0;
            // When the vendor's script was asked for: after how many of the widget's own requests.
            const entry = performance.getEntriesByType('resource').find((timing) => timing.name === loader);
            resolve({ ready, vendorStart: entry ? entry.startTime - t0 : NaN });
          },
          { once: true },
        );
        Object.assign(el, {
          provider,
          allowedOrigins: new URL(loader).origin,
          options: { sdkUrl: loader, ...(provider === 'stripe' ? { publishableKey: 'pk_test_bench0001' } : {}) },
          sessionToken: 'script=wait',
        });
      }),
    { provider, loader },
  );
}

/** The same moment with the stand-in used directly, as a host page uses the vendor's SDK. */
function directReady(page, provider, loader) {
  return page.evaluate(
    async ({ provider, loader }) => {
      const t0 = performance.now();
      if (provider === 'onfido') {
        const { Onfido } = await import(loader);
        const box = document.createElement('div');
        document.body.append(box);
        Onfido.init({ token: 'script=wait', containerEl: box, onComplete() {}, onError() {} });
        return performance.now() - t0;
      }
      const script = document.createElement('script');
      script.src = loader;
      await new Promise((resolve, reject) => {
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
      });
      if (provider === 'stripe') {
        void window.Stripe('pk_test_bench0001').verifyIdentity('script=wait');
        return performance.now() - t0;
      }
      return new Promise((resolve) => {
        window.Plaid.create({ token: 'script=wait', onSuccess() {}, onLoad: () => resolve(performance.now() - t0) });
      });
    },
    { provider, loader },
  );
}

/** A new page, with the request latency asked for. */
async function newPage(browser) {
  const page = await browser.newPage();
  if (LATENCY) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

async function leftoversAfterCycles(page, provider, loader, cycles) {
  return page.evaluate(
    async ({ provider, loader, cycles }) => {
      for (let i = 0; i < cycles; i++) {
        const el = document.createElement('kyc-widget');
        document.body.append(el);
        const running = new Promise((resolve) => el.addEventListener('kyc-start', resolve, { once: true }));
        Object.assign(el, {
          provider,
          allowedOrigins: new URL(loader).origin,
          options: { sdkUrl: loader, ...(provider === 'stripe' ? { publishableKey: 'pk_test_bench0001' } : {}) },
          sessionToken: provider === 'onfido' ? 'script=module:document,wait' : 'script=wait',
        });
        await running;
        el.cancel();
        await new Promise((resolve) => setTimeout(resolve, 50));
        el.remove();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const frames = document.querySelectorAll('iframe[data-sandbox-sdk]').length;
      return {
        frames,
        overlays: document.querySelectorAll('[data-sandbox-sdk-overlay]').length,
        listeners: window.__sandboxSdk?.listeners ?? 0,
      };
    },
    { provider, loader, cycles },
  );
}

const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
const host = await startHost();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const results = {};
let failed = false;
try {
  const loaders = LOADERS(sandbox.origin);
  for (const provider of PROVIDERS) {
    const widget = [];
    const vendorStart = [];
    const direct = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh page each round (a cold vendor script each time), alternating which goes first.
      for (const kind of run % 2 ? ['direct', 'widget'] : ['widget', 'direct']) {
        const page = await newPage(browser);
        await page.goto(`${host.origin}/`);
        if (kind === 'widget') {
          await page.addScriptTag({ url: `${host.origin}/dist/kyc-widget.js`, type: 'module' });
          await page.waitForFunction(() => customElements.get('kyc-widget'));
          const { ready, vendorStart: start } = await widgetReady(page, provider, loaders[provider]);
          widget.push(ready);
          vendorStart.push(start);
        } else direct.push(await directReady(page, provider, loaders[provider]));
        await page.close();
      }
    }
    const page = await browser.newPage();
    await page.goto(`${host.origin}/`);
    await page.addScriptTag({ url: `${host.origin}/dist/kyc-widget.js`, type: 'module' });
    await page.waitForFunction(() => customElements.get('kyc-widget'));
    const left = await leftoversAfterCycles(page, provider, loaders[provider], CYCLES);
    await page.close();
    const ratios = widget.map((w, i) => w / direct[i]);
    results[provider] = {
      widgetReadyMs: summary(widget),
      vendorStartMs: summary(vendorStart),
      directReadyMs: summary(direct),
      ratioMedian: summary(ratios).median,
      leftAfterCycles: { cycles: CYCLES, ...left },
    };
  }
  const chunk = readdirSync(path.join(ROOT, 'dist', 'chunks')).find((name) => /^sdk-[\w-]+\.js$/.test(name));
  results.sdkChunkGzip = chunk
    ? gzipSync(readFileSync(path.join(ROOT, 'dist', 'chunks', chunk)), { level: 9 }).length
    : null;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser.close();
  await host.close();
  await sandbox.close();
}

console.log(
  `SDK-hosted providers, ${RUNS} rounds on loopback${LATENCY ? ` + ${LATENCY} ms per request` : ''}, ${CYCLES} cancel cycles`,
);
for (const provider of PROVIDERS) {
  const r = results[provider];
  if (!r) continue;
  console.log(
    `  ${provider.padEnd(7)} ready: widget ${r.widgetReadyMs.median.toFixed(1)} ms, direct ${r.directReadyMs.median.toFixed(1)} ms,` +
      ` ratio ${r.ratioMedian.toFixed(2)}; the vendor's script asked for at ${r.vendorStartMs.median.toFixed(1)} ms;` +
      ` left after ${CYCLES} cancels: ${JSON.stringify(r.leftAfterCycles)}`,
  );
}
if (results.sdkChunkGzip !== undefined) console.log(`  sdk chunk: ${results.sdkChunkGzip} bytes gzip -9`);
process.exit(failed ? 1 : 0);
