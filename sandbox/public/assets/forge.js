// /forge?send=<message>&as=object|json|string&repeat=N&delay=ms[&to=parent|top]
// On load, posts `send` to window.parent (or window.top) with targetOrigin "*", `repeat` times
// (default 1), waiting `delay` ms before each post (default 0).
//   as=object (default): `send` parsed as JSON and posted as that value (the raw string if it is not JSON)
//   as=json:            `send` posted as the string it is (meant to be JSON text)
//   as=string:          `send` posted as the raw string
const params = new URLSearchParams(location.search);
const send = params.get('send') ?? '';
const as = params.get('as') ?? 'object';
const repeat = Math.min(1000, Math.max(0, Number.parseInt(params.get('repeat') ?? '1', 10) || 0));
const delay = Math.max(0, Number(params.get('delay')) || 0);
const target = params.get('to') === 'top' ? window.top : window.parent;
const status = document.getElementById('forge-status');

function payload() {
  if (as !== 'object') return send;
  try {
    return JSON.parse(send);
  } catch {
    return send;
  }
}

async function run() {
  for (let i = 1; i <= repeat; i++) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (target !== window) target.postMessage(payload(), '*');
    status.textContent = `Posted ${i} of ${repeat} (${as}).`;
  }
  if (repeat === 0) status.textContent = 'Nothing to post (repeat=0).';
  document.documentElement.dataset.forgeDone = 'true';
}

if (document.readyState === 'complete') run();
else addEventListener('load', run, { once: true });

// /forge?relay=1: a forger on call. It tells its parent it is there ({forgeReady: true}), then posts
// every message of each order it receives ({forge: [...], as: 'object'|'string'}) to its parent with
// targetOrigin "*", and then {forgeDone: n}: postMessage keeps order, so once forgeDone has arrived,
// every forged message before it has too. Used by the forged-message suite, from a second frame on the
// provider's origin, a third origin, and the widget's own frame after it navigated here.
if (params.get('relay') === '1') {
  addEventListener('message', (event) => {
    const order = event.data;
    if (!order || !Array.isArray(order.forge)) return;
    for (const message of order.forge) window.parent.postMessage(message, '*');
    window.parent.postMessage({ forgeDone: order.forge.length, id: order.id }, '*');
    status.textContent = `Relayed ${order.forge.length} messages.`;
  });
  window.parent.postMessage({ forgeReady: true, href: location.href }, '*');
}
