import { asRecord, asText, str, type Decoded } from '../../frame/decode';
import type { FrameContext, ProviderTalk } from '../types';

const HANDSHAKE = 'VERIFF_HANDSHAKE';

/** `VERIFF_RENDER.payload.version`: the @veriff/incontext-sdk release whose handshake the widget sends. */
export const VERIFF_RENDER_VERSION = '2.5.0';

/**
 * A Veriff message's name: a bare string (`VERIFF_STARTED`), JSON-quoted, in any letter case, or
 * `{name|type|event: "VERIFF_…"}`.
 */
export function veriffName(message: Decoded): string | undefined {
  const text = asText(message);
  if (text !== undefined && !text.startsWith('{')) return normalize(text);
  const data = asRecord(message);
  if (!data) return undefined;
  for (const key of ['name', 'type', 'event']) {
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      const value = str(data[key], 100);
      if (value) return normalize(value);
    }
  }
  return undefined;
}

function normalize(text: string): string | undefined {
  const name = text.trim().toUpperCase();
  return name.length <= 100 && name.startsWith('VERIFF_') ? name : undefined;
}

/**
 * What @veriff/incontext-sdk 2.5 sends: `isVeriffIframeMobile` on a phone-sized or touch-only screen of an
 * embedded flow (`(max-width: 767px), (hover: none)`), and then `embedded: false` (Veriff's full-screen
 * layout); `isReloadHandled` because the widget does handle VERIFF_RELOAD_REQUEST: it reloads its frame
 * (the SDK leaves that to the host's onReload; Veriff's docs say iOS needs a fresh document to ask for the
 * camera again, and the frame is that document). The widget's modal is Veriff's non-embedded flow.
 */
export function renderPayload(context: FrameContext): Record<string, unknown> {
  const embedded = context.mode === 'inline';
  const mobile = embedded && context.mobile === true;
  return {
    version: VERIFF_RENDER_VERSION,
    isReloadHandled: true,
    isVeriffIframeMobile: mobile,
    embeddedConfigured: embedded,
    embedded: mobile ? false : embedded,
  };
}

/**
 * What Veriff's frame says before the runtime is here, as the boot's stand-in reads it, and after, for its protocol
 * (protocol.ts): fetched with the frame bridge when the frame is requested.
 */
const talk: ProviderTalk = {
  // The handshake is ready (the frame waits for the render, as for the SDK's, and @veriff/incontext-sdk's onLoad);
  // VERIFF_STARTED is the start. Veriff names no session in its messages.
  hear: () => (message) => {
    const name = message && veriffName(message);
    return name === HANDSHAKE ? { said: 'ready' } : name === 'VERIFF_STARTED' ? { said: 'start' } : undefined;
  },
  reply: (message, { context }) =>
    veriffName(message) === HANDSHAKE ? { name: 'VERIFF_RENDER', payload: renderPayload(context) } : undefined,
};

export default talk;
