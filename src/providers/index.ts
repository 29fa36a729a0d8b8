/**
 * Every provider the widget speaks, by id. Each one's frame facts and URL builder are `providers/<id>.ts` (in the
 * first chunk: the frame is requested without waiting for any download); its protocol, `protocols/<id>.ts`, comes
 * with the runtime, and the bridge holds the frame's early messages until it is here.
 */
export { isProviderId, type ProviderId } from './facts';
import { FACTS, type ProviderId } from './facts';

export const PROVIDER_IDS = Object.keys(FACTS) as ProviderId[];
