import { asRecord, field, idOf, str } from '../../frame/decode';
import { leaker } from '../../frame/secrets';
import type { ProviderTalk } from '../types';

/**
 * What Persona's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // As Persona's SDK reads its messages: one that names a container must name this attempt's (the URL's, else the
  // first one named), one that names none (or "") is this frame's; the inquiry is the last one named. `ready` and
  // `start` are the ready and the start; the inquiry id is no id where it carries the message's resume token.
  hear({ url }) {
    let container = url.searchParams.get('container-id') || undefined;
    let inquiry: string | undefined;
    return (message) => {
      const data = message && asRecord(message);
      const name = str(data?.name, 100)?.toLowerCase();
      const named = data?.containerId;
      if (!name) return undefined;
      if (named != null && named !== '') {
        const from = str(named, 200);
        if (from === undefined || (container ??= from) !== from) return undefined;
      }
      const metadata = field(data!, 'metadata');
      inquiry = idOf(metadata.inquiryId) ?? inquiry;
      return {
        said: name === 'ready' || name === 'start' ? name : undefined,
        sessionId: leaker([metadata.sessionToken])(inquiry) ? undefined : inquiry,
      };
    };
  },
};

export default talk;
