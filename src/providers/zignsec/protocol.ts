import talk from './talk';
import type { Outcome, ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  field,
  idOf,
  providerError,
  safely,
  saidOnLoad,
  sessionExpired,
  upper,
  withSession,
} from '../../protocols/wire';

/**
 * ZignSec Scanning's frame posts one message when the flow ends, with success or an error:
 * `{product: "SCANNING", payload: {sessionId, sessionStatus, relayState, errorCode, errorDetails}}`.
 * It sends no "ready": the iframe's first load is. Only `Accepted`, `OperatorRequired` and `LINK_EXPIRED`
 * are documented; other values are read by their plain meaning (docs/providers/zignsec.md).
 */
const zignsecProtocol: ProviderProtocol = {
  createSession(port) {
    const { frameUrl } = port;
    // The scanning URL names its session (…/ui/scanning-dp50/<sessionId>): that binds the attempt from the start.
    let sessionId: string | undefined = sessionInUrl(frameUrl);
    return {
      onLoad: saidOnLoad(talk.hear!({ context: port.context, url: port.frameUrl })),

      receive: (message) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          if (upper(data?.product) !== 'SCANNING') return [];
          const payload = field(data, 'payload');
          const id = idOf(payload.sessionId);
          // The URL's (else the first message's) session id binds the attempt: another session's is not this flow's.
          if (id && sessionId && id !== sessionId) return [];
          sessionId ??= id;
          const errorCode = codeOf(payload.errorCode);
          if (errorCode) return [errorOf(errorCode.toUpperCase())];
          const outcome = outcomeOf(upper(payload.sessionStatus));
          return outcome ? [withSession('submit', sessionId), complete(outcome, sessionId)] : [];
        }),
    };
  },
};

/** The session id in a scanning URL's path (`/ui/scanning-<kind>/<sessionId>`), if it has that shape. */
function sessionInUrl(url: URL): string | undefined {
  const match = /\/scanning-[^/]+\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return undefined;
  try {
    return idOf(decodeURIComponent(match[1]));
  } catch {
    return undefined; // a malformed escape: no id from the URL, the first message binds
  }
}

function errorOf(code: string): Signal {
  if (code === 'LINK_EXPIRED' || code.includes('EXPIRED'))
    return sessionExpired('The ZignSec link is already used or expired', code);
  if (code === 'USER_CANCEL' || code.includes('CANCEL')) return { type: 'cancel' };
  return providerError(`ZignSec reported an error (${code})`, code);
}

function outcomeOf(status: string | undefined): Outcome | undefined {
  switch (status) {
    case 'ACCEPTED':
    case 'APPROVED':
      return 'approved';
    case 'REJECTED':
    case 'DECLINED':
    case 'FAILED':
      return 'declined';
    case undefined:
      return undefined;
    default:
      // OperatorRequired (a manual review) and any other end state: the decision comes later.
      return 'pending';
  }
}

export default zignsecProtocol;
