// Sumsub's own WebSDK (npm `@sumsub/websdk`) in a host page, pointed at the sandbox's WebSDK frame.
// Ready = its idCheck.onInitialized message (after its idCheck.init handshake), the message kyc-ready
// maps; idCheck.onReady (the frame's first message, which the SDK answers with init) is reported as
// "handshake" for information.
import snsWebSdk from '@sumsub/websdk';
import { bench, report, reportReady } from './host.js';

snsWebSdk
  .init(bench.token, () => Promise.resolve(bench.token))
  .withBaseUrl(bench.sandbox)
  .withConf({ lang: 'en' })
  .withOptions({ addViewportTag: false, adaptIframeHeight: true })
  .onMessage((type, payload) => {
    if (type === 'idCheck.onReady') report('handshake');
    else if (type === 'idCheck.onInitialized') reportReady();
    else if (type === 'idCheck.onError') report('error', JSON.stringify(payload));
  })
  .build()
  .launch('#sumsub-websdk-container');
