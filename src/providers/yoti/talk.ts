import { asRecord, idOf, upper, type Decoded } from '../../frame/decode';
import { readyOnFirstLoad } from '../first-load';
import type { FrameOf, ProviderTalk } from '../types';

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

/**
 * What Yoti's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
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

export default talk;
