// What each SDK host page shares: its settings, which an inline script of the page put in
// window.__benchSdk before this bundle runs (so the Sumsub token is in script, never in an attribute), and
// the reports ready.js's runner listens for: "bench:ready <ms>" at the SDK's ready callback, other marks
// ("bench:handshake <ms>") for information, "bench:error <detail>" when the SDK reports a failure.
export const bench = window.__benchSdk ?? {};
export const report = (what, value = performance.now()) => {
  performance.mark(`bench:${what}`); // placed in the work section's trace (work.mjs), as ready.js does
  console.debug(`bench:${what} ${value}`);
};
export const reportReady = () => report('ready');
