// Ready-time listener (classic script, runs before anything else on the page). performance.now() is
// relative to the navigation's time origin. The figure reaches the runner through a console message,
// so nothing polls the page while it loads.
(() => {
  const script = document.currentScript;
  const report = (what, value) => console.debug(`bench:${what} ${value}`);
  if (script.dataset.mode === 'widget') {
    document.addEventListener('kyc-ready', () => report('ready', performance.now()), { once: true });
    document.addEventListener('kyc-error', (event) => report('error', JSON.stringify(event.detail)), { once: true });
  } else {
    const origin = script.dataset.frameOrigin;
    const onMessage = (event) => {
      const data = event.data;
      if (event.origin !== origin || !data || typeof data !== 'object' || data.kyc !== 1 || data.type !== 'ready') return;
      report('ready', performance.now());
      removeEventListener('message', onMessage);
    };
    addEventListener('message', onMessage);
  }
})();
