import { describe, expect, it } from 'vitest';
import { makeError } from '../../src/flow/errors';
import { STATES, transition, type Input, type KycState, type Snapshot } from '../../src/flow/machine';

/**
 * The state machine over every state × every input, against a table written apart from the code: for each input,
 * the states it may act in, where it takes the flow and what it says. Anywhere else it does nothing at all: the same
 * snapshot, no event. The pairs are generated, so a state or an input added to the machine without a row here fails.
 */

type Rule = { from: readonly KycState[]; to: KycState | 'same'; says?: string; newAttempt?: true };

const LIVE = ['loading', 'ready', 'in-progress', 'submitted'] as const;
const ANY = STATES;

/** What each input may do (docs/events.md's order of states; once per attempt for the endings). */
const RULES: Record<Input['type'], Rule> = {
  start: { from: ANY, to: 'loading', newAttempt: true },
  retry: { from: ['cancelled', 'error'], to: 'loading', newAttempt: true }, // error: a recoverable one only
  reset: { from: ANY, to: 'idle' },
  ready: { from: ['loading'], to: 'ready', says: 'kyc-ready' },
  'start-flow': { from: ['loading', 'ready'], to: 'in-progress', says: 'kyc-start' },
  progress: { from: ['loading', 'ready', 'in-progress'], to: 'in-progress', says: 'kyc-progress' },
  submit: { from: ['loading', 'ready', 'in-progress'], to: 'submitted', says: 'kyc-submit' },
  complete: { from: LIVE, to: 'complete', says: 'kyc-complete' },
  decided: { from: ['idle', 'loading', 'ready'], to: 'complete' }, // nothing completed here: no kyc-complete
  cancel: { from: LIVE, to: 'cancelled', says: 'kyc-cancel' },
  fail: { from: ANY.filter((state) => state !== 'complete'), to: 'error', says: 'kyc-error' },
  warn: { from: LIVE, to: 'same', says: 'kyc-warning' },
  resume: { from: ['error'], to: 'same' }, // to the state it names, when that one is live: below
  close: { from: ANY, to: 'same', says: 'kyc-close' },
};

/** One input of each type (resume once per state it could name). */
const INPUTS: Input[] = [
  { type: 'start' },
  { type: 'start', fresh: true },
  { type: 'retry' },
  { type: 'reset' },
  { type: 'ready' },
  { type: 'start-flow' },
  { type: 'progress', step: 'document' },
  { type: 'submit' },
  { type: 'complete', outcome: 'approved' },
  { type: 'decided', outcome: 'declined' },
  { type: 'cancel' },
  { type: 'fail', error: makeError('provider-error', 'the frame said so') },
  { type: 'warn', warning: { code: 'camera-denied', message: 'no camera' } as never },
  ...STATES.map((state): Input => ({ type: 'resume', state })),
  { type: 'close' },
];

/** Every state as a snapshot; the error state twice, with a recoverable error and without. */
const SNAPSHOTS: Array<[string, Snapshot]> = [
  ...STATES.map((state): [string, Snapshot] => [
    state,
    state === 'error'
      ? { state, attempt: 1, error: makeError('offline', 'offline', { recoverable: true }) }
      : { state, attempt: 1 },
  ]),
  ['error (not recoverable)', { state: 'error', attempt: 1, error: makeError('config-invalid', 'bad input') }],
];

/** What the table says `input` does in `snapshot`; `acts` false: nothing at all. */
function expected(snapshot: Snapshot, input: Input) {
  const rule = RULES[input.type];
  const nothing = { acts: false, state: snapshot.state, says: [] as string[], attempt: snapshot.attempt };
  if (!rule.from.includes(snapshot.state)) return nothing;
  if (input.type === 'retry' && snapshot.state === 'error' && !snapshot.error?.recoverable) return nothing;
  let to = rule.to === 'same' ? snapshot.state : rule.to;
  if (input.type === 'resume') {
    if (!(LIVE as readonly KycState[]).includes(input.state)) return nothing;
    to = input.state;
  }
  const says = [...(to !== snapshot.state ? [`state:${to}`] : []), ...(rule.says ? [rule.says] : [])];
  return { acts: true, state: to, says, attempt: snapshot.attempt + (rule.newAttempt ? 1 : 0) };
}

const label = (input: Input) =>
  input.type === 'resume'
    ? `resume(${input.state})`
    : input.type === 'start' && input.fresh
      ? 'start(fresh)'
      : input.type;

describe('the state machine: every state × every input, against the table', () => {
  it('the table names every input the machine takes, and every state is tried', () => {
    expect(new Set(INPUTS.map((input) => input.type))).toEqual(new Set(Object.keys(RULES)));
    expect(new Set(SNAPSHOTS.map(([, snapshot]) => snapshot.state))).toEqual(new Set(STATES));
  });

  const pairs = SNAPSHOTS.flatMap(([name, snapshot]) =>
    INPUTS.map((input) => [name, label(input), snapshot, input] as const),
  );

  it.each(pairs)('%s × %s', (_name, _label, snapshot, input) => {
    const before = structuredClone(snapshot);
    const { snapshot: next, emits } = transition(snapshot, input);
    const { acts, ...want } = expected(snapshot, input);
    expect({
      state: next.state,
      says: emits.map((emit) => (emit.name === 'kyc-statechange' ? `state:${emit.detail.state}` : emit.name)),
      attempt: next.attempt,
    }).toEqual(want);
    expect(snapshot).toEqual(before); // the machine is pure: the snapshot it was given is not changed
    // Doing nothing is doing nothing at all: the very snapshot it was given.
    if (!acts) expect(next).toBe(snapshot);
  });
});
