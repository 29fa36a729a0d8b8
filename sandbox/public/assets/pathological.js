// /pathological?send=cycle,dag,huge,...&repeat=N&then=ready|none
// A generic-protocol frame that, on load, posts to its parent `repeat` rounds (default 1) of each payload named
// in `send`, then (then=ready, the default) a plain `{kyc: 1, type: "ready"}`, then
// `{sandbox: "pathological-done", href, posted: {<name>: <count>}}`. A name it does not know posts nothing but
// `{sandbox: "script-failed", href, error}` (the browser tests' helpers fail the running test on it).
// Every payload is a generic `complete` (approved) with something attached that a structured clone keeps and
// JSON cannot hold, or that explodes when walked as a tree: a widget that accepted one would complete.
// postMessage keeps order, so once "pathological-done" has arrived every earlier payload has too.
const params = new URLSearchParams(location.search);
const names = (params.get('send') ?? '').split(',').filter(Boolean);
const repeat = Math.min(1000, Math.max(0, Number.parseInt(params.get('repeat') ?? '1', 10) || 0));
const status = document.getElementById('pathological-status');

const complete = (extra) => ({
  kyc: 1,
  type: 'complete',
  outcome: 'approved',
  sessionId: 'sbx_pathological',
  ...extra,
});

/** Each payload builder; a fresh value per post, as a real frame would build it. */
export const PAYLOADS = {
  // The control: a plain complete, which the widget takes.
  plain: () => complete({}),
  // A cycle: the message holds itself.
  cycle: () => {
    const message = complete({});
    message.self = message;
    return message;
  },
  // A cycle at the end of 70 KB of data: a walk that measures first pays for all of it.
  'cycle-late': () => {
    const message = complete({ pad: Array.from({ length: 1000 }, (_, i) => ({ i, text: 'x'.repeat(60) })) });
    message.pad.push(message);
    return message;
  },
  // A DAG bomb: 40 objects, each holding the next twice; walked as a tree, 2^40 leaves.
  dag: () => {
    let node = { leaf: 'x'.repeat(16) };
    for (let i = 0; i < 40; i++) node = { a: node, b: node };
    return complete({ node });
  },
  // 1 MB of text in one field.
  huge: () => complete({ pad: 'x'.repeat(1024 * 1024) }),
  // 50,000 keys (a budget of 10,000 values is the widget's).
  wide: () => {
    const wide = {};
    for (let i = 0; i < 50_000; i++) wide[`k${i}`] = i;
    return complete({ wide });
  },
  // A sparse array of length 2^32 - 1 (JSON writes every hole as null) and a long dense one.
  sparse: () => {
    const sparse = [];
    sparse[2 ** 32 - 2] = 1;
    return complete({ sparse });
  },
  long: () => complete({ long: new Array(200_000).fill(0) }),
  // Exotic values a structured clone keeps: a large typed array, a Map, a Set, a Date, a BigInt.
  exotic: () =>
    complete({
      typed: new Float64Array(1_000_000),
      map: new Map([[1, { a: 1 }]]),
      set: new Set([1, 2]),
      date: new Date(0),
      big: 10n ** 30n,
    }),
  // 3000 levels deep.
  deep: () => {
    let node = {};
    for (let i = 0; i < 3000; i++) node = { next: node };
    return complete({ node });
  },
};

function run() {
  const target = window.parent;
  if (target === window) return;
  // A name this page does not know posts nothing at all: a typo must fail the test, not shorten its payloads.
  const unknown = names.filter((name) => !Object.hasOwn(PAYLOADS, name));
  if (unknown.length) {
    const error = `unknown payload ${unknown.map((name) => JSON.stringify(name)).join(', ')} (known: ${Object.keys(PAYLOADS).join(', ')})`;
    console.error('[sandbox] pathological:', error);
    target.postMessage({ sandbox: 'script-failed', href: location.href, error }, '*');
    status.textContent = error;
    return;
  }
  const posted = Object.fromEntries(names.map((name) => [name, 0]));
  for (let round = 0; round < repeat; round++) {
    for (const name of names) {
      target.postMessage(PAYLOADS[name](), '*');
      posted[name]++;
    }
  }
  if (params.get('then') !== 'none') target.postMessage({ kyc: 1, type: 'ready' }, '*');
  target.postMessage({ sandbox: 'pathological-done', href: location.href, posted }, '*');
  status.textContent = `Posted ${names.map((name) => `${posted[name]} ${name}`).join(', ') || 'nothing'}.`;
}

if (document.readyState === 'complete') run();
else addEventListener('load', run, { once: true });
