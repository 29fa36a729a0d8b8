import type { ProviderProtocol } from './types';

/**
 * Every provider the widget speaks. Their frame facts and URL builders are in the boot chunk
 * (boot/frames.ts): a frame is requested without waiting for any download. Their checks of the host's
 * inputs (frames.ts) and their protocols (decoders and replies, protocols.ts) are in the runtime chunk,
 * fetched while the frame loads; the bridge holds early messages.
 * Adding a provider: its folder (frame.ts, protocol.ts), one entry in boot/frames.ts, one line in
 * frames.ts and one in protocols.ts.
 */
export { isProviderId, type ProviderId } from './facts';
import { FACTS, type ProviderId } from './facts';

export const PROVIDER_IDS = Object.keys(FACTS) as ProviderId[];

let protocols: Readonly<Record<ProviderId, ProviderProtocol>> | undefined;
let pending: Promise<Readonly<Record<ProviderId, ProviderProtocol>>> | undefined;

/** The runtime chunk brings the protocols with it: from then on they are here synchronously. */
export function setProtocols(all: Readonly<Record<ProviderId, ProviderProtocol>>): void {
  protocols = all;
}

/** The provider's protocol if its chunk is already here (always, once the runtime is). */
export function protocolNow(id: ProviderId): ProviderProtocol | undefined {
  return protocols?.[id];
}

/** The protocols come with the runtime chunk (runtime.ts sets them): fetches it once; a failed fetch may be tried again. */
export function loadProtocol(id: ProviderId): Promise<ProviderProtocol> {
  pending ??= import('../runtime/runtime').then(
    () => protocols!,
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending.then((all) => all[id]);
}
