import talk, { genericInit, PROTOCOL_VERSION } from './talk';
import type { Outcome, ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  countOf,
  idOf,
  progress,
  resize,
  safely,
  str,
  stepOf,
  withSession,
} from '../../protocols/wire';

/**
 * `{"kyc": 1, "type": …}` objects, or the same as a JSON string (docs/protocol.md). The host answers
 * `ready` with `init` (locale, theme) and hands a refreshed token over with `token`.
 */
export { PROTOCOL_VERSION };

const OUTCOMES: readonly Outcome[] = ['approved', 'declined', 'pending'];

const genericProtocol: ProviderProtocol = {
  createSession(port) {
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });
    let ready = false;

    function route(type: unknown, data: Record<string, unknown>): Signal[] {
      const sessionId = idOf(data.sessionId);
      switch (type) {
        case 'progress': {
          const step = stepOf(data.step);
          return step ? [progress(step, countOf(data.index), countOf(data.total))] : [];
        }
        case 'submit':
          return [withSession('submit', sessionId)];
        case 'complete':
          return [complete(OUTCOMES.find((o) => o === data.outcome) ?? 'pending', sessionId)];
        case 'cancel':
          return [{ type: 'cancel' }];
        case 'error':
          return [errorOf(data)];
        case 'resize':
          return resize(data.height);
        case 'token-expired':
          return [{ type: 'token-expired' }];
        default:
          return [];
      }
    }

    return {
      receive: (message, answered = false) =>
        safely(() => {
          const data = asRecord(message);
          if (data?.kyc !== PROTOCOL_VERSION) return [];
          // ready and start (providers/generic/frame.ts), as the stand-in reads them before the runtime is here.
          const heard = hear(message);
          if (!heard) return route(data.type, data);
          if (heard.said === 'ready') {
            ready = true;
            // The answer, unless the stand-in gave it before the runtime was here.
            if (!answered) port.post(genericInit(port.context));
          }
          return [withSession(heard.said!, heard.sessionId)];
        }),
      tokenRefreshed(token) {
        if (token) port.post({ kyc: PROTOCOL_VERSION, type: 'token', token });
      },
      // `init` again: the protocol's frame applies locale and theme whenever it receives one (docs/protocol.md).
      settingsChanged({ locale, theme }) {
        if (ready) port.post(genericInit({ ...port.context, locale, theme }));
      },
    };
  },
};

function errorOf(data: Record<string, unknown>): Signal {
  const code = codeOf(data.code);
  const signal: Signal = {
    type: 'error',
    code: code === 'camera-unavailable' ? code : 'provider-error',
    message: str(data.message, 500) ?? 'The verification frame reported an error',
  };
  if (code) signal.providerCode = code;
  // Left out, the catalogue's default applies (README error codes: provider-error and camera-unavailable are recoverable).
  if (typeof data.recoverable === 'boolean') signal.recoverable = data.recoverable;
  return signal;
}

export default genericProtocol;
