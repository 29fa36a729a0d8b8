import { parseSafeUrl } from '../frame/origins';
import { baseFromToken, FACTS, SUMSUB_DEFAULT_BASE, sumsubUrl, tokenOf } from './facts';
import type { ProviderFrame } from './types';
import { optionString } from './url';
import { configProblem } from './sumsub-config';

/**
 * Sumsub WebSDK (docs/providers/sumsub.md): `<base>/websdk/websdk.html?_=id_<base64 token>`, the id written
 * raw as the WebSDK writes it. The frame introduces itself with that frame id (protocol.ts checks it) before
 * it is given the token. The base is the session URL, else `options.baseUrl`, else the `url` claim of an
 * `_act-…` access token (the WebSDK's `getCurrentBaseUrl`), else in.sumsub.com.
 */

export { baseFromToken, frameIdFor, SUMSUB_DEFAULT_BASE } from './facts';

export const sumsub: ProviderFrame<'sumsub'> = {
  id: 'sumsub',
  ...FACTS.sumsub,

  frameUrl({ sessionUrl, sessionToken, options, theme }) {
    if (!sessionToken)
      return { ok: false, message: 'Sumsub needs a session-token (a WebSDK access token from your backend)' };
    const token = tokenOf(sessionToken);
    if (!token) return { ok: false, message: 'session-token is not a valid Sumsub access token' };
    const config = configProblem(options);
    if (config) return { ok: false, message: config };

    let base = sessionUrl;
    let trust: string[] | undefined;
    if (!base) {
      const given = optionString(options, 'baseUrl');
      if (given.bad) return { ok: false, message: 'options.baseUrl must be a URL such as https://in.sumsub.com' };
      const claimed = given.value === undefined ? baseFromToken(token) : undefined;
      const parsed = parseSafeUrl(
        given.value ?? claimed ?? SUMSUB_DEFAULT_BASE,
        given.value ? 'options.baseUrl' : "the access token's url claim",
      );
      if (!parsed.ok) return parsed;
      base = parsed.value;
      // The token comes from the host's backend, as a session URL would: its claimed origin speaks for Sumsub.
      if (claimed) trust = [base.origin];
    }
    return { ok: true, url: sumsubUrl(base, token, theme), trust };
  },
};
