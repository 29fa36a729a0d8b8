import type { ProviderProtocol } from '../../../src/protocols/types';
import { asRecord, complete, safely, withSession } from '../../../src/protocols/wire';
import talk from './talk';

/** Acme's messages (frame.ts): its ready and start as the boot hears them, its `done` with the outcome. */
const acmeProtocol: ProviderProtocol = {
  createSession(port) {
    return {
      receive: (message, answered = false) =>
        safely(() => {
          const data = asRecord(message);
          if (data?.acme === 'hello' && !answered)
            port.post(talk.reply!(message, { context: port.context, url: port.frameUrl }, undefined));
          if (data?.acme === 'done') return [complete(data.outcome === 'approved' ? 'approved' : 'pending')];
          const heard = talk.hear!({ context: port.context, url: port.frameUrl })(message);
          return heard?.said ? [withSession(heard.said)] : [];
        }),
    };
  },
};

export default acmeProtocol;
