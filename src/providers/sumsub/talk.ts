import { asRecord, idOf, str } from '../../frame/decode';
import { leaker } from '../../frame/secrets';
import { optionObject } from '../../frame/json';
import type { FrameContext, ProviderTalk } from '../types';
import { launchTheme } from './frame';

/**
 * Sumsub's frame introduces itself with `idCheck.onReady {frameId, sessionId}` and then waits for `idCheck.init`:
 * its session id, when the frame is the one this URL made (its frame id, if it gives one, is the URL's `_`).
 */
export function sumsubHello(data: Record<string, unknown>, frameUrl: URL): string | undefined {
  const frameId = str(data.frameId, 20000);
  const sessionId = idOf(data.sessionId);
  return sessionId && (frameId === undefined || frameId === rawParam(frameUrl, '_')) ? sessionId : undefined;
}

/** Keys of `options.config` the widget owns: the host cannot replace the token or the frame options. */
const RESERVED = new Set(['method', 'accessToken', 'options', '__proto__', 'constructor', 'prototype']);

/** The WebSDK version whose `idCheck.init` the widget sends (its `packageVersion` field). */
export const SUMSUB_SDK_VERSION = '2.9.0';

/** `idCheck.init`: the WebSDK's launch config with the token, the language and theme, and the frame's options. */
export function initMessage(context: FrameContext, token: string | undefined): Record<string, unknown> {
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
  // As the WebSDK's (its build() names every field, an absent one as undefined).
  message.theme = launchTheme(context.theme, extra);
  return message;
}

/** A query parameter as written, without decoding (Sumsub's frame id keeps `+`, `/` and `=` raw). */
export function rawParam(url: URL, name: string): string | undefined {
  for (const pair of url.search.slice(1).split('&')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

/**
 * What Sumsub's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // Sumsub binds the frame's messages to the session its hello names (another one only after a new `load`: a new
  // document in the frame); every later message must carry it. `idCheck.onInitialized` is the ready (the frame says
  // it once it has its `idCheck.init`), the first `idCheck.onStepInitiated` the start; the session they name is the
  // applicant `idCheck.onApplicantLoaded` named, unless it carries the frame id (the token, in base64).
  hear({ url }) {
    let bound: string | undefined;
    let reloaded = false;
    let applicant: string | undefined;
    let started = false;
    return (message) => {
      if (!message) {
        reloaded = bound !== undefined;
        return undefined;
      }
      const data = asRecord(message);
      const method = data?.method;
      if (method === 'idCheck.onReady') {
        const id = sumsubHello(data!, url);
        if (!id || (bound !== undefined && id !== bound && !reloaded)) return undefined;
        bound = id;
        reloaded = false;
        return {};
      }
      if (bound === undefined || str(data?.sessionId, 200) !== bound) return undefined;
      if (method === 'idCheck.onApplicantLoaded') applicant = idOf(data!.applicantId) ?? applicant;
      const start = method === 'idCheck.onStepInitiated' && !started;
      started ||= start;
      return {
        said: method === 'idCheck.onInitialized' ? 'ready' : start ? 'start' : undefined,
        sessionId: leaker([rawParam(url, '_')])(applicant) ? undefined : applicant,
      };
    };
  },
  reply(message, { context, url }, token) {
    const data = asRecord(message);
    return data?.method === 'idCheck.onReady' && sumsubHello(data, url) ? initMessage(context, token) : undefined;
  },
};

export default talk;
