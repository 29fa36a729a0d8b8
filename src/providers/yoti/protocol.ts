import talk, { yotiSession } from './talk';
import type { ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  providerError,
  safely,
  scrub,
  sessionExpired,
  upper,
  withSession,
} from '../../protocols/wire';

/**
 * Yoti IDV's frame posts `{eventType: "SUCCESS" | "ERROR", eventCode?: number}` once, at the end of the
 * flow (only when the session has no success/error URLs), and `{eventType: "STARTED"}` when it is ready
 * for Yoti's post method, to which the host answers `{eventType: "INIT_SESSION", sessionID, sessionToken}`.
 * An ERROR is the end of Yoti's flow (its frame shows a last screen and redirects on its button), so
 * every ERROR is an error, never a warning. The codes: Yoti's "Error codes" table (docs/providers/yoti.md).
 */

/** The session can never work again: Yoti says "new session". */
const NEW_SESSION: Record<string, string> = {
  '2000': 'The Yoti session token is wrong or expired',
  '2001': 'Yoti does not know this session',
  '2002': 'The Yoti session expired',
  '2003': 'Yoti was launched without a session token',
  '2004': 'Yoti was launched without a session id',
};
/** No camera, or none Yoti can use, and no other way to capture. */
const NO_CAMERA: Record<string, string> = {
  '5000': 'There is no camera and Yoti does not allow uploading a file',
  '5010': 'Yoti could not open the camera and has no other way to capture',
  '5011': "The camera's resolution is below what Yoti needs",
};
/** Yoti's "retry: yes": the same session can be run again. */
const RETRY: Record<string, string> = {
  '3000': "Yoti's services could not process the verification",
  '3001': 'A network request to Yoti failed',
  '3002': 'The device lost its network connection',
  '5002': 'The face capture ran out of tries',
};
/** Yoti's "retry: no" that say what the person can do instead. */
const FINAL: Record<string, string> = {
  '4001': 'The document did not match the one chosen, or too many attempts were made (Yoti needs a new session)',
  '5001': 'This browser cannot run the face capture: try another browser or device',
  '5007': 'On iPhone and iPad only Safari may use the camera: open the page in Safari',
  '7000': 'The person did not have the documents this verification asks for',
};

const yotiProtocol: ProviderProtocol = {
  createSession(port) {
    const post = port.context.options.launch === 'post';
    const frame = { context: port.context, url: port.frameUrl };
    const { sessionId, urlToken } = yotiSession(frame);
    const hear = talk.hear!(frame);
    let ready = false;

    const becomeReady = (): Signal[] => {
      if (ready) return [];
      ready = true;
      return [withSession('ready', sessionId)];
    };

    return {
      // The URL launch says nothing before the end: the frame's first load is "ready" (providers/yoti/frame.ts).
      onLoad: () => (hear(null) ? becomeReady() : []),

      receive: (message, answered) =>
        safely((): Signal[] => {
          const data = asRecord(message);
          const token = port.token() ?? urlToken;
          if (hear(message)) {
            // Yoti's post method (providers/yoti/frame.ts), unless the stand-in answered before the runtime was here.
            if (post && !ready && !answered) port.post(talk.reply!(message, frame, port.token()));
            return becomeReady();
          }
          switch (upper(data?.eventType)) {
            case 'SUCCESS':
              // The person finished; Yoti's decision comes to the host's backend.
              return [withSession('submit', sessionId), complete('pending', sessionId)];
            case 'ERROR':
              return scrub([errorOf(codeOf(data?.eventCode))], token);
            default:
              return [];
          }
        }),
    };
  },
};

function errorOf(code: string | undefined): Signal {
  if (code === undefined) return providerError('Yoti reported an error');
  if (code === '1000') return { type: 'cancel' };
  if (NEW_SESSION[code]) return sessionExpired(`${NEW_SESSION[code]} (${code})`, code);
  if (code === '4000')
    return {
      type: 'error',
      code: 'camera-unavailable',
      message: 'The camera permission was not granted; Yoti asks again (4000)',
      recoverable: true,
      providerCode: code,
    };
  if (NO_CAMERA[code])
    return {
      type: 'error',
      code: 'camera-unavailable',
      message: `${NO_CAMERA[code]} (${code})`,
      recoverable: false,
      providerCode: code,
    };
  if (RETRY[code]) return providerError(`${RETRY[code]} (${code})`, code);
  if (FINAL[code]) return providerError(`${FINAL[code]} (${code})`, code, false);
  // 5003–5009 and 6000–6003: internal, configuration or native-app problems Yoti says retrying will not fix.
  if (/^[56]\d{3}$/.test(code)) return providerError(`Yoti ended the verification (${code})`, code, false);
  return providerError(`Yoti reported an error (${code})`, code);
}

export default yotiProtocol;
