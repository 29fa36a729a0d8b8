import talk from './talk';
import type { Outcome, ProviderProtocol, Signal } from '../../protocols/types';
import { asRecord, complete, foldKeys, safely, saidOnLoad, upper } from '../../protocols/wire';

/**
 * iDenfy's frame says nothing until the session ends, so the iframe's first `load` is the ready signal;
 * the one message it sends, `{status, manualStatus, …}`, comes as an object or a JSON string, with keys
 * and values in any letter case.
 */
const idenfyProtocol: ProviderProtocol = {
  createSession(port) {
    return {
      onLoad: saidOnLoad(talk.hear!({ context: port.context, url: port.frameUrl })),

      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (!data) return [];
          const fields = foldKeys(data);
          const status = upper(fields.get('status'));
          const manual = upper(fields.get('manualstatus'));
          // iDenfy KYB posts {status: "success" | "failed"}: the company's form was submitted (the decision comes
          // later), or refused (FAILED, as below).
          if (status === 'SUCCESS') return [{ type: 'submit' }, complete('pending')];
          if (status === 'UNVERIFIED') return [{ type: 'cancel' }];
          if (status !== 'APPROVED' && status !== 'FAILED') return [];
          // The person finished the flow: that is a submission, then an outcome.
          return [{ type: 'submit' }, complete(outcomeOf(status, manual))];
        }),
    };
  },
};

/** A pending manual review wins; a finished manual review is the decision; else the automatic status. */
function outcomeOf(status: 'APPROVED' | 'FAILED', manual: string | undefined): Outcome {
  if (manual === 'WAITING') return 'pending';
  if (manual === 'APPROVED') return 'approved';
  if (manual === 'FAILED') return 'declined';
  return status === 'APPROVED' ? 'approved' : 'declined';
}

export default idenfyProtocol;
