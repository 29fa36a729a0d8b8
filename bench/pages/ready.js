// Ready-time listener (classic script, the first thing on every ready page). performance.now() is
// relative to the navigation's time origin. The figure reaches the runner through a console message,
// so nothing polls the page while it loads. Every page also records long tasks (≥ 50 ms) from the start.
//   data-mode="widget"    the kyc-ready DOM event ("ready"), and kyc-start ("start", compared with
//                         Veriff's SDK, whose first callback is STARTED)
//   data-mode="baseline"  a bare iframe: the provider's own ready message from data-frame-origin, or the
//                         iframe's load event for providers that send none (data-ready="load"). Sumsub's
//                         frame says idCheck.onInitialized only after the host's idCheck.init: this host
//                         answers idCheck.onReady ("handshake") with the init the WebSDK sends and takes
//                         onInitialized as ready, as the widget and the WebSDK do.
//   data-mode="sdk"       the provider SDK's host script reports by itself (bench/sdk/host.js)
// Other reports: "bench:<mark> <ms>" for the marks above, "bench:error <detail>" when the page cannot get there.
(() => {
  const script = document.currentScript;
  // Also a user timing mark, at the same moment: the trace of the work section (work.mjs) places it.
  const report = (what, value) => {
    performance.mark(`bench:${what}`);
    console.debug(`bench:${what} ${value}`);
  };
  window.__benchLongTasks = [];
  const keep = (entries) => {
    for (const entry of entries) window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
  };
  try {
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
    // The runner reads the list after ready: entries not yet delivered to the callback are taken here.
    window.__benchLongTasksFlush = () => keep(observer.takeRecords());
  } catch {
    window.__benchLongTasks = null; // no Long Tasks API: reported as not measured
  }
  const mode = script.dataset.mode;
  if (mode === 'widget') {
    document.addEventListener('kyc-ready', () => report('ready', performance.now()), { once: true });
    document.addEventListener('kyc-start', () => report('start', performance.now()), { once: true });
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
      sumsub: (text) => /"method":"idCheck\.onInitialized"/.test(text),
      veriff: (text) => text.includes('VERIFF_HANDSHAKE'),
      jumio: (text) => /"value":"loaded"/i.test(text),
      didit: (text) => text.includes('didit:ready'),
    };
    const test = READY[ready] ?? READY.generic;
    // Sumsub's handshake, as @sumsub/websdk 2.9 answers it (the token comes from data-token-from: a global an
    // inline script of the page set, never an attribute).
    const token = script.dataset.tokenFrom ? window[script.dataset.tokenFrom] : undefined;
    const answer = (event, text) => {
      if (ready !== 'sumsub' || !/"method":"idCheck\.onReady"/.test(text)) return;
      report('handshake', performance.now());
      const options = { adaptIframeHeight: true, enableScrollIntoView: true };
      event.source?.postMessage(
        {
          method: 'idCheck.init',
          accessToken: token,
          lang: 'en',
          packageVersion: 'bench',
          origin: location.origin,
          options,
        },
        origin,
      );
    };
    const onMessage = (event) => {
      if (event.origin !== origin) return;
      const text = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
      if (!text) return;
      answer(event, text);
      if (!test(text)) return;
      report('ready', performance.now());
      removeEventListener('message', onMessage);
    };
    addEventListener('message', onMessage);
  }
})();
