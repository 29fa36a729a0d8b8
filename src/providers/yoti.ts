import { FACTS, setMissing, tokenOf, YOTI_HOST } from './facts';
import type { ProviderFrame } from './types';
import { optionString } from './url';

/**
 * Yoti IDV's web client (docs/providers/yoti.md): `https://api.yoti.com/idverify/v1/web/index.html`
 * (`/sandbox/idverify/…` for Yoti's sandbox). Launched with `?sessionID=…&sessionToken=…`, or, with
 * `options.launch: "post"`, bare: the protocol hands the session over in Yoti's INIT_SESSION message.
 */

export { YOTI_HOST } from './facts';
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Yoti's URL launch: the session in the URL (the runtime's `post` launch removes it). */
export function yotiUrl(url: URL, id: string, token: string | undefined): URL {
  setMissing(url, 'sessionID', id);
  setMissing(url, 'sessionToken', token);
  return url;
}

export const yoti: ProviderFrame<'yoti'> = {
  id: 'yoti',
  ...FACTS.yoti,

  frameUrl({ sessionUrl, sessionToken, options }) {
    const launch = optionString(options, 'launch');
    const post = launch.value === 'post';
    if (launch.bad || (launch.value && !post && launch.value !== 'url'))
      return { ok: false, message: 'options.launch must be "url" or "post"' };
    const given = optionString(options, 'sessionId');
    if (given.bad || (given.value && !ID.test(given.value)))
      return { ok: false, message: 'options.sessionId is not a Yoti session id' };
    if (options.sandbox !== undefined && typeof options.sandbox !== 'boolean')
      return { ok: false, message: 'options.sandbox must be true or false' };
    const token = sessionToken === undefined ? undefined : tokenOf(sessionToken);
    if (sessionToken !== undefined && !token)
      return { ok: false, message: 'session-token is not a valid Yoti session token' };

    const url = sessionUrl
      ? new URL(sessionUrl.href)
      : new URL(`${options.sandbox === true ? '/sandbox' : ''}/idverify/v1/web/index.html`, YOTI_HOST);
    const id = given.value ?? url.searchParams.get('sessionID') ?? undefined;
    if (!id || !(token || url.searchParams.has('sessionToken'))) {
      return {
        ok: false,
        message:
          "Yoti needs the session's id (options.sessionId) and its client session token (session-token), or a session-url that has both",
      };
    }
    if (post) {
      // The post method: nothing of the session in the URL.
      url.searchParams.delete('sessionID');
      url.searchParams.delete('sessionToken');
      return { ok: true, url };
    }
    return { ok: true, url: yotiUrl(url, id, token) };
  },
};
