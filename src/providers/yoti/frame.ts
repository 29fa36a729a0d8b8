import { Problem } from '../../frame/problem';
import { booleanOption, optionString } from '../options';
import type { ProviderFrame } from '../types';
import { givenToken, needs, setMissing } from '../url';

/**
 * Yoti IDV's web client (docs/providers/yoti.md): `https://api.yoti.com/idverify/v1/web/index.html`
 * (`/sandbox/idverify/…` for Yoti's sandbox). Launched with `?sessionID=…&sessionToken=…`, or, with
 * `options.launch: "post"`, bare: the protocol hands the session over in Yoti's INIT_SESSION message.
 */

export const YOTI_HOST = 'https://api.yoti.com';
const ID = /^[A-Za-z0-9_-]{1,128}$/;

export const yoti: ProviderFrame<'yoti'> = {
  id: 'yoti',
  origins: [YOTI_HOST],
  // Yoti's docs: allow="camera", nothing else.
  allow: 'camera',

  frameUrl({ sessionUrl, sessionToken, options }) {
    const launch = optionString(options, 'launch', 'yoti-launch');
    if (launch instanceof Problem) return launch;
    if (launch && launch !== 'post' && launch !== 'url') return new Problem('must', 'options.launch', 'yoti-launch');
    const given = optionString(options, 'sessionId', 'yoti-session');
    if (given instanceof Problem || (given && !ID.test(given))) return new Problem('yoti-session', 'options.sessionId');
    const sandbox = booleanOption(options, 'sandbox');
    if (sandbox instanceof Problem) return sandbox;
    const token = givenToken(sessionToken, 'yoti');
    if (token instanceof Problem) return token;

    const url = new URL(sessionUrl ?? `${YOTI_HOST}${sandbox ? '/sandbox' : ''}/idverify/v1/web/index.html`);
    const id = given ?? url.searchParams.get('sessionID') ?? undefined;
    if (!id || !(token || url.searchParams.has('sessionToken'))) return needs('yoti');
    if (launch === 'post') {
      // The post method: nothing of the session in the URL.
      url.searchParams.delete('sessionID');
      url.searchParams.delete('sessionToken');
    } else {
      setMissing(url, 'sessionID', id);
      setMissing(url, 'sessionToken', token);
    }
    return { url };
  },
};
