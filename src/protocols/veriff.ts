import { veriff, veriffName } from '../providers/veriff';
import type { ProviderProtocol, Signal } from './types';
import { complete, safely } from './wire';

/**
 * Veriff's frame sends bare strings (`VERIFF_STARTED`); the widget also accepts them JSON-quoted, in any
 * letter case, or as `{name|type|event: "VERIFF_…"}`. The host answers the handshake with `VERIFF_RENDER`.
 */

export const veriffProtocol: ProviderProtocol = {
  createSession(port) {
    const frame = { context: port.context, url: port.frameUrl };
    return {
      receive: (message, answered) =>
        safely((): Signal[] => {
          if (veriff.ready!(message, frame)) {
            // The answer (providers/veriff.ts), unless the stand-in gave it before the runtime was here.
            if (!answered) port.post(veriff.reply!(message, frame, undefined));
            return [{ type: 'ready' }];
          }
          switch (veriffName(message)) {
            case 'VERIFF_STARTED':
              return [{ type: 'start' }];
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
