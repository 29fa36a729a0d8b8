import { describe, expect, it } from 'vitest';
import { firstStep, initialModel, type FirstEvent } from '../../src/element/first-step';
import type { Resolution, ResolvedFrame } from '../../src/element/resolve';
import { Problem } from '../../src/frame/problem';
import type { Effect, Model } from '../../src/flow/model';
import { step } from '../../src/flow/step';

/**
 * What the element decides before its runtime is here (element/first-step.ts), as a table of (model, event) →
 * effects, in step's vocabulary; then the hand-over: the runtime's step goes on from the first step's model.
 */

const FRAME = {
  url: new URL('https://frame.example/s/1'),
  context: { sessionToken: 'tok-1' },
  provider: { id: 'generic' },
} as unknown as ResolvedFrame;
/** A provider delivered as the vendor's script (providers/types.ts `sdk`): its URL is the loader's. */
const SDK_FRAME = {
  url: new URL('https://sdk.onfido.com/v14.80.0/Onfido.js'),
  context: { sessionToken: 'tok-1' },
  provider: { id: 'onfido', sdk: { mount: 'inline' } },
} as unknown as ResolvedFrame;
const ENDPOINT = new URL('https://host.example/api/session');

const EMPTY = initialModel();

const ok: Resolution = { kind: 'ok', frame: FRAME };
const needs: Resolution = { kind: 'needs-session', endpoint: ENDPOINT };
const configure = (resolution: Resolution, patch: Partial<Extract<FirstEvent, { type: 'configure' }>> = {}) =>
  ({ type: 'configure', resolution, key: 'k1', binding: '', mode: 'inline', ...patch }) as FirstEvent;

function run(model: Model<ResolvedFrame>, ...events: FirstEvent[]) {
  let effects: Effect<ResolvedFrame>[] = [];
  for (const event of events) ({ model, effects } = firstStep(model, event));
  return { model, effects };
}

const word = (effect: Effect<ResolvedFrame>) => (effect.type === 'emit' ? `emit:${effect.name}` : effect.type);
const connected = run(EMPTY, { type: 'connect' }).model;
const launched = run(connected, configure(ok)).model;
const asking = run(connected, configure(needs, { warm: 'https://frame.example' })).model;
const said = (what: 'ready' | 'start', frame = 1, sessionId?: string): FirstEvent => ({
  type: 'frame-said',
  said: what,
  frame,
  ...(sessionId && { sessionId }),
});
const readied = run(launched, said('ready')).model;
const started = run(readied, said('start')).model;

describe('the first step: before the runtime is here', () => {
  it.each<[string, Model<ResolvedFrame>, FirstEvent, string[], string]>([
    [
      'valid inline inputs: the frame first, then idle → loading',
      connected,
      configure(ok),
      ['load-frame', 'snapshot', 'emit:kyc-statechange'],
      'loading',
    ],
    [
      'a session endpoint alone: the request, the warm-up frame, idle → loading',
      connected,
      configure(needs, { warm: 'https://frame.example' }),
      ['fetch-session', 'warm-up', 'snapshot', 'emit:kyc-statechange'],
      'loading',
    ],
    [
      "an SDK-hosted provider: its load at once (the stand-in starts the vendor's script), idle → loading",
      connected,
      configure({ kind: 'ok', frame: SDK_FRAME }),
      ['load-frame', 'snapshot', 'emit:kyc-statechange'],
      'loading',
    ],
    ['modal mode waits for the runtime (its dialog)', connected, configure(ok, { mode: 'modal' }), [], 'idle'],
    [
      'a problem waits for the runtime (its words)',
      connected,
      configure({ kind: 'invalid', problem: new Problem('needs', 'veriff') }),
      [],
      'idle',
    ],
    ['nothing to frame yet: idle', connected, configure({ kind: 'idle' }), [], 'idle'],
    ['not on the page: nothing', EMPTY, configure(ok), [], 'idle'],
    ['launched once: later changes are the runtime’s', launched, configure(ok, { key: 'k2' }), [], 'loading'],
    [
      'a good answer: its frame, with no second statechange',
      asking,
      { type: 'session', request: 1, answer: { sessionUrl: 'https://frame.example/s/1' }, resolution: ok, now: 0 },
      ['load-frame'],
      'loading',
    ],
    [
      'an expired answer is the runtime’s to renew',
      asking,
      {
        type: 'session',
        request: 1,
        answer: { sessionUrl: 'x', expiresAt: '2000-01-01T00:00:00Z' },
        resolution: ok,
        now: Date.parse('2026-01-01'),
      },
      [],
      'loading',
    ],
    [
      'no good answer (an error, bad JSON): the runtime reads the same request',
      asking,
      { type: 'session', request: 1, answer: null, resolution: null, now: 0 },
      [],
      'loading',
    ],
    [
      'an answer for another request: nothing',
      asking,
      { type: 'session', request: 2, answer: { sessionUrl: 'x' }, resolution: ok, now: 0 },
      [],
      'loading',
    ],
    ['leaving the page: the frame goes', launched, { type: 'disconnect' }, ['stop-frame'], 'loading'],
    ['leaving the page: the request stops', asking, { type: 'disconnect' }, ['abort-session'], 'loading'],
    [
      'the frame said ready (on a message that passed the guard): loading → ready, kyc-ready',
      launched,
      said('ready'),
      ['snapshot', 'emit:kyc-statechange', 'emit:kyc-ready'],
      'ready',
    ],
    ['ready again: nothing (once per attempt)', readied, said('ready'), [], 'ready'],
    ["another frame's ready (an earlier one's): nothing", launched, said('ready', 2), [], 'loading'],
    ['ready with no frame yet (the request first): nothing', asking, said('ready'), [], 'loading'],
    [
      'ready after the frame went with the page: nothing',
      run(launched, { type: 'disconnect' }).model,
      said('ready'),
      [],
      'loading',
    ],
    [
      'the frame said the person began: ready → in-progress, kyc-start',
      readied,
      said('start'),
      ['snapshot', 'emit:kyc-statechange', 'emit:kyc-start'],
      'in-progress',
    ],
    [
      'began before it said ready: loading → in-progress, kyc-start (as the machine moves)',
      launched,
      said('start'),
      ['snapshot', 'emit:kyc-statechange', 'emit:kyc-start'],
      'in-progress',
    ],
    ['start again: nothing (once per attempt)', started, said('start'), [], 'in-progress'],
    ['ready after the start: nothing', started, said('ready'), [], 'in-progress'],
    ["another frame's start: nothing", readied, said('start', 2), [], 'ready'],
    [
      'start after the frame went with the page: nothing',
      run(readied, { type: 'disconnect' }).model,
      said('start'),
      [],
      'ready',
    ],
    [
      'the runtime could not be downloaded: a recoverable error',
      launched,
      { type: 'runtime-failed', asked: true, provider: 'veriff' },
      ['stop-frame', 'snapshot', 'emit:kyc-statechange', 'emit:kyc-error'],
      'error',
    ],
    [
      '…but only for a flow that was asked for',
      connected,
      { type: 'runtime-failed', asked: false, provider: 'veriff' },
      [],
      'idle',
    ],
  ])('%s', (_, model, event, effects, state) => {
    const next = firstStep(model, event);
    expect(next.effects.map(word)).toEqual(effects);
    expect(next.model.snapshot.state).toBe(state);
  });

  it('says what the runtime would: loading is attempt 1 from idle, and the download error names the provider', () => {
    const loading = firstStep(connected, configure(ok)).effects;
    expect(loading).toContainEqual({
      type: 'emit',
      name: 'kyc-statechange',
      detail: { state: 'loading', previous: 'idle' },
    });
    const failed = firstStep(launched, { type: 'runtime-failed', asked: true, provider: 'veriff' }).effects;
    expect(failed).toContainEqual({
      type: 'emit',
      name: 'kyc-error',
      detail: { code: 'frame-load-timeout', message: expect.stringContaining('veriff') as string, recoverable: true },
    });
  });

  it.each<[string, Model<ResolvedFrame>, FirstEvent[]]>([
    ['ready, naming the session', launched, [said('ready', 1, 'ses_1')]],
    ['ready, then start naming none (the ready one stays)', launched, [said('ready', 1, 'ses_1'), said('start')]],
    ['ready naming none, then start naming it', launched, [said('ready'), said('start', 1, 'ses_2')]],
    ['start with no ready before it', launched, [said('start', 1, 'ses_3')]],
  ])('the frame said %s: the state, the snapshot and the events the machine gives', (_, from, events) => {
    const first = run(from, ...events.slice(0, -1)).model;
    const last = events[events.length - 1] as Extract<FirstEvent, { type: 'frame-said' }>;
    const { model, effects } = firstStep(first, last);
    // The machine's own move (flow/machine.ts) from the same model, with the session id on every event.
    const machine = step(first, {
      type: 'signals',
      frame: 1,
      signals: [{ type: last.said, ...(last.sessionId && { sessionId: last.sessionId }) }],
      from: 'message',
    });
    const emits = (list: Effect<ResolvedFrame>[]) => list.filter((e) => e.type === 'emit' || e.type === 'snapshot');
    expect(emits(effects)).toEqual(emits(machine.effects));
    expect(emits(effects).length).toBeGreaterThan(0);
    expect(model.snapshot).toEqual(machine.model.snapshot);
  });

  it('back on the page after leaving a ready flow: a new attempt, loading again', () => {
    const back = run(readied, { type: 'disconnect' }, { type: 'connect' }).model;
    const again = firstStep(back, configure(ok));
    expect(again.effects.map(word)).toEqual(['load-frame', 'snapshot', 'emit:kyc-statechange']);
    expect(again.model.snapshot).toEqual({ state: 'loading', attempt: 2 });
    expect(run(again.model, said('ready', 2)).model.snapshot.state).toBe('ready');
  });

  it('back on the page after leaving a started flow: a new attempt, loading again', () => {
    const back = run(started, { type: 'disconnect' }, { type: 'connect' }).model;
    const again = firstStep(back, configure(ok));
    expect(again.effects.map(word)).toEqual(['load-frame', 'snapshot', 'emit:kyc-statechange']);
    expect(again.model.snapshot).toEqual({ state: 'loading', attempt: 2 });
  });

  it('back on the page after leaving mid-flow: it launches again, with no second statechange', () => {
    const back = run(launched, { type: 'disconnect' }, { type: 'connect' }).model;
    expect(back.resume).toBeNull();
    const again = firstStep(back, configure(ok));
    expect(again.effects.map(word)).toEqual(['load-frame']);
    expect(again.model.frame?.id).toBe(2);
  });

  it('the hand-over: the runtime’s step goes on from the first step’s model, nothing twice', () => {
    // The frame: taken over as frame 1, and the same configuration is then "same".
    const adopted = step(launched, { type: 'adopted', connected: true });
    expect(adopted.effects.filter((e) => e.type === 'adopt-frame')).toEqual([
      { type: 'adopt-frame', frame: FRAME, id: 1 },
    ]);
    expect(adopted.effects.some((e) => e.type === 'load-frame' || e.type === 'emit')).toBe(false);
    // An SDK-hosted provider: the stand-in requested nothing, and the runtime's adopt-frame is where it loads.
    const sdk = step(run(connected, configure({ kind: 'ok', frame: SDK_FRAME })).model, {
      type: 'adopted',
      connected: true,
    });
    expect(sdk.effects.filter((e) => e.type === 'adopt-frame')).toEqual([
      { type: 'adopt-frame', frame: SDK_FRAME, id: 1 },
    ]);
    // A frame that already said ready: settled at once (its load timers stop), and the replay of its ready (the
    // queued message, read by the runtime's protocol) says nothing twice; the flow goes on from ready.
    const ready = step(readied, { type: 'adopted', connected: true });
    expect(ready.effects.map((e) => e.type)).toEqual(expect.arrayContaining(['adopt-frame', 'settled']));
    expect(ready.effects.some((e) => e.type === 'load-frame' || e.type === 'emit')).toBe(false);
    const replayed = step(ready.model, {
      type: 'signals',
      frame: 1,
      signals: [{ type: 'ready', sessionId: 'ses_1' }, { type: 'start' }],
      from: 'message',
    });
    expect(replayed.effects.filter((e) => e.type === 'emit').map((e) => (e as { name: string }).name)).toEqual([
      'kyc-statechange',
      'kyc-start',
    ]);
    expect(replayed.model.snapshot).toMatchObject({ state: 'in-progress', attempt: 1, sessionId: 'ses_1' });
    // A frame whose person began: settled at once too, and the replay of its ready and start says nothing twice;
    // the flow goes on from in-progress.
    const going = step(started, { type: 'adopted', connected: true });
    expect(going.effects.map((e) => e.type)).toEqual(expect.arrayContaining(['adopt-frame', 'settled']));
    expect(going.effects.some((e) => e.type === 'load-frame' || e.type === 'emit')).toBe(false);
    const again = step(going.model, {
      type: 'signals',
      frame: 1,
      signals: [{ type: 'ready' }, { type: 'start' }, { type: 'progress', step: 'document' }],
      from: 'message',
    });
    expect(again.effects.filter((e) => e.type === 'emit').map((e) => (e as { name: string }).name)).toEqual([
      'kyc-progress',
    ]);
    // The request: read as the first try of the runtime's own session client.
    const reading = step(asking, { type: 'adopted', connected: true });
    expect(reading.effects.find((e) => e.type === 'fetch-session')).toEqual({
      type: 'fetch-session',
      endpoint: ENDPOINT,
      refresh: false,
      request: 1,
      first: true,
    });
  });
});
