#!/usr/bin/env node
// The decision's delivery as a host sees it: from the provider's webhook leaving for the host's backend until
// `kyc-decision` fires on the widget in the page, in Debian's Chromium, over loopback, on the real PostgreSQL
// (postgresStore in a schema of its own, dropped after). The page's origin is a small host server that serves the
// built widget and passes `/session`, `/webhook/<provider>` and `/decision` on to backend instances (child
// processes, as in bench/decision-delivery.mjs), the way a host's reverse proxy would; the provider's frame (the
// sandbox's scripted generic frame) is on a second origin.
//
// Each run loads a fresh page for a new user, lets the frame finish (kyc-complete, state `complete`, the decision
// stream open), then the page itself sends the signed webhook, so that both ends are read on one clock (the page's
// performance.now()). One instance: webhook and stream on A. Two: webhook to A, the stream on B (LISTEN/NOTIFY).
//
//   node bench/decision-in-page.mjs [--runs 100] [--dist DIR] [--screenshot FILE]   (build first: npm run build)
//   --screenshot: the widget after the first run's decision, as a PNG.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startSandbox } from '../sandbox/server.mjs';
import { buildWebhook } from '../sandbox/webhooks.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.mjs';
import { buildServerModule, startInstance } from '../test/server/support/instances.mjs';
import { PG_CONFIG } from '../test/server/support/pg-config.mjs';
import { quantile, round } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const runs = Number(option('--runs', 100));
const SCREENSHOT = option('--screenshot', null);
const DIST = path.resolve(option('--dist', path.join(ROOT, 'dist')));
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

/** The host's page: the widget on a scripted frame that finishes, asking the host's backend for the decision. */
const page = (frame) => `<!doctype html><meta charset="utf-8"><title>decision bench</title>
<script type="module" src="/dist/kyc-widget.js"></script>
<kyc-widget provider="generic" session-url="${frame}" decision-endpoint="/decision"></kyc-widget>
<script type="module">
  const el = document.querySelector('kyc-widget');
  window.bench = { decidedAt: null, decision: null };
  el.addEventListener('kyc-decision', (e) => {
    window.bench.decidedAt ??= performance.now();
    window.bench.decision ??= e.detail.decision;
  });
</script>`;

/** A host server: the page, the build, and its backend routes passed on to `backends()` → {sessions, webhooks, decisions}. */
async function startHost(backends, frameUrlFor) {
  /** user → resolves once the backend's decision stream for that user sent its first bytes through us. */
  const streaming = new Map();
  const streamOf = (user) => {
    if (!streaming.has(user)) {
      let open;
      streaming.set(user, { opened: new Promise((resolve) => (open = resolve)), open: () => open() });
    }
    return streaming.get(user);
  };
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://host.invalid');
      const user = /(?:^|;\s*)user=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
      if (url.pathname === '/') {
        const who = url.searchParams.get('user');
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          'Set-Cookie': `user=${who}; Path=/; SameSite=Lax`,
        });
        return res.end(page(frameUrlFor(who)));
      }
      if (url.pathname.startsWith('/dist/')) {
        const file = path.resolve(DIST, url.pathname.slice('/dist/'.length));
        if (!file.startsWith(DIST + path.sep)) return res.writeHead(404).end();
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end(await readFile(file));
      }
      const target = url.pathname.startsWith('/webhook/')
        ? backends().webhooks
        : url.pathname === '/decision'
          ? backends().decisions
          : url.pathname === '/session'
            ? backends().sessions
            : null;
      if (!target) return res.writeHead(404).end();
      if (process.env.BENCH_DEBUG)
        console.log(req.method, url.pathname, req.headers.accept, user, performance.now().toFixed(1));
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = { ...req.headers, ...(user && { 'x-test-user': user }) };
      delete headers.host;
      delete headers.connection;
      delete headers['content-length'];
      const answer = await fetch(`${target}${url.pathname}${url.search}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (!answer.body) return res.end();
      const body = Readable.fromWeb(answer.body);
      if (url.pathname === '/decision' && user && /text\/event-stream/.test(req.headers.accept ?? ''))
        body.once('data', () => streamOf(user).open());
      res.on('close', () => body.destroy());
      body.pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    streamOpened: (user) => streamOf(user).opened,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function measure(browser, host, label, route) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const user = `bench-${label}-${i}-${randomBytes(3).toString('hex')}`;
    route.current = route[label];
    const context = await browser.newContext();
    const tab = await context.newPage();
    try {
      await tab.goto(`${host.origin}/?user=${user}`);
      // The backend knows the session (bound to the user, as its session endpoint does when the widget asks).
      const session = await fetch(`${route.current.sessions}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'X-Test-User': user },
        body: JSON.stringify({ provider: 'generic', locale: 'en', refresh: false }),
      });
      if (!session.ok) throw new Error(`session: ${session.status}`);
      // Finished in the frame, and the widget's decision stream open at the backend.
      await tab.waitForFunction(() => document.querySelector('kyc-widget')?.state === 'complete');
      await host.streamOpened(user);
      const webhook = buildWebhook('generic', {
        sessionId: `inq_${user}`,
        referenceId: user,
        decision: 'approved',
        secret: SECRET,
      });
      const result = await tab.evaluate(
        async ({ headers, body }) => {
          const sent = performance.now();
          const answer = await fetch('/webhook/generic', { method: 'POST', headers, body });
          const until = performance.now() + 10_000;
          while (window.bench.decidedAt === null && performance.now() < until)
            await new Promise((resolve) => setTimeout(resolve, 5));
          return { status: answer.status, ms: window.bench.decidedAt - sent, decision: window.bench.decision };
        },
        { headers: webhook.headers, body: webhook.body },
      );
      if (result.status !== 200) throw new Error(`the webhook was refused: ${result.status}`);
      if (result.decision !== 'approved') throw new Error(`no kyc-decision in the page (${label}, run ${i})`);
      samples.push(result.ms);
      if (SCREENSHOT && i === 0 && label === 'one-instance') {
        await tab.waitForFunction(() =>
          document.querySelector('kyc-widget')?.shadowRoot?.querySelector('[data-outcome="approved"]'),
        );
        await tab.locator('kyc-widget').screenshot({ path: SCREENSHOT });
      }
    } finally {
      await context.close();
    }
  }
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    case: label,
    runs,
    medianMs: round(quantile(sorted, 0.5), 1),
    p95Ms: round(quantile(sorted, 0.95), 1),
    worstMs: round(sorted.at(-1), 1),
  };
}

const schema = `kyc_bench_${randomBytes(6).toString('hex')}`;
const pool = new pg.Pool(PG_CONFIG);
const built = await buildServerModule();
const closers = [];
try {
  const server = await import(built.module);
  await server.postgresStore({ pool, schema }).migrate();
  const [a, b] = await Promise.all([0, 1].map(() => startInstance({ module: built.module, schema, secret: SECRET })));
  closers.push(
    () => a.kill(),
    () => b.kill(),
  );
  const sandbox = await startSandbox();
  closers.push(() => sandbox.close());
  const route = {
    'one-instance': { sessions: a.origin, webhooks: a.origin, decisions: a.origin },
    'two-instances': { sessions: a.origin, webhooks: a.origin, decisions: b.origin },
  };
  const frameUrlFor = (user) =>
    `${sandbox.origin}/generic?${new URLSearchParams({ script: 'ready,start,submit,complete:pending', session: `inq_${user}` })}`;
  const host = await startHost(() => route.current, frameUrlFor);
  closers.push(() => host.close());
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  closers.push(() => browser.close());
  const results = [
    await measure(browser, host, 'one-instance', route),
    await measure(browser, host, 'two-instances', route),
  ];
  console.log('Webhook sent by the page → kyc-decision on the widget (ms), PostgreSQL store, loopback:');
  console.table(results);
} finally {
  for (const close of closers.reverse()) await close();
  built.remove();
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
}
