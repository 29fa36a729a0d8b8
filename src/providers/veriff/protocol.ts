import talk, { veriffName } from './talk';
import type { ProviderProtocol, Signal } from '../../protocols/types';
import { complete, safely } from '../../protocols/wire';

/**
 * Veriff's frame sends bare strings (`VERIFF_STARTED`); the widget also accepts them JSON-quoted, in any
 * letter case, or as `{name|type|event: "VERIFF_…"}`. The host answers the handshake with `VERIFF_RENDER`.
 */

const veriffProtocol: ProviderProtocol = {
  createSession(port) {
    const frame = { context: port.context, url: port.frameUrl };
    const hear = talk.hear!(frame);
    return {
      receive: (message, answered) =>
        safely((): Signal[] => {
          // The handshake (ready) and VERIFF_STARTED (providers/veriff/frame.ts), as the stand-in reads them.
          const said = hear(message)?.said;
          if (said) {
            // The answer to the handshake, unless the stand-in gave it before the runtime was here.
            if (said === 'ready' && !answered) port.post(talk.reply!(message, frame, undefined));
            return [{ type: said }];
          }
          switch (veriffName(message)) {
            case 'VERIFF_SUBMITTED':
              return [{ type: 'submit' }];
            case 'VERIFF_FINISHED':
              // The frame says the person is done, never what was decided.
              return [complete('pending')];
            case 'VERIFF_CANCELED':
            case 'VERIFF_CANCELLED':
              return [{ type: 'cancel' }];
            case 'VERIFF_RELOAD_REQUEST':
              // The camera permission must be asked again: a fresh frame does that. Not an error.
              return [{ type: 'reload' }];
            case 'VERIFF_FORCE_RELOAD':
              return [{ type: 'reload' }];
            default:
              return [];
          }
        }),
    };
  },
};

export default veriffProtocol;
