import { asRecord, idOf, num, obj, upper } from '../../frame/decode';
import { leaker } from '../../frame/secrets';
import type { ProviderTalk } from '../types';

/** The eventType of every message of Jumio's web client. */
export const JUMIO_EVENT = 510;

/** The workflow (or legacy transaction) a Jumio message names. */
export const jumioWorkflow = (data: Record<string, unknown>): string | undefined =>
  idOf(data.workflowExecutionId) ?? idOf(data.transactionReference);

/**
 * What Jumio's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // `LOADED` (eventType 510) is ready, naming its workflow unless the id carries the message's own token. The
  // workflow's binding is the protocol's (providers/jumio/protocol.ts).
  hear: () => (message) => {
    const data = message && asRecord(message);
    if (!data || num(data.eventType) !== JUMIO_EVENT || upper(obj(data.payload)?.value) !== 'LOADED') return undefined;
    const id = jumioWorkflow(data);
    return { said: 'ready', sessionId: leaker([data.authorizationToken])(id) ? undefined : id };
  },
};

export default talk;
