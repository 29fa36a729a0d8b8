import talk from './talk';
import type { Decoded } from '../../frame/decode';
import type { ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  complete,
  countOf,
  field,
  foldKeys,
  idOf,
  progress,
  safely,
  saidOnLoad,
  scrub,
  stepOf,
  upper,
  warning,
  withSession,
} from '../../protocols/wire';

/**
 * CAF Onboarding's frame posts `{code, response?}` objects: STEP_STARTED/STEP_COMPLETED `{stepName,
 * stepIndex}`, capture and permission events, and `ONBOARDING_FINISHED {executionId}` at the end. CAF
 * documents no ready, cancel or fatal error message: the iframe's first load is ready, the widget's own
 * close button is the way out, and every capture problem is one CAF's flow lets the person redo.
 */
const cafProtocol: ProviderProtocol = {
  createSession(port) {
    // The token is the link's last path segment: a frame that echoes it must not get it published.
    const secrets = [port.context.sessionToken, port.frameUrl.pathname.split('/').pop()];
    // Its first load (ready) and its first STEP_STARTED (start), as the stand-in reads them (providers/caf/frame.ts).
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });

    const route = (message: Decoded): Signal[] => {
      // The first STEP_STARTED: the start, with the step's kyc-progress when it names one.
      const start: Signal[] = hear(message) ? [{ type: 'start' }] : [];
      const data = asRecord(message);
      const code = upper(data?.code);
      if (!data || !code) return [];
      // The detail is in `response` in CAF's example; the table does not name the key: fall back to the message.
      const response = field(data, 'response');
      const detail = foldKeys(Object.keys(response).length ? response : data);
      switch (code) {
        case 'STEP_STARTED': {
          const step = stepOf(detail.get('stepname'))?.toLowerCase();
          return step ? [...start, progress(step, countOf(detail.get('stepindex')))] : start;
        }
        case 'ONBOARDING_FINISHED': {
          const id = idOf(detail.get('executionid'));
          return [withSession('submit', id), complete('pending', id)];
        }
        case 'SDK_CAMERA_DENIED':
          return [
            warning('camera-unavailable', 'The camera permission was denied; CAF waits until it is granted', code),
          ];
        case 'SDK_CAPTURE_DENIED':
          return [warning('provider-error', 'Motion sensor access was denied for the liveness capture', code)];
        case 'SDK_CAPTURE_FAILED':
        case 'SDK_CAPTURE_INVALID':
        case 'LIVENESS_IPROOV_ERROR':
          return [warning('provider-error', 'A capture failed; CAF lets the person try again', code)];
        default:
          return [];
      }
    };

    return {
      onLoad: saidOnLoad(hear),
      receive: (message) => safely(() => scrub(route(message), ...secrets)),
    };
  },
};

export default cafProtocol;
