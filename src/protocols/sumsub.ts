import type { FrameContext } from '../providers/types';
import type { ProviderProtocol, Signal } from './types';
import {
  asRecord,
  codeOf,
  complete,
  countOf,
  field,
  idOf,
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
} from './wire';
import { tokenOf } from '../providers/url';

/**
 * Sumsub's frame says `idCheck.onReady {frameId, sessionId}`, gets `idCheck.init` with the token, and
 * from then on every `idCheck.*` message must carry the bound `sessionId`.
 */

const METHOD = /^idCheck\.[A-Za-z]{1,60}$/;
/** Keys of `options.config` the widget owns: the host cannot replace the token or the frame options. */
const RESERVED = new Set(['method', 'accessToken', 'options', '__proto__', 'constructor', 'prototype']);

/** The WebSDK version whose `idCheck.init` this adapter sends (its `packageVersion` field). */
export const SUMSUB_SDK_VERSION = '2.9.0';

export const sumsubProtocol: ProviderProtocol = {
  createSession(port) {
    const expectedFrameId = rawParam(port.frameUrl, '_');
    let boundSession: string | undefined;
    /** A new document in the frame may introduce itself with a new sessionId; only then may it rebind. */
    let reloadedSinceBind = false;
    let started = false;
    let lastStep: string | undefined;
    let applicantId: string | undefined;

    function handshake(data: Record<string, unknown>): Signal[] {
      const frameId = str(data.frameId, 20000);
      const sessionId = idOf(data.sessionId);
      if (!sessionId || (frameId !== undefined && frameId !== expectedFrameId)) return [];
      if (boundSession !== undefined && sessionId !== boundSession && !reloadedSinceBind) return [];
      boundSession = sessionId;
      reloadedSinceBind = false;
      port.post(initMessage(port.context, port.token()));
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

      receive: (message) =>
        safely(() => {
          const data = asRecord(message);
          const method = str(data?.method, 100);
          if (!data || !method || !METHOD.test(method)) return [];
          if (method === 'idCheck.onReady') return handshake(data);
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

function initMessage(context: FrameContext, token: string | undefined): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  const extra = optionObject(context.options, 'config');
  if (extra) {
    for (const key of Object.keys(extra)) {
      if (!RESERVED.has(key)) config[key] = extra[key];
    }
  }
  // The fields the WebSDK always sends (its config, then packageVersion, origin and options).
  const message: Record<string, unknown> = {
    ...config,
    method: 'idCheck.init',
    accessToken: token ?? context.sessionToken,
    // The widget's locale is one of seven; a host that wants another Sumsub language sets config.lang.
    lang: typeof config.lang === 'string' && config.lang ? config.lang : context.locale,
    packageVersion: SUMSUB_SDK_VERSION,
    origin: context.hostOrigin,
    // The frame grows with idCheck.onResize; it does not scroll the host's page (enableScrollIntoView).
    options: { adaptIframeHeight: true, enableScrollIntoView: false },
  };
  if (context.theme !== 'auto') message.theme = context.theme;
  else if (config.theme !== 'light' && config.theme !== 'dark') delete message.theme;
  return message;
}

function reasonOf(error: string | undefined): string {
  return typeof error === 'string' && error ? error.slice(0, 200) : 'The access token could not be refreshed';
}

/** A query parameter as written, without decoding (Sumsub's frame id keeps `+`, `/` and `=` raw). */
export function rawParam(url: URL, name: string): string | undefined {
  for (const pair of url.search.slice(1).split('&')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}
