import type { Signal } from '../protocols/types';
import { makeError, type KycErrorInfo } from './errors';
import { reload } from './frames';
import { isLive, type Input } from './machine';
import type { FrameLike } from './model';
import type { Run } from './run';
import { expired } from './sessions';

/**
 * A frame's signals (protocols/types.ts), what each asks for (`signalStep`: a machine input, or one of the few
 * things only the runtime does), and applying them, in order, within one step. Only a running flow acts on
 * them, but for the machine's own inputs, which it judges itself (a late `complete` is nothing).
 */

/** What a provider signal asks for: a machine input, or one of the few things only the runtime does. */
export type SignalStep =
  | { kind: 'input'; input: Input }
  | { kind: 'resize'; height: number }
  /** Renew through the session endpoint; without one, report it (and keep a frame that can take a token). */
  | { kind: 'expired'; error: KycErrorInfo }
  | { kind: 'reload' }
  | { kind: 'confirm-leave' };

export function signalStep(signal: Signal): SignalStep {
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

/** What one message (or the frame's `load`) said, for the running frame; each signal in order. */
export function applySignals<F extends FrameLike>(
  run: Run<F>,
  signals: readonly Signal[],
  from: 'message' | 'load',
): void {
  if (signals.length === 0 && from === 'message') run.do({ type: 'debug', note: 'ignored message' });
  for (const signal of signals) {
    const asked = signalStep(signal);
    const live = isLive(run.state);
    if (asked.kind === 'input' && (asked.input.type !== 'fail' || live)) run.transition(asked.input);
    else if (asked.kind === 'resize' && live) run.do({ type: 'frame-height', height: asked.height });
    else if (asked.kind === 'expired' && live) expired(run, asked.error);
    else if (asked.kind === 'confirm-leave' && live) run.do({ type: 'confirm-leave' });
    else if (asked.kind === 'reload' && live) reload(run);
  }
}
