import { height, num, str } from '../frame/decode';
import type { Outcome, ProviderAdapter, Signal } from './types';

/**
 * The project's own protocol (docs/protocol.md): `{"kyc": 1, "type": …}` objects (or the same as a JSON string).
 * No home origin: the session URL's origin, plus `allowed-origins`, is trusted.
 */
export const PROTOCOL_VERSION = 1;

const OUTCOMES: readonly Outcome[] = ['approved', 'declined', 'pending'];
const CAMERA_CODE = 'camera-unavailable';

export const generic: ProviderAdapter = {
  id: 'generic',
  origins: [],
  allow: 'camera; microphone; fullscreen; clipboard-write',
  allowFullscreen: true,

  frameUrl({ sessionUrl }) {
    if (!sessionUrl) return { ok: false, message: 'session-url is required for the generic provider' };
    return { ok: true, url: new URL(sessionUrl) };
  },

  createSession(port) {
    return {
      receive(message) {
        if (message.kind !== 'object' || message.value.kyc !== PROTOCOL_VERSION) return [];
        const data = message.value;
        const sessionId = str(data.sessionId);
        switch (data.type) {
          case 'ready': {
            const { locale, theme } = port.context;
            port.post({ kyc: PROTOCOL_VERSION, type: 'init', locale, theme });
            return [{ type: 'ready', sessionId }];
          }
          case 'start':
            return [{ type: 'start', sessionId }];
          case 'progress': {
            const step = str(data.step, 100);
            return step ? [{ type: 'progress', step, index: num(data.index), total: num(data.total) }] : [];
          }
          case 'submit':
            return [{ type: 'submit', sessionId }];
          case 'complete': {
            const outcome = OUTCOMES.find((o) => o === data.outcome) ?? 'pending';
            return [{ type: 'complete', outcome, sessionId }];
          }
          case 'cancel':
            return [{ type: 'cancel' }];
          case 'error': {
            const code = str(data.code, 100);
            const signal: Signal = {
              type: 'error',
              code: code === CAMERA_CODE ? CAMERA_CODE : 'provider-error',
              message: str(data.message, 500) ?? 'The verification frame reported an error',
              providerCode: code,
            };
            if (typeof data.recoverable === 'boolean') signal.recoverable = data.recoverable;
            return [signal];
          }
          case 'resize': {
            const h = height(data.height);
            return h ? [{ type: 'resize', height: h }] : [];
          }
          case 'token-expired':
            return [{ type: 'token-expired' }];
          default:
            return [];
        }
      },
      tokenRefreshed(token) {
        if (token) port.post({ kyc: PROTOCOL_VERSION, type: 'token', token });
      },
    };
  },
};
