// A minimal generic-protocol frame for the latency bench (served from a third origin): says ready,
// answers clock pings, and on "go" posts `count` progress messages `interval` ms apart, recording
// each send time, then posts the send times to the host page ({bench: "go:done", sent}).
const parentOrigin = location.ancestorOrigins?.[0] ?? new URL(document.referrer).origin;
const now = () => performance.timeOrigin + performance.now();
const post = (message) => parent.postMessage(message, parentOrigin);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(count, interval) {
  const sent = [];
  for (let i = 0; i < count; i++) {
    await sleep(interval);
    sent[i] = now();
    post({ kyc: 1, type: 'progress', step: `step-${i}`, index: i, total: count });
  }
  await sleep(50);
  post({ bench: 'go:done', sent, crossOriginIsolated: self.crossOriginIsolated });
}

addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== parentOrigin) return;
  const data = event.data;
  if (data?.bench === 'ping') post({ bench: 'pong', t1: now() });
  else if (data?.bench === 'go') run(data.count, data.interval);
});

post({ kyc: 1, type: 'ready' });
