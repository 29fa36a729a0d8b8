import { readyOnFirstLoad } from '../first-load';
import type { ProviderTalk } from '../types';

/**
 * What ZignSec's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // It sends no ready message: its first load is ready.
  hear: readyOnFirstLoad,
};

export default talk;
