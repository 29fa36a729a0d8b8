import { parseSafeUrl } from '../../frame/origins';
import type { ProviderFrame } from '../types';
import { base64, optionString, tokenOf } from '../url';

/**
 * Sumsub WebSDK (docs/providers/sumsub.md): `<base>/websdk/websdk.html?_=id_<base64 token>`. The frame
 * introduces itself with that frame id (protocol.ts checks it) before it is given the token.
 */

export const SUMSUB_DEFAULT_BASE = 'https://in.sumsub.com';
const FRAME_PATH = '/websdk/websdk.html';

export const sumsub: ProviderFrame<'sumsub'> = {
  id: 'sumsub',
  origins: [SUMSUB_DEFAULT_BASE, 'https://api.sumsub.com'],
  allow: 'camera; microphone; geolocation; clipboard-write; hid',

  frameUrl({ sessionUrl, sessionToken, options, theme }) {
    if (!sessionToken) return { ok: false, message: 'Sumsub needs a session-token (a WebSDK access token from your backend)' };
    const token = tokenOf(sessionToken);
    if (!token) return { ok: false, message: 'session-token is not a valid Sumsub access token' };

    let url: URL;
    if (sessionUrl) {
      url = frameUrlFrom(sessionUrl);
    } else {
      const base = optionString(options, 'baseUrl');
      if (base.bad) return { ok: false, message: 'options.baseUrl must be a URL such as https://in.sumsub.com' };
      const parsed = parseSafeUrl(base.value ?? SUMSUB_DEFAULT_BASE, 'options.baseUrl');
      if (!parsed.ok) return parsed;
      url = frameUrlFrom(parsed.value);
    }
    url.searchParams.set('_', frameIdFor(token));
    if (theme !== 'auto') url.searchParams.set('theme', theme);
    return { ok: true, url };
  },
};

/** `https://x/prefix` → `https://x/prefix/websdk/websdk.html`; a URL already ending there keeps its query. */
function frameUrlFrom(base: URL): URL {
  if (base.pathname.endsWith(FRAME_PATH)) return new URL(base.href);
  const url = new URL(base.origin);
  url.pathname = base.pathname.replace(/\/+$/, '') + FRAME_PATH;
  return url;
}

export function frameIdFor(token: string): string {
  return `id_${base64(token)}`;
}
