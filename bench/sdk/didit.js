// Didit's own web SDK (npm `@didit-protocol/sdk-web`) in a host page, embedded, on the catalog's session URL.
// Ready = its onEvent callback with `didit:ready` (the frame's ready message, the one kyc-ready maps).
import { DiditSdk } from '@didit-protocol/sdk-web';
import { bench, report, reportReady } from './host.js';

const sdk = DiditSdk.shared;
sdk.onEvent = (event) => {
  if (event.type === 'didit:ready') reportReady();
  else if (event.type === 'didit:error') report('error', JSON.stringify(event.data ?? {}));
};
void sdk.startVerification({
  url: bench.url,
  configuration: { embedded: true, embeddedContainerId: 'didit-root' },
});
