import talk from './talk';
import type { Outcome, ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  field,
  progress,
  resize,
  safely,
  scrub,
  stepOf,
  str,
  warning,
  withSession,
} from '../../protocols/wire';

/** Didit's frame: objects or JSON strings `{type: "didit:<event>", data?: {…}}`. */

const PREFIX = 'didit:';
/**
 * Only an error that names the camera is a camera problem. "permission" alone is not enough: it
 * may be location, clipboard or notifications, and a false camera-unavailable would stop a flow
 * that can go on.
 */
const CAMERA_WORDS = /camera|webcam|getusermedia|videoinput|video[ _-]?(?:input|device)/i;

const diditProtocol: ProviderProtocol = {
  createSession(port) {
    // The frame's `didit:` messages, its ready and start, and the session named so far (providers/didit/frame.ts).
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });
    let sessionId: string | undefined;

    return {
      receive: (message) =>
        safely((): Signal[] => {
          const heard = hear(message);
          if (!heard) return [];
          sessionId = heard.sessionId;
          const envelope = asRecord(message)!;
          const signals = heard.said
            ? [withSession(heard.said, sessionId)]
            : route(str(envelope.type, 100)!.toLowerCase().slice(PREFIX.length), field(envelope, 'data'));
          return scrub(signals, port.context.sessionToken);
        }),
    };

    function route(event: string, data: Record<string, unknown>): Signal[] {
      switch (event) {
        case 'step_started':
        case 'step_changed': {
          const step = stepOf(data.step);
          return step ? [progress(step)] : [];
        }
        case 'verification_submitted':
          return [withSession('submit', sessionId)];
        case 'completed':
          return [complete(outcomeOf(data.status), sessionId)];
        case 'cancelled':
        case 'canceled':
          return [{ type: 'cancel' }];
        case 'close_request':
          // The person pressed Didit's close: its SDK asks them to confirm before it closes (showExitConfirmation).
          return [{ type: 'close-request' }];
        case 'error':
          // Didit's SDK only logs didit:error; its frame shows the problem and what to do.
          return [errorOf(data)];
        case 'layout':
          return resize(data.contentHeight);
        default:
          // step_completed and analytics names.
          return [];
      }
    }
  },
};

function outcomeOf(status: unknown): Outcome {
  switch (str(status, 50)?.trim().toLowerCase()) {
    case 'approved':
      return 'approved';
    case 'declined':
      return 'declined';
    default:
      return 'pending'; // In Review, Pending, Not Finished, …
  }
}

/** `data.error` is a string (a code or a sentence) or an object `{code?, message?, name?}`. */
function errorOf(data: Record<string, unknown>): Signal {
  const detail = field(data, 'error');
  const raw = str(data.error, 1000);
  const isText = raw !== undefined && Object.keys(detail).length === 0;
  const text = isText ? raw : [detail.code, detail.name, detail.message].map((v) => str(v, 1000) ?? '').join(' ');
  const code = isText ? codeOf(raw) : (codeOf(detail.code) ?? codeOf(detail.name));
  if (CAMERA_WORDS.test(text)) return warning('camera-unavailable', 'Didit could not use the camera', code);
  return warning('provider-error', code ? `Didit reported an error (${code})` : 'Didit reported an error', code);
}

export default diditProtocol;
