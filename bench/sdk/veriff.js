// Veriff's own InContext SDK (npm `@veriff/incontext-sdk`) in a host page, on the sandbox's session page.
// The SDK has no ready callback: ready = its frame's VERIFF_HANDSHAKE reaching the host page (the SDK
// answers it with VERIFF_RENDER in the same task), as for the widget.
import { createVeriffFrame } from '@veriff/incontext-sdk';
import { bench, reportReady } from './host.js';

const origin = new URL(bench.sandbox).origin;
addEventListener('message', function onMessage(event) {
  if (event.origin !== origin || event.data !== 'VERIFF_HANDSHAKE') return;
  removeEventListener('message', onMessage);
  reportReady();
});
createVeriffFrame({ url: `${bench.sandbox}/veriff/v/sbx_bench_session`, embedded: false, onEvent: () => {} });
