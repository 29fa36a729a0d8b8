import { asRecord, field, idOf, str } from '../../frame/decode';
import type { ProviderTalk } from '../types';

/** The session id a Didit message's `data` names (`sessionId`, or `session_id`). */
const diditSession = (data: Record<string, unknown> = {}): string | undefined =>
  idOf(data.sessionId) ?? idOf(data.session_id);

/**
 * What Didit's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // `didit:ready` and `didit:started`; every `didit:` message may name the session, which is the last one named.
  hear() {
    let sessionId: string | undefined;
    return (message) => {
      const envelope = message && asRecord(message);
      const type = str(envelope?.type, 100)?.toLowerCase();
      if (!type?.startsWith('didit:')) return undefined;
      sessionId = diditSession(field(envelope!, 'data')) ?? sessionId;
      return { said: type === 'didit:ready' ? 'ready' : type === 'didit:started' ? 'start' : undefined, sessionId };
    };
  },
};

export default talk;
