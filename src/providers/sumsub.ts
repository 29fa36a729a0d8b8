import { safeUrl } from '../frame/allow';
import { Problem } from '../frame/problem';
import { optionString } from './options';
import { configProblem } from './sumsub-config';
import type { ProviderFrame } from './types';
import { copy, needs, tokenOf } from './url';

/**
 * Sumsub WebSDK (docs/providers/sumsub.md): `<base>/websdk/websdk.html?_=id_<base64 token>`, the id written raw as
 * the WebSDK writes it. The frame introduces itself with that frame id (protocols/sumsub.ts checks it) before it is
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
    return { url: sumsubUrl(base, token, theme), trust };
  },
};

/**
 * Sumsub: `<base>/websdk/websdk.html?_=id_<base64 token>[&theme=…]`, the host's other parameters after.
 * A base already ending in the frame's path keeps its query.
 */
export function sumsubUrl(base: URL, token: string, theme: 'light' | 'dark' | 'auto'): URL {
  const path = '/websdk/websdk.html';
  let url = copy(base);
  if (!base.pathname.endsWith(path)) {
    url = new URL(base.origin);
    url.pathname = base.pathname.replace(/\/+$/, '') + path;
  }
  url.searchParams.delete('_');
  url.searchParams.delete('theme');
  const rest = url.search.slice(1);
  url.search = `?_=${frameIdFor(token)}${theme !== 'auto' ? `&theme=${theme}` : ''}${rest ? `&${rest}` : ''}`;
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
