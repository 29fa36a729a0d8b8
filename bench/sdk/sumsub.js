// Sumsub's own WebSDK (npm `@sumsub/websdk`) in a host page, pointed at the sandbox's WebSDK frame.
// Ready = its idCheck.onInitialized message (after its idCheck.init handshake), as for the widget.
import snsWebSdk from '@sumsub/websdk';
import { bench, reportReady } from './host.js';

snsWebSdk
  .init(bench.token, () => Promise.resolve(bench.token))
  .withBaseUrl(bench.sandbox)
  .withConf({ lang: 'en' })
  .withOptions({ addViewportTag: false, adaptIframeHeight: true })
  .onMessage((type) => {
    if (type === 'idCheck.onInitialized') reportReady();
  })
  .build()
  .launch('#sumsub-websdk-container');
