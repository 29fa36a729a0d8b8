// Loaded beside both bundles (classic IIFE and ES module) to prove that defining twice is harmless.
const seen = [];
for (const type of ['kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete']) {
  document.addEventListener(type, (event) => {
    seen.push({ type, detail: event.detail });
    document.documentElement.dataset.events = JSON.stringify(seen);
  });
}
