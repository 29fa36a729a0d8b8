import { asRecord, idOf, upper, type Decoded } from '../../frame/decode';
import { Problem } from '../../frame/problem';
import { readyOnFirstLoad } from '../first-load';
import { booleanOption, optionString } from '../options';
import type { FrameOf, ProviderFrame } from '../types';
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

  // STARTED is ready, in either launch; the URL launch says nothing before the end, so its first load is ready too.
  hear(frame) {
    const load = readyOnFirstLoad();
    const post = frame.context.options.launch === 'post';
    return (message) =>
      (message ? started(message) : !post && load(null))
        ? { said: 'ready', sessionId: yotiSession(frame).sessionId }
        : undefined;
  },

  // Yoti's post method: its frame says STARTED and waits for the session, which goes to the frame's origin only.
  reply(message, frame, token) {
    if (frame.context.options.launch !== 'post' || !started(message)) return undefined;
    const { sessionId, urlToken } = yotiSession(frame);
    return { eventType: 'INIT_SESSION', sessionID: sessionId, sessionToken: token ?? urlToken };
  },
};

const started = (message: Decoded) => upper(asRecord(message)?.eventType) === 'STARTED';

/** The session a Yoti frame runs: its id (options, else the session URL's, else the frame URL's), and the URL's token. */
export function yotiSession({ context, url }: FrameOf): { sessionId?: string; urlToken?: string } {
  const { sessionUrl, options } = context;
  return {
    sessionId:
      idOf(options.sessionId) ??
      idOf(sessionUrl?.searchParams.get('sessionID')) ??
      idOf(url.searchParams.get('sessionID')),
    urlToken: sessionUrl?.searchParams.get('sessionToken') ?? url.searchParams.get('sessionToken') ?? undefined,
  };
}
