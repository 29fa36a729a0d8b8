import { asRecord, idOf } from '../frame/decode';
import type { FrameContext, ProviderFrame } from './types';
import { sessionUrlOnly } from './url';

/** The protocol's version, in every message both ways (`kyc`). */
export const PROTOCOL_VERSION = 1;

/** `init`: the host's answer to `ready`, and again whenever the language or theme changes (docs/protocol.md). */
export const genericInit = ({ locale, theme }: FrameContext) => ({
  kyc: PROTOCOL_VERSION,
  type: 'init',
  locale,
  theme,
});

/**
 * The project's own protocol (docs/protocol.md). No home origin: the session URL's origin, plus `allowed-origins`,
 * is trusted.
 */
export const generic: ProviderFrame<'generic'> = {
  id: 'generic',
  origins: [],
  allow: 'camera; microphone; fullscreen; clipboard-write',
  frameUrl: sessionUrlOnly('generic'),
  ready(message) {
    const data = asRecord(message);
    return data?.kyc === PROTOCOL_VERSION && data.type === 'ready' ? { sessionId: idOf(data.sessionId) } : undefined;
  },
  // The frame's ready waits for `init`.
  reply: (message, frame) => generic.ready!(message, frame) && genericInit(frame.context),
};
