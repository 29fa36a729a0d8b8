import { describe, expect, it } from 'vitest';
import { makeError } from '../../src/flow/errors';
import type { KycState, Snapshot } from '../../src/flow/machine';
import {
  initialModel,
  MAX_RELOADS,
  step,
  type Config,
  type Effect,
  type Event,
  type Model,
  type Resolution,
} from '../../src/flow/step';
import type { Signal } from '../../src/protocols/types';

/**
 * `step` as a table: (model, event) → the effects, in order, and the next state. Every decision of the
 * runtime is here, so the rows are the element's behaviour without a browser: frame first, exactly once,
 * the load timeout, reloads, the offline rule and resuming after it, sessions, tokens and resuming after a
 * new one, configuration changes, and the boot chunk's hand-over.
 */

interface Frame {
  url: URL;
  context: { sessionToken?: string };
}
const FRAME: Frame = { url: new URL('https://frame.example/s/1'), context: { sessionToken: 'tok-1' } };
const ENDPOINT = new URL('https://host.example/api/session');

function config(patch: Partial<Config<Frame>> = {}): Config<Frame> {
  return {
    resolution: { kind: 'ok', frame: FRAME },
    key: 'k1',
    binding: '',
    mode: 'inline',
    open: false,
    session: true,
    token: 'tok-1',
    modalOpen: false,
    ...patch,
  };
}

const snap = (state: KycState, patch: Partial<Snapshot> = {}): Snapshot => ({ state, attempt: 1, ...patch });

/** A connected element whose frame 1 (of configuration k1) is running in `state`. */
function running(state: KycState, patch: Partial<Model<Frame>> = {}): Model<Frame> {
  return {
    ...initialModel<Frame>(),
    connected: true,
    key: 'k1',
    snapshot: snap(state),
    frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: false, reloads: 0 },
    framed: true,
    frames: 1,
    ...patch,
  };
}

const connected = (patch: Partial<Model<Frame>> = {}): Model<Frame> => ({
  ...initialModel<Frame>(),
  connected: true,
  ...patch,
});

/** An effect in a word: `emit:kyc-ready`, `announce:ready`, `focus:screen`, `load-frame`… */
function word(effect: Effect<Frame>): string {
  switch (effect.type) {
    case 'emit':
      return `emit:${effect.name}`;
    case 'announce':
      return `announce:${'state' in effect.say ? effect.say.state : 'step' in effect.say ? 'step' : 'text'}`;
    case 'focus':
      return `focus:${effect.to}`;
    case 'offline':
    case 'listen':
      return `${effect.type}:${effect.on ? 'on' : 'off'}`;
    case 'fetch-session':
      return `fetch-session${effect.refresh ? ':refresh' : ''}`;
    case 'hand-over-token':
      return `hand-over-token:${effect.token ?? 'null'}`;
    default:
      return effect.type;
  }
}

const signals = (...list: Signal[]): Event<Frame> => ({ type: 'signals', frame: 1, signals: list, from: 'message' });

interface Row {
  name: string;
  model: Model<Frame>;
  event: Event<Frame>;
  /** Every effect, in order. */
  effects: string[];
  state: KycState;
}

/** What entering a running state does, before its events: the frame first, then what is shown and said. */
const LOADING_FROM_IDLE = ['dress', 'snapshot', 'focus:screen', 'announce:loading', 'render'];

const ADOPT_FRAME: Event<Frame> = {
  type: 'adopted',
  frame: FRAME,
  key: 'k1',
  snapshot: snap('loading'),
  answered: false,
  resume: false,
  connected: true,
};

const ROWS: Row[] = [
  {
    name: 'start: the frame request, then the state change and its event, then the camera check',
    model: connected(),
    event: { type: 'start', config: config() },
    effects: ['load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera'],
    state: 'loading',
  },
  {
    name: 'start() without any session input: config-invalid',
    model: connected(),
    event: { type: 'start', config: config({ resolution: { kind: 'idle' }, session: false }) },
    effects: ['dress', 'snapshot', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange', 'emit:kyc-error'],
    state: 'error',
  },
  {
    name: 'start in modal mode opens the dialog first',
    model: connected(),
    event: { type: 'start', config: config({ mode: 'modal' }) },
    effects: ['set-open', 'load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera'],
    state: 'loading',
  },
  {
    name: 'a first configuration: placed, then the frame before anything is dressed, shown or dispatched',
    model: connected(),
    event: { type: 'configure', config: config() },
    effects: ['place', 'load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera', 'dress', 'render'],
    state: 'loading',
  },
  {
    name: 'the same configuration again: nothing restarts',
    model: running('in-progress'),
    event: { type: 'configure', config: config() },
    effects: ['place', 'dress', 'render'],
    state: 'in-progress',
  },
  {
    name: 'a configuration pass while disconnected does nothing',
    model: running('ready', { connected: false }),
    event: { type: 'configure', config: config({ key: 'k2' }) },
    effects: [],
    state: 'ready',
  },
  {
    name: 'a new configuration: the old frame goes before the root is placed, then the new one',
    model: running('in-progress'),
    event: { type: 'configure', config: config({ key: 'k2' }) },
    effects: ['stop-frame', 'place', 'load-frame', 'dress', 'snapshot', 'announce:loading', 'render'].concat(
      'emit:kyc-statechange',
      'check-camera',
      'dress',
      'render',
    ),
    state: 'loading',
  },
  {
    name: 'a closed modal does not start: it only warms the connection',
    model: connected(),
    event: { type: 'configure', config: config({ mode: 'modal', open: false }) },
    effects: ['place', 'dress', 'snapshot', 'warm-up', 'dress', 'render'],
    state: 'idle',
  },
  {
    name: 'invalid inputs: config-invalid',
    model: connected(),
    event: { type: 'configure', config: config({ resolution: { kind: 'invalid', message: 'bad' } }) },
    effects: ['place', 'dress', 'snapshot', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange']
      .concat('emit:kyc-error')
      .concat('dress')
      .concat('render'),
    state: 'error',
  },
  {
    name: 'the same invalid inputs again: reported once',
    model: connected({ key: 'invalid bad', snapshot: snap('error', { error: makeError('config-invalid', 'bad') }) }),
    event: { type: 'configure', config: config({ resolution: { kind: 'invalid', message: 'bad' } }) },
    effects: ['place', 'dress', 'render'],
    state: 'error',
  },
  {
    name: 'ready: timers settled, announced, shown, focus may go to the frame, then the events',
    model: running('loading'),
    event: signals({ type: 'ready', sessionId: 's1' }),
    effects: [
      'dress',
      'snapshot',
      'settled',
      'announce:ready',
      'render',
      'focus:frame',
      'emit:kyc-statechange',
      'emit:kyc-ready',
    ],
    state: 'ready',
  },
  {
    name: 'complete: the frame goes, the screen takes focus, then statechange and kyc-complete',
    model: running('in-progress'),
    event: signals({ type: 'complete', outcome: 'approved' }),
    effects: [
      'dress',
      'snapshot',
      'stop-frame',
      'settled',
      'focus:screen',
      'render',
      'emit:kyc-statechange',
      'emit:kyc-complete',
    ],
    state: 'complete',
  },
  {
    name: 'exactly once: a second complete in the same attempt is nothing',
    model: running('complete', { framed: false }),
    event: signals({ type: 'complete', outcome: 'declined' }),
    effects: [],
    state: 'complete',
  },
  {
    name: 'exactly once: cancel after complete is nothing (the frame is gone, and the machine refuses)',
    model: running('complete'),
    event: signals({ type: 'cancel' }),
    effects: ['dress'],
    state: 'complete',
  },
  {
    name: 'one message with several signals: submit then complete, each with its events, in order',
    model: running('in-progress'),
    event: signals({ type: 'submit' }, { type: 'complete', outcome: 'pending' }),
    effects: [
      'dress',
      'snapshot',
      'announce:submitted',
      'render',
      'emit:kyc-statechange',
      'emit:kyc-submit',
      'dress',
      'snapshot',
      'stop-frame',
      'settled',
      'focus:screen',
      'render',
      'emit:kyc-statechange',
      'emit:kyc-complete',
    ],
    state: 'complete',
  },
  {
    name: 'a message from a frame that was replaced is ignored',
    model: running('loading', { frame: { id: 2, frame: FRAME, token: 'tok-1', takesTokens: false, reloads: 0 } }),
    event: signals({ type: 'ready' }),
    effects: [],
    state: 'loading',
  },
  {
    name: 'a frame error after the flow ended does not replace the result',
    model: running('cancelled'),
    event: signals({ type: 'error', code: 'provider-error', message: 'late', recoverable: true }),
    effects: [],
    state: 'cancelled',
  },
  {
    name: 'progress with index and total is said after its events',
    model: running('in-progress'),
    event: signals({ type: 'progress', step: 'selfie', index: 2, total: 3 }),
    effects: ['dress', 'snapshot', 'emit:kyc-progress', 'announce:step'],
    state: 'in-progress',
  },
  {
    name: 'a message the protocol did not understand: only a debug note',
    model: running('ready'),
    event: signals(),
    effects: ['debug'],
    state: 'ready',
  },
  {
    name: 'resize while running',
    model: running('ready'),
    event: signals({ type: 'resize', height: 480 }),
    effects: ['frame-height'],
    state: 'ready',
  },
  {
    name: 'the person asks to leave from inside the frame: "leave?" first',
    model: running('in-progress'),
    event: signals({ type: 'close-request' }),
    effects: ['confirm-leave'],
    state: 'in-progress',
  },
  {
    name: 'timeout while loading: frame-load-timeout',
    model: running('loading'),
    event: { type: 'timeout', frame: 1, after: 20000 },
    effects: ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render'].concat(
      'emit:kyc-statechange',
      'emit:kyc-error',
    ),
    state: 'error',
  },
  {
    name: 'timeout only while loading: after ready it is nothing',
    model: running('in-progress'),
    event: { type: 'timeout', frame: 1, after: 20000 },
    effects: [],
    state: 'in-progress',
  },
  {
    name: "timeout of an earlier frame: nothing (this frame's timer is its own)",
    model: running('loading', { frame: { id: 2, frame: FRAME, token: 'tok-1', takesTokens: false, reloads: 0 } }),
    event: { type: 'timeout', frame: 1, after: 20000 },
    effects: [],
    state: 'loading',
  },
  {
    name: 'slow only while loading',
    model: running('loading'),
    event: { type: 'slow', frame: 1 },
    effects: ['slow'],
    state: 'loading',
  },
  {
    name: 'slow after ready: nothing',
    model: running('ready'),
    event: { type: 'slow', frame: 1 },
    effects: [],
    state: 'ready',
  },
  {
    name: 'the provider asks for a fresh frame: a new frame of the same session, loading again',
    model: running('ready'),
    event: signals({ type: 'reload' }),
    effects: ['load-frame', 'dress', 'snapshot', 'announce:loading', 'render', 'emit:kyc-statechange', 'check-camera'],
    state: 'loading',
  },
  {
    name: `reload cap: the ${MAX_RELOADS + 1}th reload in a row fails the attempt`,
    model: running('ready', { frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: false, reloads: 3 } }),
    event: signals({ type: 'reload' }),
    effects: ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render'].concat(
      'emit:kyc-statechange',
      'emit:kyc-error',
    ),
    state: 'error',
  },
  {
    name: 'offline while running: a warning, the banner and the grace period; the state stays',
    model: running('in-progress'),
    event: { type: 'offline' },
    effects: ['offline:on', 'dress', 'emit:kyc-warning'],
    state: 'in-progress',
  },
  {
    name: 'offline before a flow runs: nothing',
    model: connected(),
    event: { type: 'offline' },
    effects: [],
    state: 'idle',
  },
  {
    name: 'still offline after the grace period, mid-flow: error, the frame stays for later',
    model: running('in-progress', { offline: true }),
    event: { type: 'still-offline', after: 30000 },
    effects: ['dress', 'snapshot', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange', 'emit:kyc-error'],
    state: 'error',
  },
  {
    name: 'still offline while loading: error, and the frame goes (nothing to go on with)',
    model: running('loading', { offline: true }),
    event: { type: 'still-offline', after: 30000 },
    effects: ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render'].concat(
      'emit:kyc-statechange',
      'emit:kyc-error',
    ),
    state: 'error',
  },
  {
    name: 'back online after a long loss mid-flow: resumed in the same frame, no new frame',
    model: running('error', {
      snapshot: snap('error', { error: makeError('offline', 'gone') }),
      offlineResume: 'in-progress',
    }),
    event: { type: 'online', config: config() },
    effects: ['offline:off', 'dress', 'snapshot', 'announce:in-progress', 'render', 'emit:kyc-statechange'],
    state: 'in-progress',
  },
  {
    name: 'back online after a loss while loading: a new attempt (retry)',
    model: running('error', { snapshot: snap('error', { error: makeError('offline', 'gone') }), framed: false }),
    event: { type: 'online', config: config() },
    effects: ['offline:off', 'load-frame', 'dress', 'snapshot', 'announce:loading', 'render'].concat(
      'emit:kyc-statechange',
      'check-camera',
    ),
    state: 'loading',
  },
  {
    name: 'online after a different error: only the banner goes',
    model: running('error', { snapshot: snap('error', { error: makeError('provider-error', 'x') }), framed: false }),
    event: { type: 'online', config: config() },
    effects: ['offline:off'],
    state: 'error',
  },
  {
    name: 'token expired, no endpoint, a frame that takes tokens: session-expired, the frame stays',
    model: running('in-progress', {
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
    }),
    event: signals({ type: 'token-expired' }),
    effects: ['dress', 'snapshot', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange', 'emit:kyc-error'],
    state: 'error',
  },
  {
    name: "token expired, no endpoint, a frame that can't take one: session-expired, the frame goes",
    model: running('in-progress'),
    event: signals({ type: 'token-expired' }),
    effects: ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render'].concat(
      'emit:kyc-statechange',
      'emit:kyc-error',
    ),
    state: 'error',
  },
  {
    name: "the host's new token reaches the waiting frame: handed over, and the flow resumes where it was",
    model: running('error', {
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
      awaiting: 'in-progress',
      snapshot: snap('error', { error: makeError('session-expired', 'x') }),
    }),
    event: {
      type: 'configure',
      config: config({ resolution: { kind: 'ok', frame: { ...FRAME, context: { sessionToken: 'tok-2' } } } }),
    },
    effects: [
      'hand-over-token:tok-2',
      'dress',
      'snapshot',
      'announce:in-progress',
      'render',
      'emit:kyc-statechange',
      'place',
      'dress',
      'render',
    ],
    state: 'in-progress',
  },
  {
    name: 'a new token mid-flow for a frame that takes tokens: handed over, nothing else',
    model: running('in-progress', { frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 } }),
    event: {
      type: 'configure',
      config: config({ resolution: { kind: 'ok', frame: { ...FRAME, context: { sessionToken: 'tok-2' } } } }),
    },
    effects: ['hand-over-token:tok-2', 'place', 'dress', 'render'],
    state: 'in-progress',
  },
  {
    name: "a new token for a frame that can't take one: a new frame with it",
    model: running('in-progress'),
    event: {
      type: 'configure',
      config: config({ resolution: { kind: 'ok', frame: { ...FRAME, context: { sessionToken: 'tok-2' } } } }),
    },
    effects: ['stop-frame', 'place', 'load-frame', 'dress', 'snapshot', 'announce:loading', 'render'].concat(
      'emit:kyc-statechange',
      'check-camera',
      'dress',
      'render',
    ),
    state: 'loading',
  },
  {
    name: 'token expired with an endpoint: renew (refresh), the state stays',
    model: running('in-progress', { endpoint: ENDPOINT }),
    event: signals({ type: 'token-expired' }),
    effects: ['fetch-session:refresh'],
    state: 'in-progress',
  },
  {
    name: 'only an endpoint: loading at once, and the session is asked for',
    model: connected(),
    event: { type: 'configure', config: config({ resolution: { kind: 'needs-session', endpoint: ENDPOINT } }) },
    effects: ['place', 'dress', 'snapshot', 'focus:screen', 'announce:loading', 'render'].concat(
      'emit:kyc-statechange',
      'fetch-session',
      'dress',
      'render',
    ),
    state: 'loading',
  },
  {
    name: 'retry when the state does not allow it: nothing',
    model: running('in-progress'),
    event: { type: 'retry', config: config() },
    effects: [],
    state: 'in-progress',
  },
  {
    name: '"Try again" on the screens: a new attempt, and focus waits on the loading screen',
    model: running('cancelled', { framed: false, snapshot: snap('cancelled') }),
    event: { type: 'retry', config: config(), keepFocus: true },
    effects: ['load-frame', 'dress', 'snapshot', 'announce:loading', 'render', 'emit:kyc-statechange'].concat(
      'check-camera',
      'focus:loading',
    ),
    state: 'loading',
  },
  {
    name: 'the person closes the modal mid-flow: cancelled, closed, open = false',
    model: running('in-progress'),
    event: { type: 'closed', byPerson: true },
    effects: ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render'].concat(
      'emit:kyc-statechange',
      'emit:kyc-cancel',
      'dress',
      'emit:kyc-close',
      'set-open',
    ),
    state: 'cancelled',
  },
  {
    name: 'Done with the modal open closes the dialog (its close event does the rest)',
    model: running('complete', { framed: false }),
    event: { type: 'done', config: config({ modalOpen: true }) },
    effects: ['close-dialog'],
    state: 'complete',
  },
  {
    name: 'Done inline: kyc-close',
    model: running('complete', { framed: false }),
    event: { type: 'done', config: config() },
    effects: ['dress', 'emit:kyc-close'],
    state: 'complete',
  },
  {
    name: 'the camera check found a problem: a warning, the state stays',
    model: running('loading'),
    event: { type: 'camera', message: 'no camera' },
    effects: ['dress', 'emit:kyc-warning'],
    state: 'loading',
  },
  {
    name: 'a new locale: the language is worked out again, the running frame hears of it, the screens follow',
    model: running('ready'),
    event: { type: 'input', name: 'locale', configures: false, open: false },
    effects: ['language', 'frame-settings', 'render'],
    state: 'ready',
  },
  {
    name: 'open = true: the dialog shows (connected), nothing else until it reports opened',
    model: connected(),
    event: { type: 'input', name: 'open', configures: false, open: true },
    effects: ['show-dialog', 'render'],
    state: 'idle',
  },
  {
    name: 'a configuration input: one pass at the end of the task, nothing now',
    model: running('ready'),
    event: { type: 'input', name: 'sessionUrl', configures: true, open: false },
    effects: ['queue-configure'],
    state: 'ready',
  },
  {
    name: 'the modal opened on an idle flow with a session: it starts (the key is forgotten first)',
    model: connected({ key: 'k1' }),
    event: { type: 'opened', config: config({ mode: 'modal', open: true }) },
    effects: ['place', 'load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera', 'dress', 'render'],
    state: 'loading',
  },
  {
    name: 'the modal opened on a running flow: nothing restarts',
    model: running('in-progress'),
    event: { type: 'opened', config: config({ mode: 'modal', open: true }) },
    effects: [],
    state: 'in-progress',
  },
  {
    name: 'disconnect: listening stops, the frame goes, the request is aborted, the dialog closes',
    model: running('ready'),
    event: { type: 'disconnect' },
    effects: ['listen:off', 'stop-frame', 'abort-session', 'close-dialog'],
    state: 'ready',
  },
  {
    name: 'connect: the language, listening, then one configuration pass at the end of the task',
    model: initialModel(),
    event: { type: 'connect' },
    effects: ['language', 'listen:on', 'queue-configure'],
    state: 'idle',
  },
  {
    name: "the boot chunk's frame is adopted: no new request and no second idle → loading event",
    model: initialModel(),
    event: ADOPT_FRAME,
    effects: ['snapshot', 'language', 'listen:on', 'queue-configure', 'dress', 'announce:loading', 'render'].concat(
      'check-camera',
      'adopt-frame',
    ),
    state: 'loading',
  },
  {
    name: "the boot chunk's session request is adopted: read as the first try of the runtime's own",
    model: initialModel(),
    event: { ...ADOPT_FRAME, frame: null, endpoint: ENDPOINT },
    effects: ['snapshot', 'language', 'listen:on', 'queue-configure', 'dress', 'announce:loading', 'render'].concat(
      'fetch-session',
    ),
    state: 'loading',
  },
  {
    name: 'the element left the page after the boot launched: adopted as it was, the next pass loads again',
    model: initialModel(),
    event: { ...ADOPT_FRAME, resume: true },
    effects: ['snapshot', 'language', 'listen:on', 'queue-configure'],
    state: 'loading',
  },
];

describe('step: (model, event) → effects and the next state', () => {
  for (const row of ROWS) {
    it(row.name, () => {
      const { model, effects } = step(row.model, row.event);
      expect(effects.map(word)).toEqual(row.effects);
      expect(model.snapshot.state).toBe(row.state);
    });
  }

  it('frame first: in every row that requests a frame, nothing is dressed, shown, said or dispatched before it', () => {
    let rows = 0;
    for (const row of ROWS) {
      const effects = step(row.model, row.event).effects.map(word);
      const request = effects.findIndex((e) => e === 'load-frame');
      if (request < 0) continue;
      rows++;
      const first = effects.findIndex((e) => /^(emit|announce|render|dress|focus|snapshot)/.test(e));
      expect(first, row.name).toBeGreaterThan(request);
    }
    expect(rows).toBeGreaterThanOrEqual(8);
  });

  it('is pure: the model it was given is left as it was', () => {
    const model = running('in-progress');
    const before = JSON.stringify(model);
    step(model, signals({ type: 'complete', outcome: 'approved' }));
    step(model, { type: 'disconnect' });
    expect(JSON.stringify(model)).toBe(before);
  });
});

/** Runs events one after another, as the runner does. */
function walk(model: Model<Frame>, events: Event<Frame>[]): { model: Model<Frame>; effects: Effect<Frame>[] } {
  const all: Effect<Frame>[] = [];
  for (const event of events) {
    const next = step(model, event);
    model = next.model;
    all.push(...next.effects);
  }
  return { model, effects: all };
}

const emitted = (effects: Effect<Frame>[]) =>
  effects.flatMap((e) => (e.type === 'emit' ? [e.name === 'kyc-statechange' ? `state:${stateOf(e)}` : e.name] : []));
const stateOf = (e: Extract<Effect<Frame>, { type: 'emit' }>) => (e.detail as { state: KycState }).state;

describe('step: sequences', () => {
  it('the happy path, with the session id on every event once known', () => {
    const { model, effects } = walk(connected(), [
      { type: 'configure', config: config() },
      { type: 'attached', frame: 1, takesTokens: false },
      signals({ type: 'ready', sessionId: 'inq_1' }),
      signals({ type: 'start' }),
      signals({ type: 'submit' }),
      signals({ type: 'complete', outcome: 'approved' }),
    ]);
    expect(emitted(effects)).toEqual([
      'state:loading',
      'state:ready',
      'kyc-ready',
      'state:in-progress',
      'kyc-start',
      'state:submitted',
      'kyc-submit',
      'state:complete',
      'kyc-complete',
    ]);
    const complete = effects.find((e) => e.type === 'emit' && e.name === 'kyc-complete');
    expect(complete).toMatchObject({ detail: { outcome: 'approved', sessionId: 'inq_1' } });
    expect(model.framed).toBe(false);
  });

  it('renewal with an endpoint: the answer hands the token to the frame; an answer for another request is dropped', () => {
    const start = running('in-progress', {
      endpoint: ENDPOINT,
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
    });
    const asked = step(start, signals({ type: 'token-expired' }));
    const fetch = asked.effects.find((e) => e.type === 'fetch-session');
    expect(fetch).toMatchObject({ endpoint: ENDPOINT, refresh: true });
    const request = (fetch as Extract<Effect<Frame>, { type: 'fetch-session' }>).request;
    const stray = step(asked.model, {
      type: 'session',
      request: request + 1,
      answer: { sessionToken: 'tok-x' },
      now: 0,
      config: config(),
    });
    expect(stray.effects).toEqual([]);
    const answered = step(asked.model, {
      type: 'session',
      request,
      answer: { sessionToken: 'tok-2' },
      now: 0,
      config: config(),
    });
    expect(answered.effects.map(word)).toEqual(['hand-over-token:tok-2']);
    expect(answered.model.frame?.token).toBe('tok-2');
    expect(answered.model.snapshot.state).toBe('in-progress');
    // A second answer to the same request is not applied twice.
    expect(
      step(answered.model, { type: 'session', request, answer: { sessionToken: 'tok-3' }, now: 0, config: config() })
        .effects,
    ).toEqual([]);
  });

  it("renewal for a frame that can't take a token reloads it with the new session (a reload: loading again)", () => {
    const start = running('in-progress', { endpoint: ENDPOINT });
    const asked = step(start, signals({ type: 'token-expired' }));
    const request = asked.model.request!.id;
    const fresh = { ...FRAME, context: { sessionToken: 'tok-2' } };
    const answered = step(asked.model, {
      type: 'session',
      request,
      answer: { sessionToken: 'tok-2' },
      now: 0,
      config: config({ resolution: { kind: 'ok', frame: fresh } }),
    });
    expect(answered.effects.map(word)).toEqual([
      'load-frame',
      'dress',
      'snapshot',
      'announce:loading',
      'render',
      'emit:kyc-statechange',
      'check-camera',
    ]);
    expect(answered.model.frame).toMatchObject({ id: 2, token: 'tok-2', reloads: 1 });
  });

  it('renewal fails: the frame hears it, session-expired (recoverable), and the next retry asks with refresh first', () => {
    const start = running('in-progress', {
      endpoint: ENDPOINT,
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
    });
    const asked = step(start, signals({ type: 'token-expired' }));
    const failed = step(asked.model, { type: 'session-error', request: asked.model.request!.id, message: '503' });
    expect(failed.effects.map(word).slice(0, 1)).toEqual(['hand-over-token:null']);
    const error = failed.effects.find((e) => e.type === 'emit' && e.name === 'kyc-error');
    expect(error).toMatchObject({ detail: { code: 'session-expired', recoverable: true } });
    expect(failed.model.stale).toBe(true);
    const retried = step(failed.model, { type: 'retry', config: config({ endpoint: ENDPOINT }) });
    expect(retried.effects.map(word)).not.toContain('load-frame');
    expect(retried.effects.map(word)).toContain('fetch-session:refresh');
    expect(retried.model.snapshot.state).toBe('loading');
  });

  it('a session answer that has already expired is asked for again, once, with refresh; then the frame loads', () => {
    const needs = config({ resolution: { kind: 'needs-session', endpoint: ENDPOINT } });
    const first = step(connected(), { type: 'configure', config: needs });
    const now = Date.parse('2026-01-01T00:00:00Z');
    const past = { sessionToken: 't', expiresAt: '2025-12-31T23:59:00Z' };
    const again = step(first.model, {
      type: 'session',
      request: first.model.request!.id,
      answer: past,
      now,
      config: needs,
    });
    expect(again.effects.map(word)).toEqual(['fetch-session:refresh']);
    const loaded = step(again.model, {
      type: 'session',
      request: again.model.request!.id,
      answer: past,
      now,
      config: config(),
    });
    expect(loaded.effects.map(word)[0]).toBe('load-frame');
    // The attempt did not change while it waited: the answer belonged to it.
    expect(emitted(loaded.effects)).toEqual([]);
  });

  it('a session answer for an earlier attempt, or after the element left, is dropped', () => {
    const needs = config({ resolution: { kind: 'needs-session', endpoint: ENDPOINT } });
    const first = step(connected(), { type: 'configure', config: needs });
    const id = first.model.request!.id;
    const cancelled = walk(first.model, [{ type: 'cancel' }, { type: 'retry', config: config() }]).model;
    expect(step(cancelled, { type: 'session', request: id, answer: {}, now: 0, config: config() }).effects).toEqual([]);
    const gone = step(first.model, { type: 'disconnect' }).model;
    expect(step(gone, { type: 'session', request: id, answer: {}, now: 0, config: config() }).effects).toEqual([]);
  });

  it('resume after offline keeps the attempt: one kyc-complete at the end, no second frame', () => {
    const { model, effects } = walk(running('in-progress'), [
      { type: 'offline' },
      { type: 'still-offline', after: 30000 },
      { type: 'online', config: config() },
      signals({ type: 'complete', outcome: 'approved' }),
    ]);
    expect(effects.map(word).filter((e) => e === 'load-frame')).toEqual([]);
    expect(emitted(effects)).toEqual([
      'kyc-warning',
      'state:error',
      'kyc-error',
      'state:in-progress',
      'state:complete',
      'kyc-complete',
    ]);
    expect(model.snapshot.attempt).toBe(1);
  });

  it('resume after a new token keeps the attempt, and a token-less frame would have restarted', () => {
    const takes = running('in-progress', {
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
    });
    const renewed = config({ resolution: { kind: 'ok', frame: { ...FRAME, context: { sessionToken: 'tok-2' } } } });
    const { model, effects } = walk(takes, [
      signals({ type: 'token-expired' }),
      { type: 'configure', config: renewed },
      signals({ type: 'complete', outcome: 'approved' }),
    ]);
    expect(emitted(effects)).toEqual([
      'state:error',
      'kyc-error',
      'state:in-progress',
      'state:complete',
      'kyc-complete',
    ]);
    expect(model.snapshot.attempt).toBe(1);
    expect(effects.map(word)).not.toContain('load-frame');
  });

  it('removed and added again mid-flow: the next pass loads the frame again, whatever the configuration', () => {
    const { model, effects } = walk(running('ready'), [
      { type: 'disconnect' },
      { type: 'connect' },
      { type: 'configure', config: config() },
    ]);
    expect(effects.map(word)).toContain('load-frame');
    expect(model.snapshot.state).toBe('loading');
    expect(model.snapshot.attempt).toBe(2);
  });

  it("after adopting the boot chunk's frame, the same configuration is 'same': nothing restarts", () => {
    const adopted = step(initialModel<Frame>(), ADOPT_FRAME).model;
    expect(adopted.key).toBe('k1');
    const again = step(adopted, { type: 'configure', config: config() });
    expect(again.effects.map(word)).toEqual(['place', 'dress', 'render']);
    const ready = step(adopted, signals({ type: 'ready' }));
    expect(emitted(ready.effects)).toEqual(['state:ready', 'kyc-ready']);
  });

  it("the boot chunk's request is the first try, and its answer is the attempt's", () => {
    const adopted = step(initialModel<Frame>(), { ...ADOPT_FRAME, frame: null, endpoint: ENDPOINT });
    const fetch = adopted.effects.find((e) => e.type === 'fetch-session');
    expect(fetch).toMatchObject({ endpoint: ENDPOINT, refresh: false, first: true });
    const answered = step(adopted.model, {
      type: 'session',
      request: adopted.model.request!.id,
      answer: { sessionToken: 'tok-1' },
      now: 0,
      config: config(),
    });
    // The boot already said idle → loading: the frame comes without a second statechange.
    expect(answered.effects.map(word)[0]).toBe('load-frame');
    expect(emitted(answered.effects)).toEqual([]);
  });

  it('a Resolution is data: invalid after the endpoint answered is config-invalid naming the answer', () => {
    const needs = config({ resolution: { kind: 'needs-session', endpoint: ENDPOINT } });
    const first = step(connected(), { type: 'configure', config: needs });
    const invalid: Resolution<Frame> = { kind: 'invalid', message: 'bad url' };
    const { effects } = step(first.model, {
      type: 'session',
      request: first.model.request!.id,
      answer: {},
      now: 0,
      config: config({ resolution: invalid }),
    });
    const error = effects.find((e) => e.type === 'emit' && e.name === 'kyc-error');
    expect(error).toMatchObject({ detail: { code: 'config-invalid' } });
    expect(JSON.stringify(error)).toContain("the session endpoint's answer: bad url");
  });
});
