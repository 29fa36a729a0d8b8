// What each SDK host page shares: its settings, which an inline script of the page put in
// window.__benchSdk before this bundle runs (so the Sumsub token is in script, never in an attribute) or,
// with `endpoint`, fetched from the host's backend first; and the reports the runner listens for:
// "bench:ready <ms>" at the SDK's ready callback, other marks ("bench:handshake <ms>") for information,
// "bench:error <detail>" when the SDK reports a failure.
const page = window.__benchSdk ?? {};
// The session-endpoint shape: the host's own code asks its backend for the session first (as each SDK's
// docs show: create the session server-side, then init the SDK with its token or URL), then inits the SDK.
export const bench = page.endpoint
  ? await fetch(page.endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
      (response) => response.json(),
    )
  : page;
export const report = (what, value = performance.now()) => {
  performance.mark(`bench:${what}`); // placed in the work section's trace (work.mjs), as ready.js does
  // From a task of its own: with DevTools attached a console line costs milliseconds at 4x (bench/phone.mjs, MARK).
  setTimeout(() => console.debug(`bench:${what} ${value}`), 0);
};
export const reportReady = () => report('ready');
