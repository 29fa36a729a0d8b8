import { asRecord, idOf } from '../../frame/decode';
import type { FrameContext, Hear, ProviderTalk } from '../types';

/** The protocol's version, in every message both ways (`kyc`). */
export const PROTOCOL_VERSION = 1;

/** `init`: the host's answer to `ready`, and again whenever the language or theme changes (docs/protocol.md). */
export const genericInit = ({ locale, theme }: FrameContext) => ({
  kyc: PROTOCOL_VERSION,
  type: 'init',
  locale,
  theme,
});

/** `ready` and `start`, with the session each names (the frame's other messages name theirs too, each its own). */
const said: Hear = (message) => {
  const data = message && asRecord(message);
  const type = data?.kyc === PROTOCOL_VERSION && data.type;
  return type === 'ready' || type === 'start' ? { said: type, sessionId: idOf(data!.sessionId) } : undefined;
};

/**
 * What the generic frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  hear: () => said,
  // The frame's ready waits for `init`.
  reply: (message, frame) => (said(message)?.said === 'ready' ? genericInit(frame.context) : undefined),
};

export default talk;
