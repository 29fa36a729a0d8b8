import type { Decoded } from './decode';
import type { FrameContext } from '../providers/types';
import type { ProviderProtocol, Signal } from './types';
import { asRecord, asText, complete, safely, str } from './wire';

/**
 * Veriff's frame sends bare strings (`VERIFF_STARTED`); the widget also accepts them JSON-quoted, in any
 * letter case, or as `{name|type|event: "VERIFF_…"}`. The host answers the handshake with `VERIFF_RENDER`.
 */

/** `VERIFF_RENDER.payload.version`: the @veriff/incontext-sdk release whose handshake this adapter sends. */
export const VERIFF_RENDER_VERSION = '2.5.0';

export const veriffProtocol: ProviderProtocol = {
  createSession(port) {
    return {
      receive: (message) =>
        safely((): Signal[] => {
          switch (nameOf(message)) {
            case 'VERIFF_HANDSHAKE':
              port.post({ name: 'VERIFF_RENDER', payload: renderPayload(port.context) });
              return [{ type: 'ready' }];
            case 'VERIFF_STARTED':
              return [{ type: 'start' }];
            case 'VERIFF_SUBMITTED':
              return [{ type: 'submit' }];
            case 'VERIFF_FINISHED':
              // The frame says the person is done, never what was decided.
              return [complete('pending')];
            case 'VERIFF_CANCELED':
            case 'VERIFF_CANCELLED':
              return [{ type: 'cancel' }];
            case 'VERIFF_RELOAD_REQUEST':
              // The camera permission must be asked again: a fresh frame does that. Not an error.
              return [{ type: 'reload' }];
            case 'VERIFF_FORCE_RELOAD':
              return [{ type: 'reload' }];
            default:
              return [];
          }
        }),
    };
  },
};

function nameOf(message: Decoded): string | undefined {
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
function renderPayload(context: FrameContext): Record<string, unknown> {
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
