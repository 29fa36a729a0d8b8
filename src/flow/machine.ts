import type { Outcome } from '../protocols/types';
import type { KycErrorInfo, KycWarningInfo } from './errors';
import type { Emit, KycState } from './events';

/**
 * The verification flow as a pure state machine: (snapshot, input) → (snapshot, emits).
 * No timers, no DOM: the element applies the emits and owns side effects (frame, timers).
 */

export { STATES, type KycState } from './events';

export interface Snapshot {
  readonly state: KycState;
  /** Increments with every start/retry; complete and cancel fire at most once per attempt. */
  readonly attempt: number;
  readonly sessionId?: string;
  readonly outcome?: Outcome;
  readonly error?: KycErrorInfo;
}

export type Input =
  /** `fresh`: a new session (new inputs), so the previous session's id no longer applies. */
  | { type: 'start'; fresh?: boolean }
  | { type: 'retry' }
  | { type: 'reset' }
  | { type: 'ready'; sessionId?: string }
  | { type: 'start-flow'; sessionId?: string }
  | { type: 'progress'; step: string; index?: number; total?: number }
  | { type: 'submit'; sessionId?: string }
  | { type: 'complete'; outcome: Outcome; sessionId?: string }
  /**
   * The host's backend already had a decision for this person when the page opened, before anything began here
   * (idle, loading, ready): the flow is over, with that outcome, and no `kyc-complete` (nothing was completed here).
   */
  | { type: 'decided'; outcome: Outcome; sessionId?: string }
  | { type: 'cancel' }
  | { type: 'fail'; error: KycErrorInfo }
  /** A problem the provider's flow handles itself: reported, and the state stays. */
  | { type: 'warn'; warning: KycWarningInfo }
  /** Back to where the flow was, in the same frame (a new token arrived after `session-expired`). */
  | { type: 'resume'; state: KycState }
  /** The person dismissed the widget (Done on a result screen, or closed the modal). */
  | { type: 'close' };

export interface Transition {
  snapshot: Snapshot;
  /** What the element should dispatch, in order. `kyc-statechange` is always first when the state moved. */
  emits: Emit[];
}

export const INITIAL: Snapshot = Object.freeze({ state: 'idle', attempt: 0 });

/** States in which the provider's frame is running and may still speak. */
const LIVE: ReadonlySet<KycState> = new Set(['loading', 'ready', 'in-progress', 'submitted']);

export function isLive(state: KycState): boolean {
  return LIVE.has(state);
}

export function canRetry(snapshot: Snapshot): boolean {
  return snapshot.state === 'cancelled' || (snapshot.state === 'error' && snapshot.error?.recoverable === true);
}

export function transition(snapshot: Snapshot, input: Input): Transition {
  const emits: Emit[] = [];
  const move = (state: KycState, patch: Partial<Snapshot> = {}): Snapshot => {
    const next: Snapshot = { ...snapshot, ...patch, state };
    if (state !== snapshot.state)
      emits.unshift({ name: 'kyc-statechange', detail: { state, previous: snapshot.state } });
    return next;
  };
  const withId = (id: string | undefined): Partial<Snapshot> => (id ? { sessionId: id } : {});
  const { state } = snapshot;

  switch (input.type) {
    case 'start': {
      const patch: Partial<Snapshot> = { attempt: snapshot.attempt + 1, outcome: undefined, error: undefined };
      return { snapshot: move('loading', input.fresh ? { ...patch, sessionId: undefined } : patch), emits };
    }
    case 'retry':
      if (!canRetry(snapshot)) return { snapshot, emits };
      return {
        snapshot: move('loading', { attempt: snapshot.attempt + 1, outcome: undefined, error: undefined }),
        emits,
      };
    case 'reset':
      return { snapshot: move('idle', { outcome: undefined, error: undefined }), emits };
    case 'ready':
      if (state !== 'loading') return { snapshot: idOnly(snapshot, input.sessionId), emits };
      emits.push({ name: 'kyc-ready', detail: {} });
      return { snapshot: move('ready', withId(input.sessionId)), emits };
    case 'start-flow':
      if (state !== 'ready' && state !== 'loading') return { snapshot: idOnly(snapshot, input.sessionId), emits };
      emits.push({ name: 'kyc-start', detail: {} });
      return { snapshot: move('in-progress', withId(input.sessionId)), emits };
    case 'progress': {
      if (state !== 'ready' && state !== 'in-progress' && state !== 'loading') return { snapshot, emits };
      const detail: { step: string; index?: number; total?: number } = { step: input.step };
      if (input.index !== undefined) detail.index = input.index;
      if (input.total !== undefined) detail.total = input.total;
      emits.push({ name: 'kyc-progress', detail });
      return { snapshot: move('in-progress'), emits };
    }
    case 'submit':
      if (!isLive(state) || state === 'submitted') return { snapshot: idOnly(snapshot, input.sessionId), emits };
      emits.push({ name: 'kyc-submit', detail: {} });
      return { snapshot: move('submitted', withId(input.sessionId)), emits };
    case 'complete':
      if (!isLive(state)) return { snapshot, emits };
      emits.push({ name: 'kyc-complete', detail: { outcome: input.outcome } });
      return { snapshot: move('complete', { ...withId(input.sessionId), outcome: input.outcome }), emits };
    case 'decided':
      if (state !== 'idle' && state !== 'loading' && state !== 'ready') return { snapshot, emits };
      return { snapshot: move('complete', { ...withId(input.sessionId), outcome: input.outcome }), emits };
    case 'cancel':
      if (!isLive(state)) return { snapshot, emits };
      emits.push({ name: 'kyc-cancel', detail: {} });
      return { snapshot: move('cancelled'), emits };
    case 'fail':
      // A finished verification stays finished: a late frame error must not replace the result.
      if (state === 'complete') return { snapshot, emits };
      emits.push({ name: 'kyc-error', detail: input.error });
      return { snapshot: move('error', { error: input.error }), emits };
    case 'warn':
      if (!isLive(state)) return { snapshot, emits };
      emits.push({ name: 'kyc-warning', detail: input.warning });
      return { snapshot, emits };
    case 'resume':
      if (state !== 'error' || !isLive(input.state)) return { snapshot, emits };
      return { snapshot: move(input.state, { error: undefined }), emits };
    case 'close':
      emits.push({ name: 'kyc-close', detail: { state } });
      return { snapshot, emits };
  }
}

function idOnly(snapshot: Snapshot, sessionId: string | undefined): Snapshot {
  return sessionId && !snapshot.sessionId && isLive(snapshot.state) ? { ...snapshot, sessionId } : snapshot;
}
