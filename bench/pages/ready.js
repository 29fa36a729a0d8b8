// Ready-time listener (classic script, the first thing on every ready page). performance.now() is
// relative to the navigation's time origin. The figure reaches the runner through a console message,
// so nothing polls the page while it loads. Every page also records long tasks (≥ 50 ms) from the start.
//   data-mode="widget"    the kyc-ready DOM event
//   data-mode="baseline"  a bare iframe: the provider's own ready message from data-frame-origin, or the
//                         iframe's load event for providers that send none (data-ready="load")
//   data-mode="sdk"       the provider SDK's host script reports by itself (bench/sdk/host.js)
(() => {
  const script = document.currentScript;
  const report = (what, value) => console.debug(`bench:${what} ${value}`);
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__benchLongTasks = null; // no Long Tasks API: reported as not measured
  }
  const mode = script.dataset.mode;
  if (mode === 'widget') {
    document.addEventListener('kyc-ready', () => report('ready', performance.now()), { once: true });
    document.addEventListener('kyc-error', (event) => report('error', JSON.stringify(event.detail)), { once: true });
  } else if (mode === 'baseline') {
    const origin = script.dataset.frameOrigin;
    const ready = script.dataset.ready ?? 'generic';
    if (ready === 'load') {
      // Load events do not bubble: a capturing listener on the document sees the iframe's.
      const onLoad = (event) => {
        if (event.target?.tagName !== 'IFRAME') return;
        report('ready', performance.now());
        document.removeEventListener('load', onLoad, true);
      };
      document.addEventListener('load', onLoad, true);
      return;
    }
    // Each provider's first "the person can start" message, as its frame sends it (docs/providers/*.md).
    const READY = {
      generic: (text) => /"kyc":1/.test(text) && /"type":"ready"/.test(text),
      persona: (text) => /"name":"ready"/.test(text),
      sumsub: (text) => /idCheck\.onReady/.test(text),
      veriff: (text) => text.includes('VERIFF_HANDSHAKE'),
      jumio: (text) => /"value":"loaded"/i.test(text),
      didit: (text) => text.includes('didit:ready'),
    };
    const test = READY[ready] ?? READY.generic;
    const onMessage = (event) => {
      if (event.origin !== origin) return;
      const text = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      if (!text || !test(text)) return;
      report('ready', performance.now());
      removeEventListener('message', onMessage);
    };
    addEventListener('message', onMessage);
  }
})();
