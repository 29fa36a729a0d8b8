// Host side of the message → event latency bench. Clock: performance.timeOrigin + performance.now()
// on both sides (Chromium derives both from the same monotonic clock; `pings` estimate any offset).
(() => {
  const frameOrigin = document.currentScript.dataset.frameOrigin;
  const now = () => performance.timeOrigin + performance.now();
  /** Receive times by message index: raw = this page's own window listener (registered before the
   *  widget's), evt = the widget's kyc-progress event. */
  let raw = [];
  let evt = [];
  let waiting = null;

  addEventListener('message', (event) => {
    if (event.origin !== frameOrigin) return;
    const data = event.data;
    if (data && data.kyc === 1 && data.type === 'progress' && typeof data.index === 'number') {
      raw[data.index] = now();
    } else if (data && typeof data.bench === 'string' && waiting && waiting.reply === data.bench) {
      const { resolve } = waiting;
      waiting = null;
      resolve({ data, at: now() });
    }
  });
  document.addEventListener('kyc-progress', (event) => {
    const at = now();
    const index = event.detail.index;
    if (typeof index === 'number') evt[index] = at;
  });
  const ready = new Promise((resolve) => document.addEventListener('kyc-ready', resolve, { once: true }));

  window.__runLatency = async ({ count = 200, interval = 5, pings = 30, settle = 300 } = {}) => {
    await ready;
    await new Promise((resolve) => setTimeout(resolve, settle)); // let the UI chunk mount first
    const frame = document.querySelector('kyc-widget').shadowRoot.querySelector('iframe').contentWindow;
    const ask = (message, reply) =>
      new Promise((resolve) => {
        waiting = { reply, resolve };
        frame.postMessage(message, frameOrigin);
      });
    const syncs = [];
    for (let i = 0; i < pings; i++) {
      const t0 = now();
      const { data, at } = await ask({ bench: 'ping' }, 'pong');
      syncs.push({ t0, t1: data.t1, t2: at });
    }
    raw = [];
    evt = [];
    const { data } = await ask({ bench: 'go', count, interval }, 'go:done');
    return {
      sent: data.sent,
      raw,
      evt,
      syncs,
      state: document.querySelector('kyc-widget').state,
      crossOriginIsolated: { host: self.crossOriginIsolated, frame: data.crossOriginIsolated },
    };
  };
})();
