import { asRecord } from '../../../src/frame/decode';
import type { Hear, ProviderTalk } from '../../../src/providers/types';

/** Acme's ready and start, as the stand-in and the protocol hear them. */
const said: Hear = (message) => {
  const type = message && asRecord(message)?.acme;
  return type === 'ready' ? { said: 'ready' } : type === 'started' ? { said: 'start' } : undefined;
};

/** What Acme's frame says: its `hello` waits for `welcome`; fetched with the frame bridge when the frame is requested. */
const talk: ProviderTalk = {
  hear: () => said,
  reply: (message) => (asRecord(message)?.acme === 'hello' ? { acme: 'welcome' } : undefined),
};

export default talk;
