// Connect/disconnect cycles for the leak bench. Every cycle appends a <kyc-widget> with a session,
// checks that it created its iframe, and removes it; every other cycle first waits for kyc-ready
// (frame loaded, listener live, UI chunk mounting), the others remove it while it is still loading.
(() => {
  const sessionUrl = document.currentScript.dataset.sessionUrl;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  window.__cycles = async (count, { readyEvery = 2, timeout = 5000 } = {}) => {
    await customElements.whenDefined('kyc-widget');
    const stage = document.getElementById('stage');
    const result = { cycles: 0, noIframe: 0, readyWaits: 0, readyTimeouts: 0, errors: 0 };
    for (let i = 0; i < count; i++) {
      const el = document.createElement('kyc-widget');
      el.setAttribute('session-url', sessionUrl);
      let onReady;
      const ready = new Promise((resolve) => (onReady = resolve));
      const onError = () => result.errors++;
      el.addEventListener('kyc-ready', onReady);
      el.addEventListener('kyc-error', onError);
      stage.append(el);
      await null; // the controller may configure in a microtask
      if (!el.shadowRoot || !el.shadowRoot.querySelector('iframe')) result.noIframe++;
      if (i % readyEvery === 0) {
        result.readyWaits++;
        const timedOut = await Promise.race([ready.then(() => false), sleep(timeout).then(() => true)]);
        if (timedOut) result.readyTimeouts++;
        await sleep(0);
      }
      el.remove();
      el.removeEventListener('kyc-ready', onReady);
      el.removeEventListener('kyc-error', onError);
      result.cycles++;
    }
    await sleep(100);
    return result;
  };
})();
