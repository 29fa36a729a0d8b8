import { describe, expect, it } from 'vitest';
import { firstStep, initialModel, type FirstEvent } from '../../src/element/first-step';
import type { Resolution, ResolvedFrame } from '../../src/element/resolve';
import type { Config, Effect, Event, Model } from '../../src/flow/model';
import { step } from '../../src/flow/step';

/**
 * The seam between the two runners, held by a differential test: every sequence (generated, up to a length) of the
 * events the first step handles (element/first-step.ts) runs through it and, translated into step's vocabulary,
 * through the runtime's step (flow/step.ts, the machine inside it). After each event both must have said the same
 * (every `kyc-*` event, its detail included) and be in the same state with the same session id. Where the first step
 * leaves an event to the runtime, it says nothing; the runtime may then say more, and the sequence stops there: from
 * that point only the runtime runs.
 */

const FRAME = {
  url: new URL('https://frame.example/s/1'),
  context: { sessionToken: 'tok-1' },
  provider: { id: 'generic' },
} as unknown as ResolvedFrame;
const ENDPOINT = new URL('https://host.example/api/session');
const ok = { kind: 'ok', frame: FRAME } as const satisfies Resolution;
const needs = { kind: 'needs-session', endpoint: ENDPOINT } as const satisfies Resolution;

type M = Model<ResolvedFrame>;

function config(resolution: typeof ok | typeof needs): Config<ResolvedFrame> {
  return {
    resolution,
    key: 'k1',
    binding: resolution.kind === 'needs-session' ? 'b1' : '',
    ...(resolution.kind === 'needs-session' && { endpoint: ENDPOINT }),
    mode: 'inline',
    open: false,
    session: true,
    token: 'tok-1',
    modalOpen: false,
  };
}

/** One event the first step handles, built for the model it meets (the running frame's and request's ids). */
interface Move {
  name: string;
  first(model: M): FirstEvent;
  runtime(model: M): Event<ResolvedFrame>;
}

const said = (what: 'ready' | 'start', sessionId?: string): Move => ({
  name: `said ${what}${sessionId ? ` ${sessionId}` : ''}`,
  first: (model) => ({ type: 'frame-said', said: what, frame: model.frame?.id ?? 0, ...(sessionId && { sessionId }) }),
  runtime: (model) => ({
    type: 'signals',
    frame: model.frame?.id ?? 0,
    signals: [{ type: what, ...(sessionId && { sessionId }) }],
    from: 'message',
  }),
});

const MOVES: Move[] = [
  { name: 'connect', first: () => ({ type: 'connect' }), runtime: () => ({ type: 'connect' }) },
  { name: 'disconnect', first: () => ({ type: 'disconnect' }), runtime: () => ({ type: 'disconnect' }) },
  {
    name: 'configure(ok)',
    first: () => ({ type: 'configure', resolution: ok, key: 'k1', binding: '', mode: 'inline' }),
    runtime: () => ({ type: 'configure', config: config(ok) }),
  },
  {
    name: 'configure(endpoint)',
    first: () => ({ type: 'configure', resolution: needs, key: 'k1', binding: 'b1', mode: 'inline' }),
    runtime: () => ({ type: 'configure', config: config(needs) }),
  },
  {
    name: 'session answered',
    first: (model) => ({
      type: 'session',
      request: model.request?.id ?? 0,
      answer: { sessionUrl: FRAME.url.href },
      resolution: ok,
      now: 0,
    }),
    runtime: (model) => ({
      type: 'session',
      request: model.request?.id ?? 0,
      answer: { sessionUrl: FRAME.url.href },
      now: 0,
      config: config(ok),
    }),
  },
  said('ready'),
  said('ready', 'ses_1'),
  said('start'),
  said('start', 'ses_2'),
];

/** What a step said to the host: its `kyc-*` events with their detail, in order. */
const spoken = (effects: readonly Effect<ResolvedFrame>[]) =>
  effects.flatMap((effect) => (effect.type === 'emit' ? [`${effect.name} ${JSON.stringify(effect.detail)}`] : []));

const where = (model: M) => ({ state: model.snapshot.state, sessionId: model.snapshot.sessionId });

const DEPTH = 8;

describe('the first step and the runtime agree, on every sequence of the events both handle', () => {
  it(`every sequence of up to ${DEPTH} of the ${MOVES.length} events: the same events, state and session id after each`, () => {
    // Breadth first over the pairs of models the two reach together; a pair met before is not explored again.
    let frontier: { first: M; runtime: M; path: string[] }[] = [
      { first: initialModel(), runtime: initialModel(), path: [] },
    ];
    const seen = new Set<string>();
    const differences: string[] = [];
    let compared = 0;
    for (let depth = 0; depth < DEPTH; depth++) {
      const next: typeof frontier = [];
      for (const { first, runtime, path } of frontier)
        for (const move of MOVES) {
          const a = firstStep(first, move.first(first));
          const b = step(runtime, move.runtime(runtime));
          const [saidFirst, saidRuntime] = [spoken(a.effects), spoken(b.effects)];
          // The first step left this one to the runtime: from here on, only the runtime runs.
          if (saidFirst.length === 0 && saidRuntime.length > 0) continue;
          compared++;
          const trail = [...path, move.name];
          if (
            JSON.stringify(saidFirst) !== JSON.stringify(saidRuntime) ||
            JSON.stringify(where(a.model)) !== JSON.stringify(where(b.model))
          ) {
            differences.push(
              `${trail.join(' → ')}:\n  first   ${JSON.stringify(where(a.model))} ${saidFirst.join(', ')}\n  runtime ${JSON.stringify(where(b.model))} ${saidRuntime.join(', ')}`,
            );
            continue;
          }
          const key = JSON.stringify([a.model, b.model]);
          if (seen.has(key)) continue;
          seen.add(key);
          next.push({ first: a.model, runtime: b.model, path: trail });
        }
      frontier = next;
    }
    expect(differences.slice(0, 5), `${differences.length} sequences differ`).toEqual([]);
    // What was compared reaches every state the first step can enter, with and without a session id.
    expect(compared).toBeGreaterThan(1000);
  });
});
