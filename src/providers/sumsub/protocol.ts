import type { ProviderProtocol, Signal } from '../../protocols/types';
import {
  asRecord,
  codeOf,
  complete,
  countOf,
  field,
  optionObject,
  progress,
  resize,
  safely,
  scrub,
  stepOf,
  str,
  upper,
  warning,
  withSession,
} from '../../protocols/wire';
import talk, { initMessage, rawParam } from './talk';
import { tokenOf } from '../url';

export { rawParam };

/**
 * Sumsub's frame says `idCheck.onReady {frameId, sessionId}`, gets `idCheck.init` with the token, and
 * from then on every `idCheck.*` message must carry the bound `sessionId`.
 */

const METHOD = /^idCheck\.[A-Za-z]{1,60}$/;

const sumsubProtocol: ProviderProtocol = {
  createSession(port) {
    const expectedFrameId = rawParam(port.frameUrl, '_');
    // The session the frame's hello bound, its ready and start, the applicant (providers/sumsub/frame.ts), as the stand-in
    // reads them before the runtime is here.
    const hear = talk.hear!({ context: port.context, url: port.frameUrl });
    let bound = false;
    let lastStep: string | undefined;
    let applicantId: string | undefined;

    function route(method: string, data: Record<string, unknown>): Signal[] {
      switch (method) {
        case 'idCheck.onStepInitiated':
          lastStep = stepOf(data.idDocSetType) ?? lastStep;
          return lastStep ? [progress(lastStep)] : [];
        case 'idCheck.onVerificationProgressChanged': {
          const index = countOf(data.currentStep);
          const total = countOf(data.totalSteps);
          if (index === undefined && total === undefined) return [];
          return [progress(lastStep ?? (index === undefined ? 'step' : `step-${index}`), index, total)];
        }
        case 'idCheck.onApplicantSubmitted':
        case 'idCheck.onApplicantResubmitted':
          return [withSession('submit', applicantId)];
        case 'idCheck.onApplicantStatusChanged':
          return statusChanged(data, applicantId);
        case 'idCheck.onError': {
          const code = codeOf(data.code);
          if (code === 'invalid-token') return [{ type: 'token-expired' }];
          // The WebSDK hands these to the host's onError and leaves its frame running, which shows its own error.
          return [
            warning('provider-error', code ? `Sumsub reported an error (${code})` : 'Sumsub reported an error', code),
          ];
        }
        case 'idCheck.onUploadError': {
          const code = codeOf(data.code) ?? 'upload-error';
          // Too big, corrupted, duplicate: the person uploads again in the same frame.
          return [
            warning('provider-error', `Sumsub could not take a file (${code}); the person can upload again`, code),
          ];
        }
        case 'idCheck.getScrollPosition':
          // The WebSDK stores the page's scroll position and says so; the widget's page scroll is the host's.
          port.post({ method: 'idCheck.scrollPositionStored' });
          return [];
        case 'idCheck.onResize':
          return resize(data.height);
        default:
          // onInitialized and onApplicantLoaded (the reader's), onStepCompleted and analytics-only methods.
          return [];
      }
    }

    return {
      onLoad() {
        hear(null);
        return [];
      },

      receive: (message, answered = false) =>
        safely(() => {
          const data = asRecord(message);
          const method = str(data?.method, 100);
          if (!data || !method || !METHOD.test(method)) return [];
          // Not this frame's: before the handshake, another session, or a hello that may not bind.
          const heard = hear(message);
          if (!heard) return [];
          bound = true;
          if (method === 'idCheck.onReady') {
            // The frame's hello, bound: the answer, unless the stand-in gave it before the runtime was here.
            if (!answered) port.post(initMessage(port.context, port.token()));
            return [];
          }
          applicantId = heard.sessionId;
          // onInitialized is the ready, the first onStepInitiated the start (and a step, as each one is).
          const said: Signal[] = heard.said ? [withSession(heard.said, applicantId)] : [];
          return scrub([...said, ...route(method, data)], port.token(), port.context.sessionToken, expectedFrameId);
        }),

      // The WebSDK's setLanguage / setTheme.
      settingsChanged({ locale, theme }) {
        if (!bound) return;
        // A language the host chose in options.config.lang stays, as in idCheck.init.
        if (!optionObject(port.context.options, 'config')?.lang)
          port.post({ method: 'idCheck.callSetLanguage', language: locale });
        if (theme !== 'auto') port.post({ method: 'idCheck.callSetTheme', theme });
      },

      tokenRefreshed(token, error) {
        const fresh = token ? tokenOf(token) : undefined;
        if (fresh) port.post({ method: 'idCheck.updateAccessToken', accessToken: fresh });
        else port.post({ method: 'idCheck.updateAccessToken', accessToken: null, error: reasonOf(error) });
      },
    };
  },
};

/** `reviewAnswer` only means something once `reviewStatus` is `completed`. */
function statusChanged(data: Record<string, unknown>, applicantId: string | undefined): Signal[] {
  if (str(data.reviewStatus, 50)?.toLowerCase() !== 'completed') return [];
  const answer = upper(field(data, 'reviewResult').reviewAnswer);
  const outcome = answer === 'GREEN' ? 'approved' : answer === 'RED' ? 'declined' : 'pending';
  return [complete(outcome, applicantId)];
}

function reasonOf(error: string | undefined): string {
  return typeof error === 'string' && error ? error.slice(0, 200) : 'The access token could not be refreshed';
}

export default sumsubProtocol;
