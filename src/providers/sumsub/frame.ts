import { safeUrl } from '../../frame/allow';
import { Problem } from '../../frame/problem';
import { optionObject } from '../../frame/json';
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
};

/**
 * The theme Sumsub's frame is launched with: the widget's, else `options.config.theme` (the WebSDK's `theme?: string`,
 * a name of the host's own included; configProblem has checked it).
 */
export function launchTheme(theme: FrameContext['theme'], config: Record<string, unknown> | undefined): unknown {
  return theme === 'auto' ? config?.theme : theme;
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
