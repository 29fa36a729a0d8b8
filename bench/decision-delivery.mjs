#!/usr/bin/env node
// The decision's delivery, server side: from a provider's webhook sent to a backend instance until the `decision`
// event reaches a client of the decision stream (Server-Sent Events), over loopback, on the real PostgreSQL
// (postgresStore, a schema of its own, dropped after). One instance (webhook and stream on A) and two (webhook to
// A, stream on B: through LISTEN/NOTIFY). Prints the median, p95 and worst of N runs per case.
//
//   node bench/decision-delivery.mjs [--runs 100]
//
// The widget's own figure (the event in the page) is measured in the browser bench.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildWebhook } from '../sandbox/webhooks.mjs';
import { buildServerModule, startInstance } from '../test/server/support/instances.mjs';
import { PG_CONFIG } from '../test/server/support/pg-config.mjs';
import { quantile, round } from './stats.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 100);
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const config = PG_CONFIG;

/** Resolves the time (performance.now()) the first `decision` event arrives; `ready` once the stream waits. */
async function streamFrom(url, user) {
  const response = await fetch(url, { headers: { Accept: 'text/event-stream', 'X-Test-User': user } });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let markReady;
  const ready = new Promise((resolve) => (markReady = resolve));
  const decided = (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended without a decision');
      buffer += value;
      if (buffer.includes('waiting for the decision')) markReady();
      if (/^event: decision$/m.test(buffer)) {
        const at = performance.now();
        void reader.cancel();
        return at;
      }
    }
  })();
  return { ready, decided };
}

async function measure(receiver, streamer, label) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const user = `bench-${label}-${i}`;
    await fetch(`${receiver.origin}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'X-Test-User': user },
      body: JSON.stringify({ provider: 'persona', locale: 'en', refresh: false }),
    });
    const stream = await streamFrom(`${streamer.origin}/decision?provider=persona`, user);
    await stream.ready;
    const webhook = buildWebhook('persona', {
      sessionId: `inq_bench${label}${i}`,
      referenceId: user,
      decision: 'approved',
      secret: SECRET,
    });
    const sent = performance.now();
    const answer = fetch(`${receiver.origin}/webhook/persona`, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });
    const at = await stream.decided;
    if ((await answer).status !== 200) throw new Error('the webhook was refused');
    samples.push(at - sent);
  }
  const sorted = [...samples].sort((x, y) => x - y);
  return {
    case: label,
    runs,
    medianMs: round(quantile(sorted, 0.5), 2),
    p95Ms: round(quantile(sorted, 0.95), 2),
    worstMs: round(sorted.at(-1), 2),
  };
}

const schema = `kyc_bench_${randomBytes(6).toString('hex')}`;
const pool = new pg.Pool(config);
const built = await buildServerModule();
const instances = [];
try {
  const server = await import(built.module);
  await server.postgresStore({ pool, schema }).migrate();
  const [a, b] = await Promise.all([0, 1].map(() => startInstance({ module: built.module, schema, secret: SECRET })));
  instances.push(a, b);
  const results = [await measure(a, a, 'one-instance'), await measure(a, b, 'two-instances')];
  console.table(results);
} finally {
  await Promise.all(instances.map((one) => one.kill()));
  built.remove();
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await pool.end();
}
