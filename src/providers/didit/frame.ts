import type { ProviderFrame } from '../types';
import { setMissing, tokenOf } from '../url';

/**
 * Didit's verification frame (docs/providers/didit.md): `https://verify.didit.me/session/<token>` or a
 * session URL; `sdk_presentation=embedded` turns on the frame's `didit:layout` messages.
 */

export const DIDIT_HOST = 'https://verify.didit.me';
/** A session token used as a path segment: no `/`, no `..`, nothing that needs escaping. */
const PATH_TOKEN = /^[A-Za-z0-9_-]{1,512}$/;

export const didit: ProviderFrame<'didit'> = {
  id: 'didit',
  origins: [DIDIT_HOST],
  // As @didit-protocol/sdk-web 0.4 sets it, with the clipboard Didit's current docs list.
  allow: 'camera; microphone; fullscreen; autoplay; encrypted-media; geolocation; clipboard-write',

  frameUrl({ sessionUrl, sessionToken }) {
    let url: URL;
    if (sessionUrl) {
      url = new URL(sessionUrl.href);
    } else if (sessionToken !== undefined) {
      const token = tokenOf(sessionToken);
      if (!token || !PATH_TOKEN.test(token))
        return { ok: false, message: 'session-token is not a valid Didit session token' };
      url = new URL(`/session/${token}`, DIDIT_HOST);
    } else {
      return { ok: false, message: "Didit needs a session-url (the session url from Didit's API) or a session-token" };
    }
    setMissing(url, 'sdk_presentation', 'embedded');
    return { ok: true, url };
  },
};
