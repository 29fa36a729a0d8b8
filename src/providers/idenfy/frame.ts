import type { ProviderFrame } from '../types';
import { stringOption } from '../options';
import { setMissing, tokenOf } from '../url';

/**
 * iDenfy's iframe (docs/providers/idenfy.md): `https://ui.idenfy.com/?authToken=…&lang=…`; KYB at
 * `https://kyb.ui.idenfy.com/welcome?authToken=…`. iDenfy's wire format carries the token in the URL; there is no other way to hand it over.
 */

export const IDENFY_HOST = 'https://ui.idenfy.com';
export const IDENFY_KYB_HOST = 'https://kyb.ui.idenfy.com';

export const idenfy: ProviderFrame<'idenfy'> = {
  id: 'idenfy',
  origins: [IDENFY_HOST, IDENFY_KYB_HOST],
  // iDenfy's docs: allow="camera" allowfullscreen. As one `allow` list (both together make Chromium warn on every load).
  allow: 'camera; fullscreen',

  frameUrl({ sessionUrl, sessionToken, options, locale }) {
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token)
      return { ok: false, message: 'session-token is not a valid iDenfy authToken' };
    // iDenfy's iframe takes `lang=<two letters>` (its "Redirect to iFrame" page); the widget's locale otherwise.
    const language = stringOption(options, 'language', /^[A-Za-z]{2}$/, 'a two-letter language code such as "lt"');
    if (!language.ok) return language;
    if (options.kyb !== undefined && typeof options.kyb !== 'boolean')
      return { ok: false, message: 'options.kyb must be true or false' };
    let url: URL;
    if (sessionUrl) {
      url = new URL(sessionUrl.href);
    } else if (token) {
      // KYB's frame is its welcome page: https://kyb.ui.idenfy.com/welcome?authToken=…
      url = options.kyb === true ? new URL('/welcome', IDENFY_KYB_HOST) : new URL('/', IDENFY_HOST);
    } else {
      return {
        ok: false,
        message: "iDenfy needs a session-token (the authToken from iDenfy's token API) or a session-url",
      };
    }
    setMissing(url, 'authToken', token);
    setMissing(url, 'lang', language.value?.toLowerCase() ?? locale);
    return { ok: true, url };
  },
};
