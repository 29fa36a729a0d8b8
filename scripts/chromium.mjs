// The one browser the tests, the bench and the demo scripts drive: Debian's Chromium (never a downloaded
// one; this machine and CI have no route to browser downloads), with the flags a closed network needs.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
