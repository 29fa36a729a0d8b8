import type { ProviderProtocol, Signal } from './types';
import {
  asRecord,
  codeOf,
  complete,
  countOf,
  field,
  idOf,
  progress,
  resize,
  safely,
  scrub,
  stepOf,
  str,
  upper,
  warning,
  withSession,
} from './wire';
import { initMessage, rawParam, sumsubHello } from '../providers/sumsub';
import { tokenOf } from '../providers/url';

export { rawParam };

/**
 * Sumsub's frame says `idCheck.onReady {frameId, sessionId}`, gets `idCheck.init` with the token, and
 * from then on every `idCheck.*` message must carry the bound `sessionId`.
 */

const METHOD = /^idCheck\.[A-Za-z]{1,60}$/;

export const sumsubProtocol: ProviderProtocol = {
  createSession(port) {
    const expectedFrameId = rawParam(port.frameUrl, '_');
    let boundSession: string | undefined;
    /** A new document in the frame may introduce itself with a new sessionId; only then may it rebind. */
    let reloadedSinceBind = false;
    let started = false;
    let lastStep: string | undefined;
    let applicantId: string | undefined;

    /** The frame's hello (providers/sumsub.ts): bind its session, and answer unless the stand-in already did. */
    function handshake(data: Record<string, unknown>, answered: boolean): Signal[] {
      const sessionId = sumsubHello(data, port.frameUrl);
      if (!sessionId) return [];
      if (boundSession !== undefined && sessionId !== boundSession && !reloadedSinceBind) return [];
      boundSession = sessionId;
      reloadedSinceBind = false;
      if (!answered) port.post(initMessage(port.context, port.token()));
      return [];
    }

    function route(method: string, data: Record<string, unknown>): Signal[] {
      switch (method) {
        case 'idCheck.onInitialized':
          return [withSession('ready', applicantId)];
        case 'idCheck.onApplicantLoaded':
          applicantId = idOf(data.applicantId) ?? applicantId;
          return [];
        case 'idCheck.onStepInitiated': {
          lastStep = stepOf(data.idDocSetType) ?? lastStep;
          const signals: Signal[] = [];
          if (!started) {
            started = true;
            signals.push(withSession('start', applicantId));
          }
          if (lastStep) signals.push(progress(lastStep));
          return signals;
        }
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
          // onStepCompleted and analytics-only methods.
          return [];
      }
    }

    return {
      onLoad() {
        if (boundSession !== undefined) reloadedSinceBind = true;
        return [];
      },

      receive: (message, answered = false) =>
        safely(() => {
          const data = asRecord(message);
          const method = str(data?.method, 100);
          if (!data || !method || !METHOD.test(method)) return [];
          if (method === 'idCheck.onReady') return handshake(data, answered);
          if (boundSession === undefined || str(data.sessionId, 200) !== boundSession) return [];
          return scrub(route(method, data), port.token(), port.context.sessionToken, expectedFrameId);
        }),

      // The WebSDK's setLanguage / setTheme.
      settingsChanged({ locale, theme }) {
        if (boundSession === undefined) return;
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
