import { describe, expect, it } from 'vitest';
import { makeError } from '../../src/flow/errors';
import { canRetry, INITIAL, transition, type Input, type Snapshot } from '../../src/flow/machine';

function run(inputs: Input[], from: Snapshot = INITIAL) {
  let snapshot = from;
  const events: string[] = [];
  for (const input of inputs) {
    const result = transition(snapshot, input);
    snapshot = result.snapshot;
    for (const emit of result.emits)
      events.push(emit.name === 'kyc-statechange' ? `state:${emit.detail.state}` : emit.name);
  }
  return { snapshot, events };
}

describe('flow machine', () => {
  it('walks the happy path in the order of states the README gives', () => {
    const { snapshot, events } = run([
      { type: 'start' },
      { type: 'ready' },
      { type: 'start-flow' },
      { type: 'progress', step: 'document', index: 1, total: 2 },
      { type: 'submit', sessionId: 's1' },
      { type: 'complete', outcome: 'approved' },
    ]);
    expect(events).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'kyc-progress',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    expect(snapshot).toMatchObject({ state: 'complete', outcome: 'approved', sessionId: 's1', attempt: 1 });
  });

  it('emits statechange before the event it explains, with previous', () => {
    const { emits } = transition({ state: 'loading', attempt: 1 }, { type: 'ready' });
    expect(emits).toEqual([
      { name: 'kyc-statechange', detail: { state: 'ready', previous: 'loading' } },
      { name: 'kyc-ready', detail: {} },
    ]);
  });

  it('fires complete and cancel at most once per attempt', () => {
    const { events } = run([
      { type: 'start' },
      { type: 'ready' },
      { type: 'complete', outcome: 'declined' },
      { type: 'complete', outcome: 'approved' },
      { type: 'cancel' },
    ]);
    expect(events.filter((e) => e === 'kyc-complete')).toHaveLength(1);
    expect(events).not.toContain('kyc-cancel');
    const cancelled = run([
      { type: 'start' },
      { type: 'ready' },
      { type: 'cancel' },
      { type: 'cancel' },
      { type: 'complete', outcome: 'approved' },
    ]);
    expect(cancelled.events.filter((e) => e === 'kyc-cancel')).toHaveLength(1);
    expect(cancelled.events).not.toContain('kyc-complete');
  });

  it('allows a new complete after a retry (a new attempt)', () => {
    const { snapshot, events } = run([
      { type: 'start' },
      { type: 'ready' },
      { type: 'cancel' },
      { type: 'retry' },
      { type: 'ready' },
      { type: 'complete', outcome: 'pending' },
    ]);
    expect(snapshot.attempt).toBe(2);
    expect(events.filter((e) => e === 'kyc-complete')).toHaveLength(1);
  });

  it('retries only after a cancel or a recoverable error', () => {
    const fatal = run([
      { type: 'start' },
      { type: 'fail', error: makeError('config-invalid', 'x') },
      { type: 'retry' },
    ]);
    expect(fatal.snapshot.state).toBe('error');
    const recoverable = run([
      { type: 'start' },
      { type: 'fail', error: makeError('frame-load-timeout', 'x') },
      { type: 'retry' },
    ]);
    expect(recoverable.snapshot.state).toBe('loading');
    expect(canRetry({ state: 'complete', attempt: 1 })).toBe(false);
    expect(run([{ type: 'retry' }]).snapshot.state).toBe('idle');
  });

  it('keeps a finished verification finished: late errors are ignored', () => {
    const { snapshot, events } = run([
      { type: 'start' },
      { type: 'ready' },
      { type: 'complete', outcome: 'approved' },
      { type: 'fail', error: makeError('provider-error', 'late') },
    ]);
    expect(snapshot.state).toBe('complete');
    expect(events).not.toContain('kyc-error');
  });

  it('ignores frame events that do not fit the state', () => {
    const idle = run([
      { type: 'ready' },
      { type: 'submit' },
      { type: 'complete', outcome: 'approved' },
      { type: 'cancel' },
    ]);
    expect(idle.events).toEqual([]);
    const loading = run([{ type: 'start' }, { type: 'ready' }, { type: 'ready' }]);
    expect(loading.events.filter((e) => e === 'kyc-ready')).toHaveLength(1);
  });

  it('lets progress arrive before start (providers that never say start)', () => {
    const { events, snapshot } = run([{ type: 'start' }, { type: 'ready' }, { type: 'progress', step: 'doc' }]);
    expect(snapshot.state).toBe('in-progress');
    expect(events.slice(-2)).toEqual(['state:in-progress', 'kyc-progress']);
  });

  it('reset goes back to idle', () => {
    expect(run([{ type: 'start' }, { type: 'reset' }]).snapshot.state).toBe('idle');
  });

  it('error codes carry their default recoverability', () => {
    expect(makeError('config-invalid', '').recoverable).toBe(false);
    expect(makeError('session-expired', '').recoverable).toBe(false);
    for (const code of [
      'session-fetch-failed',
      'frame-load-timeout',
      'camera-unavailable',
      'provider-error',
      'offline',
    ] as const) {
      expect(makeError(code, '').recoverable).toBe(true);
    }
    expect(makeError('provider-error', '', { recoverable: false, providerCode: 'E1' })).toEqual({
      code: 'provider-error',
      message: '',
      recoverable: false,
      providerCode: 'E1',
    });
  });
});

describe('session ids across attempts', () => {
  it('keeps the id on a retry of the same session, drops it for a fresh one', () => {
    const base = run([{ type: 'start' }, { type: 'ready', sessionId: 'old' }, { type: 'cancel' }]).snapshot;
    expect(run([{ type: 'retry' }], base).snapshot.sessionId).toBe('old');
    expect(run([{ type: 'start' }], base).snapshot.sessionId).toBe('old');
    expect(run([{ type: 'start', fresh: true }], base).snapshot.sessionId).toBeUndefined();
  });

  it('decided before the page opened: complete with that outcome and no kyc-complete, only before anything began', () => {
    for (const state of ['idle', 'loading', 'ready'] as const) {
      const { snapshot, events } = run([{ type: 'decided', outcome: 'declined', sessionId: 's9' }], {
        state,
        attempt: 1,
      });
      expect(events, state).toEqual(['state:complete']);
      expect(snapshot).toMatchObject({ state: 'complete', outcome: 'declined', sessionId: 's9', attempt: 1 });
    }
    for (const state of ['in-progress', 'submitted', 'complete', 'cancelled', 'error'] as const) {
      const from: Snapshot = { state, attempt: 1 };
      expect(transition(from, { type: 'decided', outcome: 'approved' }), state).toEqual({ snapshot: from, emits: [] });
    }
  });
});
