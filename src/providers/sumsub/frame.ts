import { parseSafeUrl } from '../../frame/origins';
import type { ProviderFrame } from '../types';
import { base64, optionString, tokenOf } from '../url';
import { configProblem } from './config';

/**
 * Sumsub WebSDK (docs/providers/sumsub.md): `<base>/websdk/websdk.html?_=id_<base64 token>`, the id written
 * raw as the WebSDK writes it. The frame introduces itself with that frame id (protocol.ts checks it) before
 * it is given the token. The base is the session URL, else `options.baseUrl`, else the `url` claim of an
 * `_act-…` access token (the WebSDK's `getCurrentBaseUrl`), else in.sumsub.com.
 */

export const SUMSUB_DEFAULT_BASE = 'https://in.sumsub.com';
const FRAME_PATH = '/websdk/websdk.html';

export const sumsub: ProviderFrame<'sumsub'> = {
  id: 'sumsub',
  origins: [SUMSUB_DEFAULT_BASE, 'https://api.sumsub.com'],
  allow: 'camera; microphone; geolocation; clipboard-write; hid',

  frameUrl({ sessionUrl, sessionToken, options, theme }) {
    if (!sessionToken)
      return { ok: false, message: 'Sumsub needs a session-token (a WebSDK access token from your backend)' };
    const token = tokenOf(sessionToken);
    if (!token) return { ok: false, message: 'session-token is not a valid Sumsub access token' };
    const config = configProblem(options);
    if (config) return { ok: false, message: config };

    let url: URL;
    let trust: string[] | undefined;
    if (sessionUrl) {
      url = frameUrlFrom(sessionUrl);
    } else {
      const base = optionString(options, 'baseUrl');
      if (base.bad) return { ok: false, message: 'options.baseUrl must be a URL such as https://in.sumsub.com' };
      const claimed = base.value === undefined ? baseFromToken(token) : undefined;
      const parsed = parseSafeUrl(
        base.value ?? claimed ?? SUMSUB_DEFAULT_BASE,
        base.value ? 'options.baseUrl' : "the access token's url claim",
      );
      if (!parsed.ok) return parsed;
      url = frameUrlFrom(parsed.value);
      // The token comes from the host's backend, as a session URL would: its claimed origin speaks for Sumsub.
      if (claimed) trust = [url.origin];
    }
    url.searchParams.delete('_');
    url.searchParams.delete('theme');
    const rest = url.search.slice(1);
    url.search = `?_=${frameIdFor(token)}${theme !== 'auto' ? `&theme=${theme}` : ''}${rest ? `&${rest}` : ''}`;
    return { ok: true, url, trust };
  },
};

/** `https://x/prefix` → `https://x/prefix/websdk/websdk.html`; a URL already ending there keeps its query. */
function frameUrlFrom(base: URL): URL {
  if (base.pathname.endsWith(FRAME_PATH)) return new URL(base.href);
  const url = new URL(base.origin);
  url.pathname = base.pathname.replace(/\/+$/, '') + FRAME_PATH;
  return url;
}

/** `_act-sbx-jwt-<header>.<payload>.<sig>` (or `_act-jwt-…`, `-v2`): the first part whose JSON has a `url`. */
export function baseFromToken(token: string): string | undefined {
  const prefix = ['_act-sbx-jwt-', '_act-jwt-'].find((p) => token.startsWith(p));
  if (!prefix) return undefined;
  for (const part of token.slice(prefix.length).replace('-v2', '').split('.')) {
    try {
      const claims: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
      const url = claims && typeof claims === 'object' ? (claims as Record<string, unknown>).url : undefined;
      if (typeof url === 'string' && url) return url;
    } catch {
      // not base64 JSON: the next part
    }
  }
  return undefined;
}

export function frameIdFor(token: string): string {
  return `id_${base64(token)}`;
}
