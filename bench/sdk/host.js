// What each SDK host page shares: its settings (from <meta name="bench">) and the ready report ready.js listens for.
const meta = document.querySelector('meta[name="bench"]');
export const bench = { sandbox: meta?.dataset.sandbox ?? '', token: meta?.dataset.token ?? '' };
export const reportReady = () => console.debug(`bench:ready ${performance.now()}`);
