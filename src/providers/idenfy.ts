import { FACTS, IDENFY_KYB_HOST, idenfyUrl, tokenOf } from './facts';
import type { ProviderFrame } from './types';
import { stringOption } from './options';

/**
 * iDenfy's iframe (docs/providers/idenfy.md): `https://ui.idenfy.com/?authToken=…&lang=…`; KYB at
 * `https://kyb.ui.idenfy.com/welcome?authToken=…`. iDenfy's wire format carries the token in the URL; there is no other way to hand it over.
 */

export { IDENFY_HOST, IDENFY_KYB_HOST } from './facts';

export const idenfy: ProviderFrame<'idenfy'> = {
  id: 'idenfy',
  ...FACTS.idenfy,

  frameUrl({ sessionUrl, sessionToken, options, locale }) {
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token)
      return { ok: false, message: 'session-token is not a valid iDenfy authToken' };
    // iDenfy's iframe takes `lang=<two letters>` (its "Redirect to iFrame" page); the widget's locale otherwise.
    const language = stringOption(options, 'language', /^[A-Za-z]{2}$/, 'a two-letter language code such as "lt"');
    if (!language.ok) return language;
    if (options.kyb !== undefined && typeof options.kyb !== 'boolean')
      return { ok: false, message: 'options.kyb must be true or false' };
    if (!sessionUrl && !token)
      return {
        ok: false,
        message: "iDenfy needs a session-token (the authToken from iDenfy's token API) or a session-url",
      };
    // KYB's frame is its welcome page: https://kyb.ui.idenfy.com/welcome?authToken=…
    const base = sessionUrl ?? (options.kyb === true ? new URL('/welcome', IDENFY_KYB_HOST) : undefined);
    return { ok: true, url: idenfyUrl(base, token, language.value?.toLowerCase() ?? locale) };
  },
};
