import { Problem } from '../../frame/problem';
import { booleanOption, stringOption } from '../options';
import type { ProviderFrame } from '../types';
import { copy, givenToken, needs, setMissing } from '../url';

/**
 * iDenfy's iframe (docs/providers/idenfy.md): `https://ui.idenfy.com/?authToken=…&lang=…`; KYB at
 * `https://kyb.ui.idenfy.com/welcome?authToken=…`. iDenfy's wire format carries the token in the URL; there is no
 * other way to hand it over.
 */

export const IDENFY_HOST = 'https://ui.idenfy.com';
export const IDENFY_KYB_HOST = 'https://kyb.ui.idenfy.com';

export const idenfy: ProviderFrame<'idenfy'> = {
  id: 'idenfy',
  origins: [IDENFY_HOST, IDENFY_KYB_HOST],
  // iDenfy's docs: allow="camera" allowfullscreen. As one `allow` list (both together make Chromium warn on every load).
  allow: 'camera; fullscreen',

  frameUrl({ sessionUrl, sessionToken, options, locale }) {
    const token = givenToken(sessionToken, 'idenfy');
    if (token instanceof Problem) return token;
    // iDenfy's iframe takes `lang=<two letters>` (its "Redirect to iFrame" page); the widget's locale otherwise.
    const language = stringOption(options, 'language', /^[A-Za-z]{2}$/, 'language-2');
    if (language instanceof Problem) return language;
    const kyb = booleanOption(options, 'kyb');
    if (kyb instanceof Problem) return kyb;
    if (!sessionUrl && !token) return needs('idenfy');
    // KYB's frame is its welcome page: https://kyb.ui.idenfy.com/welcome?authToken=…
    const url = sessionUrl ? copy(sessionUrl) : new URL(kyb ? '/welcome' : '/', kyb ? IDENFY_KYB_HOST : IDENFY_HOST);
    setMissing(url, 'authToken', token);
    setMissing(url, 'lang', language?.toLowerCase() ?? locale);
    return { url };
  },
};
