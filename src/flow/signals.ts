import type { Signal } from '../providers/types';
import { makeError, type KycErrorInfo } from './errors';
import type { Input } from './machine';

/**
 * What each normalized signal from a provider's frame asks for: a machine input, or one of the few
 * effects only the element can carry out (they touch the frame, the session endpoint or the layout).
 * Pure: unit-tested without a browser.
 */

export type Step =
  | { kind: 'input'; input: Input }
  /** The frame's content height changed. */
  | { kind: 'resize'; height: number }
  /**
   * The session or token expired: renew it through the session endpoint; without one, report `error`
   * (and, where the frame can take a new token, keep it and wait for the host's new `sessionToken`).
   */
  | { kind: 'expired'; error: KycErrorInfo }
  /** The provider asked for a fresh frame (never the host page). */
  | { kind: 'reload' }
  /** The person asked to leave from inside the frame: ask "leave?" before cancelling. */
  | { kind: 'confirm-leave' };

export function stepFor(signal: Signal): Step {
  switch (signal.type) {
    case 'ready':
      return { kind: 'input', input: { type: 'ready', sessionId: signal.sessionId } };
    case 'start':
      return { kind: 'input', input: { type: 'start-flow', sessionId: signal.sessionId } };
    case 'progress':
      return {
        kind: 'input',
        input: { type: 'progress', step: signal.step, index: signal.index, total: signal.total },
      };
    case 'submit':
      return { kind: 'input', input: { type: 'submit', sessionId: signal.sessionId } };
    case 'complete':
      return { kind: 'input', input: { type: 'complete', outcome: signal.outcome, sessionId: signal.sessionId } };
    case 'cancel':
      return { kind: 'input', input: { type: 'cancel' } };
    case 'warning': {
      const warning = {
        code: signal.code,
        message: signal.message,
        ...(signal.providerCode ? { providerCode: signal.providerCode } : {}),
      };
      return { kind: 'input', input: { type: 'warn', warning } };
    }
    case 'error': {
      const error = makeError(signal.code, signal.message, {
        recoverable: signal.recoverable,
        providerCode: signal.providerCode,
      });
      return signal.code === 'session-expired'
        ? { kind: 'expired', error }
        : { kind: 'input', input: { type: 'fail', error } };
    }
    case 'token-expired':
      return {
        kind: 'expired',
        error: makeError(
          'session-expired',
          'the provider says the session token expired; set a new sessionToken to resume',
        ),
      };
    case 'resize':
      return { kind: 'resize', height: signal.height };
    case 'reload':
      return { kind: 'reload' };
    case 'close-request':
      return { kind: 'confirm-leave' };
  }
}
