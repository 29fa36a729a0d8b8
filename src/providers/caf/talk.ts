import { asRecord, upper } from '../../frame/decode';
import { readyOnFirstLoad } from '../first-load';
import type { ProviderTalk } from '../types';

/**
 * What CAF's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // CAF has no ready message: its first load is ready. Its first STEP_STARTED is the start (whether or not it names
  // the step, which only the step's kyc-progress needs).
  hear() {
    const load = readyOnFirstLoad();
    let started = false;
    return (message) => {
      if (!message) return load(null);
      if (started || upper(asRecord(message)?.code) !== 'STEP_STARTED') return undefined;
      started = true;
      return { said: 'start' };
    };
  },
};

export default talk;
