// Veriff's own InContext SDK (npm `@veriff/incontext-sdk`) in a host page, on the same sandbox session URL
// as the widget's Veriff mode (the frame's script sends VERIFF_STARTED right after the render).
// The SDK has no ready callback: it answers VERIFF_HANDSHAKE with VERIFF_RENDER without telling the host,
// and the first thing it surfaces is onEvent("STARTED"). Ready = that callback; the runner compares it
// with the widget's kyc-start (the same VERIFF_STARTED message). The handshake reaching this page (the
// moment the widget says kyc-ready) is reported as "handshake" for information, from a listener of the
// page's own, registered after the SDK's so that it runs after the SDK has answered.
import { createVeriffFrame } from '@veriff/incontext-sdk';
import { bench, report, reportReady } from './host.js';

const origin = new URL(bench.url).origin;
createVeriffFrame({
  url: bench.url,
  lang: bench.lang,
  embedded: true,
  embeddedOptions: { rootElementID: 'veriff-root' },
  onEvent: (event) => {
    if (event === 'STARTED') reportReady();
  },
  onReload: () => {}, // a host that can reload the frame (the sandbox requires isReloadHandled)
});
addEventListener('message', function onMessage(event) {
  if (event.origin !== origin || event.data !== 'VERIFF_HANDSHAKE') return;
  removeEventListener('message', onMessage);
  report('handshake');
});
