import { safeUrl } from '../../frame/allow';
import { asRecord, idOf, optionObject, str } from '../../frame/decode';
import { Problem } from '../../frame/problem';
import { leaker } from '../../frame/secrets';
import { optionString } from '../options';
import { configProblem } from './config';
import type { FrameContext, ProviderFrame } from '../types';
import { copy, needs, tokenOf } from '../url';

/**
 * Sumsub WebSDK (docs/providers/sumsub.md): `<base>/websdk/websdk.html?_=id_<base64 token>`, the id written raw as
 * the WebSDK writes it. The frame introduces itself with that frame id (providers/sumsub/protocol.ts checks it) before it is
 * given the token. The base is the session URL, else `options.baseUrl`, else the `url` claim of an `_act-…` access
 * token (the WebSDK's `getCurrentBaseUrl`), else in.sumsub.com.
 */

export const SUMSUB_DEFAULT_BASE = 'https://in.sumsub.com';

export const sumsub: ProviderFrame<'sumsub'> = {
  id: 'sumsub',
  origins: [SUMSUB_DEFAULT_BASE, 'https://api.sumsub.com'],
  allow: 'camera; microphone; geolocation; clipboard-write; hid',

  frameUrl({ sessionUrl, sessionToken, options, theme }) {
    if (!sessionToken) return needs('sumsub');
    const token = tokenOf(sessionToken);
    if (!token) return new Problem('token', 'sumsub');
    const config = configProblem(options);
    if (config) return config;

    let base = sessionUrl;
    let trust: string[] | undefined;
    if (!base) {
      const given = optionString(options, 'baseUrl', 'sumsub-base');
      if (given instanceof Problem) return given;
      const claimed = given === undefined ? baseFromToken(token) : undefined;
      const parsed = safeUrl(
        given ?? claimed ?? SUMSUB_DEFAULT_BASE,
        given ? 'options.baseUrl' : "the access token's url claim",
      );
      if (parsed instanceof Problem) return parsed;
      base = parsed;
      // The token comes from the host's backend, as a session URL would: its claimed origin speaks for Sumsub.
      if (claimed) trust = [base.origin];
    }
    return { url: sumsubUrl(base, token, theme, options), trust };
  },

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

/** Keys of `options.config` the widget owns: the host cannot replace the token or the frame options. */
const RESERVED = new Set(['method', 'accessToken', 'options', '__proto__', 'constructor', 'prototype']);

/** The WebSDK version whose `idCheck.init` the widget sends (its `packageVersion` field). */
export const SUMSUB_SDK_VERSION = '2.9.0';

/**
 * Sumsub's frame introduces itself with `idCheck.onReady {frameId, sessionId}` and then waits for `idCheck.init`:
 * its session id, when the frame is the one this URL made (its frame id, if it gives one, is the URL's `_`).
 */
export function sumsubHello(data: Record<string, unknown>, frameUrl: URL): string | undefined {
  const frameId = str(data.frameId, 20000);
  const sessionId = idOf(data.sessionId);
  return sessionId && (frameId === undefined || frameId === rawParam(frameUrl, '_')) ? sessionId : undefined;
}

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

/**
 * The theme Sumsub's frame is launched with: the widget's, else `options.config.theme` (the WebSDK's `theme?: string`,
 * a name of the host's own included; configProblem has checked it).
 */
function launchTheme(theme: FrameContext['theme'], config: Record<string, unknown> | undefined): unknown {
  return theme === 'auto' ? config?.theme : theme;
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
 * Sumsub: `<base>/websdk/websdk.html?_=id_<base64 token>[&theme=…][&customizationName=…][&translationName=…]`, the
 * host's other parameters after: the WebSDK 2.9's `getIframeSrc` (its theme, and the two names of `options.config`,
 * URI-encoded), with the theme as `idCheck.init` carries it. A base already ending in the frame's path keeps the rest of
 * its query.
 */
export function sumsubUrl(
  base: URL,
  token: string,
  theme: FrameContext['theme'],
  options: Record<string, unknown>,
): URL {
  const path = '/websdk/websdk.html';
  let url = copy(base);
  if (!base.pathname.endsWith(path)) {
    url = new URL(base.origin);
    url.pathname = base.pathname.replace(/\/+$/, '') + path;
  }
  const config = optionObject(options, 'config');
  let search = `?_=${frameIdFor(token)}`;
  url.searchParams.delete('_');
  for (const name of ['theme', 'customizationName', 'translationName']) {
    const value = name === 'theme' ? launchTheme(theme, config) : config?.[name];
    url.searchParams.delete(name);
    if (typeof value === 'string' && value) search += `&${name}=${encodeURIComponent(value)}`;
  }
  const rest = url.search.slice(1);
  url.search = `${search}${rest ? `&${rest}` : ''}`;
  return url;
}

/** `_act-sbx-jwt-<header>.<payload>.<sig>` (or `_act-jwt-…`, `-v2`): the first part whose JSON has a `url`. */
export function baseFromToken(token: string): string | undefined {
  const prefix = ['_act-sbx-jwt-', '_act-jwt-'].find((p) => token.startsWith(p));
  if (!prefix) return undefined;
  for (const part of token.slice(prefix.length).replace('-v2', '').split('.')) {
    try {
      const url = (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { url?: unknown } | null)?.url;
      if (typeof url === 'string' && url) return url;
    } catch {
      // not base64 JSON: the next part
    }
  }
  return undefined;
}

/** Sumsub's frame id: `id_` and the token's UTF-8 bytes in standard base64, as the WebSDK writes it. */
export function frameIdFor(token: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(token)) binary += String.fromCharCode(byte);
  return `id_${btoa(binary)}`;
}
