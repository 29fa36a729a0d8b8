import { describe, expect, it } from 'vitest';
import { makeError } from '../../src/flow/errors';
import type { KycState, Snapshot } from '../../src/flow/machine';
import { MAX_RELOADS } from '../../src/flow/frames';
import { initialModel } from '../../src/element/first-step';
import type { Config, Effect, Event, Model, Resolution } from '../../src/flow/model';
import { confirmation } from '../../src/flow/decisions';
import { step } from '../../src/flow/step';
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
    case 'watch-decision':
      return `watch-decision:${effect.once ? 'once' : 'stream'}`;
    case 'set-decision':
      return `set-decision:${effect.decision ?? 'none'}`;
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

const ADOPTED: Event<Frame> = { type: 'adopted', connected: true };

/** The stand-in's model after it made frame 1 (element/first-step.ts): loading, as the runtime takes it over. */
const standInFrame = (): Model<Frame> => running('loading');

/** The stand-in's model after it sent its session request (request 1, under way). */
const standInRequest = (patch: Partial<Model<Frame>> = {}): Model<Frame> => ({
  ...connected({ key: 'k1', snapshot: snap('loading'), endpoint: ENDPOINT }),
  request: {
    id: 1,
    endpoint: ENDPOINT,
    purpose: 'start',
    refresh: false,
    again: false,
    attempt: 1,
    frame: undefined,
    takesTokens: false,
  },
  requests: 1,
  ...patch,
});

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
    model: running('in-progress'),
    event: { type: 'still-offline', after: 30000 },
    effects: ['dress', 'snapshot', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange', 'emit:kyc-error'],
    state: 'error',
  },
  {
    name: 'still offline while loading: error, and the frame goes (nothing to go on with)',
    model: running('loading'),
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
      resume: { on: 'online', state: 'in-progress' },
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
      resume: { on: 'token', state: 'in-progress' },
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
    name: 'a language arrives mid-flow: the state is said again in it, then the frame title and the screens follow',
    model: running('ready'),
    event: { type: 'language' },
    effects: ['announce:ready', 'language', 'render'],
    state: 'ready',
  },
  {
    name: 'a language arrives on a result screen: nothing to say again (the screen says itself)',
    model: running('complete', { framed: false }),
    event: { type: 'language' },
    effects: ['language', 'render'],
    state: 'complete',
  },
  {
    name: 'a language arrives while the element is away: only the frame title',
    model: running('ready', { connected: false }),
    event: { type: 'language' },
    effects: ['language'],
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
    name: "the stand-in's frame is adopted: no new request and no second idle → loading event",
    model: standInFrame(),
    event: ADOPTED,
    effects: ['language', 'listen:on', 'queue-configure', 'dress', 'announce:loading', 'render'].concat(
      'check-camera',
      'adopt-frame',
    ),
    state: 'loading',
  },
  {
    name: "the stand-in's session request is adopted: read as the first try of the runtime's own",
    model: standInRequest(),
    event: ADOPTED,
    effects: ['language', 'listen:on', 'queue-configure', 'dress', 'announce:loading', 'render'].concat(
      'fetch-session',
    ),
    state: 'loading',
  },
  {
    name: 'the element is off the page when the runtime arrives: adopted as it is, nothing to do until it is back',
    model: { ...standInFrame(), connected: false, framed: false, resume: { on: 'connect' } },
    event: { type: 'adopted', connected: false },
    effects: [],
    state: 'loading',
  },
  {
    name: 'back on the page after the stand-in launched: the next pass loads again',
    model: { ...standInFrame(), connected: false, framed: false, resume: { on: 'connect' } },
    event: { type: 'connect' },
    effects: ['language', 'listen:on', 'queue-configure'],
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
  effects.flatMap((e) =>
    e.type === 'emit' ? [e.name === 'kyc-statechange' ? `state:${e.detail.state}` : e.name] : [],
  );

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

  it("after adopting the stand-in's frame, the same configuration is 'same': nothing restarts", () => {
    const adopted = step(standInFrame(), ADOPTED).model;
    expect(adopted.key).toBe('k1');
    const again = step(adopted, { type: 'configure', config: config() });
    expect(again.effects.map(word)).toEqual(['place', 'dress', 'render']);
    const ready = step(adopted, signals({ type: 'ready' }));
    expect(emitted(ready.effects)).toEqual(['state:ready', 'kyc-ready']);
  });

  it('a session answer that is a decision (already decided): complete with its outcome, no frame, no kyc-complete', () => {
    const asking = standInRequest();
    const { model, effects } = step(asking, {
      type: 'session',
      request: 1,
      answer: { decision: 'declined' },
      now: 0,
      config: config({ resolution: { kind: 'needs-session', endpoint: ENDPOINT } }),
    });
    expect(model.snapshot).toMatchObject({ state: 'complete', outcome: 'declined' });
    expect(effects.some((e) => e.type === 'load-frame')).toBe(false);
    expect(effects).toContainEqual({ type: 'set-decision', decision: 'declined' });
    expect(emitted(effects)).toEqual(['state:complete', 'kyc-decision']);
  });

  it("the stand-in's request is the first try, and its answer is the attempt's", () => {
    const adopted = step(standInRequest(), ADOPTED);
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

  it('resume on connect: a running flow, or one waiting for a token, loads again when the element is back', () => {
    const left = step(running('in-progress'), { type: 'disconnect' }).model;
    expect(left.resume).toEqual({ on: 'connect' });
    const waiting = running('error', {
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
      resume: { on: 'token', state: 'in-progress' },
      snapshot: snap('error', { error: makeError('session-expired', 'x') }),
    });
    expect(step(waiting, { type: 'disconnect' }).model.resume).toEqual({ on: 'connect' });
    expect(step(running('complete', { framed: false }), { type: 'disconnect' }).model.resume).toBeNull();
    const back = step(left, { type: 'connect' }).model;
    expect(back).toMatchObject({ resume: null, key: '' });
  });

  it('a resume that needs the frame goes with it: a new frame, or the frame stopped', () => {
    const waiting = running('error', {
      frame: { id: 1, frame: FRAME, token: 'tok-1', takesTokens: true, reloads: 0 },
      resume: { on: 'token', state: 'in-progress' },
      snapshot: snap('error', { error: makeError('session-expired', 'x') }),
    });
    const moved = step(waiting, { type: 'configure', config: config({ key: 'k2' }) });
    expect(moved.effects.map(word)).toContain('load-frame');
    expect(moved.model.resume).toBeNull();
    const lost = running('error', {
      resume: { on: 'online', state: 'in-progress' },
      snapshot: snap('error', { error: makeError('offline', 'gone') }),
    });
    expect(step(lost, { type: 'configure', config: config({ key: 'k2' }) }).model.resume).toBeNull();
  });
});

describe('step: the session endpoint’s answer is the model’s', () => {
  const A = 'generic https://host.example/api/session';
  const B = 'generic https://other.example/api/session';
  const needs = (binding: string) =>
    config({ binding, endpoint: ENDPOINT, resolution: { kind: 'needs-session', endpoint: ENDPOINT } });

  it('a session event’s answer is the latest, whichever request it answers; its config was read with it', () => {
    const asked = step(connected(), { type: 'configure', config: needs(A) }).model;
    expect(asked).toMatchObject({ binding: A, answer: null });
    const answer = { sessionUrl: 'https://frame.example/s/1', sessionToken: 'tok-1' };
    const answered = step(asked, {
      type: 'session',
      request: asked.request!.id,
      answer,
      now: 0,
      config: config({ binding: A }),
    });
    expect(answered.model.answer).toEqual(answer);
    expect(answered.effects.map(word)[0]).toBe('load-frame');
    // An answer for an earlier request (the same request joined by a later ask) is the endpoint's latest too.
    const stray = step(asked, { type: 'session', request: 0, answer, now: 0, config: config({ binding: A }) });
    expect(stray.effects).toEqual([]);
    expect(stray.model.answer).toEqual(answer);
  });

  it('another binding: the answer and the staleness were the old one’s, and its request in flight stops', () => {
    const asked = step(connected(), { type: 'configure', config: needs(A) }).model;
    const held = { ...asked, answer: { sessionToken: 'tok-1' }, stale: true };
    const rebound = step(held, { type: 'configure', config: needs(B) });
    expect(rebound.effects.map(word)[0]).toBe('abort-session');
    expect(rebound.model).toMatchObject({ binding: B, answer: null, stale: false });
    // The same binding keeps them, and nothing is stopped.
    const same = step(held, { type: 'configure', config: needs(A) });
    expect(same.effects.map(word)).not.toContain('abort-session');
    expect(same.model).toMatchObject({ answer: { sessionToken: 'tok-1' }, stale: true });
    // Nothing in flight: nothing to stop.
    expect(step(connected(), { type: 'configure', config: needs(B) }).effects.map(word)).not.toContain('abort-session');
  });

  it('an answer that comes with another binding’s inputs is not kept', () => {
    const asked = step(connected(), { type: 'configure', config: needs(A) }).model;
    const late = step(asked, {
      type: 'session',
      request: asked.request!.id,
      answer: { sessionToken: 't' },
      now: 0,
      config: needs(B),
    });
    expect(late.model).toMatchObject({ binding: B, answer: null });
  });

  it('the stand-in’s answer, with its binding, is the model’s: the first pass with the same binding keeps it', () => {
    const answer = { sessionUrl: 'https://frame.example/s/1' };
    const adopted = step({ ...standInFrame(), answer, binding: A }, ADOPTED).model;
    expect(adopted).toMatchObject({ answer, binding: A });
    expect(step(adopted, { type: 'configure', config: config({ binding: A }) }).model.answer).toEqual(answer);
  });
});

describe('step: the server-confirmed decision (flow/decisions.ts)', () => {
  const DECISIONS = new URL('https://host.example/api/decision');
  const OTHER = new URL('https://host.example/api/decision-2');
  const withDecisions = (patch: Partial<Config<Frame>> = {}) => config({ decisions: DECISIONS, ...patch });
  const watching = (once: boolean, id = 1) => ({ watch: { id, endpoint: DECISIONS.href, once }, watches: id });
  /** A connected element whose flow completed here (its frame gone), with the decision endpoint known. */
  const completed = (patch: Partial<Model<Frame>> = {}) =>
    running('complete', { framed: false, decisions: DECISIONS, looked: true, ...patch });
  const decided = (watch: number, decision: 'approved' | 'declined' | 'review', sessionId?: string): Event<Frame> => ({
    type: 'decision',
    watch,
    decision,
    ...(sessionId ? { sessionId } : {}),
  });
  const COMPLETE = ['dress', 'snapshot', 'stop-frame', 'settled', 'focus:screen', 'render', 'emit:kyc-statechange'];

  const DECISION_ROWS: Row[] = [
    {
      name: 'complete with a decision endpoint: after kyc-complete, the widget watches it',
      model: running('submitted', { decisions: DECISIONS, looked: true }),
      event: signals({ type: 'complete', outcome: 'pending' }),
      effects: [...COMPLETE, 'emit:kyc-complete', 'watch-decision:stream'],
      state: 'complete',
    },
    {
      name: 'complete without one: nothing is asked',
      model: running('submitted', { looked: true }),
      event: signals({ type: 'complete', outcome: 'pending' }),
      effects: [...COMPLETE, 'emit:kyc-complete'],
      state: 'complete',
    },
    {
      name: 'the decision arrives: decision set, the screen renders it, kyc-decision (the watch is over)',
      model: completed(watching(false)),
      event: decided(1, 'approved'),
      effects: ['set-decision:approved', 'render', 'emit:kyc-decision'],
      state: 'complete',
    },
    {
      name: 'a decision for a watch that is not the one under way is nothing',
      model: completed(watching(false, 2)),
      event: decided(1, 'approved'),
      effects: [],
      state: 'complete',
    },
    {
      name: 'the page opens with a decision endpoint: the first pass looks once (after the frame request)',
      model: connected(),
      event: { type: 'configure', config: withDecisions() },
      effects: ['place', 'load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera', 'dress']
        .concat('render')
        .concat('watch-decision:once'),
      state: 'loading',
    },
    {
      name: 'decided before the page opened, while loading: complete with its outcome, no kyc-complete, the frame goes',
      model: running('loading', { decisions: DECISIONS, ...watching(true) }),
      event: decided(1, 'declined'),
      effects: ['set-decision:declined', ...COMPLETE, 'emit:kyc-decision'],
      state: 'complete',
    },
    {
      name: 'decided before, while ready: the same',
      model: running('ready', { decisions: DECISIONS, ...watching(true) }),
      event: decided(1, 'approved'),
      effects: ['set-decision:approved', ...COMPLETE, 'emit:kyc-decision'],
      state: 'complete',
    },
    {
      name: 'decided before, with only the endpoint on the page (idle): the result screen',
      model: connected({ key: 'idle', decisions: DECISIONS, ...watching(true) }),
      event: decided(1, 'review'),
      effects: ['set-decision:review', 'dress', 'snapshot', 'settled', 'focus:screen', 'render']
        .concat('emit:kyc-statechange')
        .concat('emit:kyc-decision'),
      state: 'complete',
    },
    {
      name: 'decided before, while the session endpoint is asked: its request stops first',
      model: standInRequest({ decisions: DECISIONS, ...watching(true) }),
      event: decided(1, 'approved'),
      effects: ['set-decision:approved', 'abort-session', 'dress', 'snapshot', 'settled', 'focus:screen', 'render']
        .concat('emit:kyc-statechange')
        .concat('emit:kyc-decision'),
      state: 'complete',
    },
    {
      name: 'the person began meanwhile: a decision from before does not interrupt',
      model: running('in-progress', { decisions: DECISIONS, ...watching(true) }),
      event: decided(1, 'declined'),
      effects: [],
      state: 'in-progress',
    },
    {
      name: 'the person begins while the look is under way: the look stops',
      model: running('ready', { decisions: DECISIONS, ...watching(true) }),
      event: signals({ type: 'start' }),
      effects: ['dress', 'snapshot', 'announce:in-progress', 'render', 'emit:kyc-statechange', 'emit:kyc-start'].concat(
        'stop-watch',
      ),
      state: 'in-progress',
    },
    {
      name: 'no decision yet (the look): nothing, and nothing more is asked on this connection',
      model: running('loading', { decisions: DECISIONS, ...watching(true) }),
      event: { type: 'undecided', watch: 1, note: 'no decision yet' },
      effects: ['debug'],
      state: 'loading',
    },
    {
      name: 'watching ran out of time: the screen says the result will follow; not asked again for this attempt',
      model: completed(watching(false)),
      event: { type: 'undecided', watch: 1, note: 'no decision in time' },
      effects: ['render', 'debug'],
      state: 'complete',
    },
    {
      name: 'the watch is late (a failed try, or patience ran out): the screen says the result will follow; it goes on',
      model: completed(watching(false)),
      event: { type: 'decision-late', watch: 1, note: 'HTTP 503' },
      effects: ['render', 'debug'],
      state: 'complete',
    },
    {
      name: 'late again for the same watch: nothing more',
      model: completed({ ...watching(false), late: `1 ${DECISIONS.href}` }),
      event: { type: 'decision-late', watch: 1, note: 'no decision within 20 s' },
      effects: [],
      state: 'complete',
    },
    {
      name: 'late for a watch that is not the one under way: nothing',
      model: completed(watching(false, 2)),
      event: { type: 'decision-late', watch: 1, note: 'HTTP 503' },
      effects: [],
      state: 'complete',
    },
    {
      name: 'the element leaves mid-watch: the watch stops (its connection closes)',
      model: completed(watching(false)),
      event: { type: 'disconnect' },
      effects: ['listen:off', 'abort-session', 'close-dialog', 'stop-watch'],
      state: 'complete',
    },
    {
      name: 'the host sets decision: kyc-decision (unconfirmed), and the widget stops asking',
      model: completed(watching(false)),
      event: { type: 'input', name: 'decision', configures: false, open: false, decision: 'declined' },
      effects: ['render', 'emit:kyc-decision', 'stop-watch'],
      state: 'complete',
    },
    {
      name: 'the widget’s own decision, back as an input change, is nothing more',
      model: completed({ decision: { value: 'approved', confirmed: true, attempt: 1 } }),
      event: { type: 'input', name: 'decision', configures: false, open: false, decision: 'approved' },
      effects: ['render'],
      state: 'complete',
    },
    {
      name: 'a decision in the markup is the host’s: the first pass announces it, after the frame request',
      model: connected(),
      event: { type: 'configure', config: config({ decision: 'approved' }) },
      effects: ['place', 'load-frame', ...LOADING_FROM_IDLE, 'emit:kyc-statechange', 'check-camera', 'dress']
        .concat('render')
        .concat('emit:kyc-decision'),
      state: 'loading',
    },
    {
      name: 'a new decision endpoint mid-watch: the watch moves to it, and the frame is not restarted',
      model: completed(watching(false)),
      event: { type: 'configure', config: config({ decisions: OTHER }) },
      effects: ['place', 'dress', 'render', 'stop-watch', 'watch-decision:stream'],
      state: 'complete',
    },
    {
      name: 'a new attempt drops the decision the widget set: it was the earlier session’s',
      model: completed({ decision: { value: 'declined', confirmed: true, attempt: 1 } }),
      event: { type: 'start', config: withDecisions() },
      effects: ['load-frame', 'dress', 'snapshot', 'announce:loading', 'render', 'emit:kyc-statechange']
        .concat('check-camera')
        .concat('set-decision:none'),
      state: 'loading',
    },
    {
      name: 'a decision the host set stays the host’s across attempts',
      model: completed({ decision: { value: 'declined', confirmed: false, attempt: 1 } }),
      event: { type: 'start', config: withDecisions({ decision: 'declined' }) },
      effects: ['load-frame', 'dress', 'snapshot', 'announce:loading', 'render', 'emit:kyc-statechange'].concat(
        'check-camera',
      ),
      state: 'loading',
    },
  ];

  for (const row of DECISION_ROWS) {
    it(row.name, () => {
      const { model, effects } = step(row.model, row.event);
      expect(effects.map(word)).toEqual(row.effects);
      expect(model.snapshot.state).toBe(row.state);
    });
  }

  it('what the result screen may say before the server confirmed (confirmation)', () => {
    const flow = completed(watching(false));
    expect(confirmation(flow)).toBe('checking');
    expect(confirmation(step(flow, { type: 'decision-late', watch: 1, note: 'HTTP 503' }).model)).toBe('later');
    expect(confirmation(step(flow, { type: 'undecided', watch: 1, note: 'HTTP 404' }).model)).toBe('later');
    expect(confirmation(step(flow, decided(1, 'approved')).model)).toBeUndefined();
    // No endpoint: nothing to wait for (the screen says "submitted" until the host sets decision).
    expect(confirmation(completed({ decisions: undefined }))).toBeUndefined();
    expect(confirmation(running('in-progress', { decisions: DECISIONS }))).toBeUndefined();
    // A new attempt's complete is checking again: lateness belongs to the attempt it was found in.
    expect(confirmation(completed({ late: `0 ${DECISIONS.href}` }))).toBe('checking');
  });

  it('kyc-decision: confirmed from the endpoint (its session id), unconfirmed from the host (the flow’s)', () => {
    const sessionId = 'inq_1';
    const flow = completed({ ...watching(false), snapshot: snap('complete', { sessionId }) });
    const fromEndpoint = step(flow, decided(1, 'approved', sessionId)).effects.find((e) => e.type === 'emit');
    expect(fromEndpoint).toEqual({
      type: 'emit',
      name: 'kyc-decision',
      detail: { decision: 'approved', confirmed: true, sessionId },
    });
    const fromHost = step(flow, {
      type: 'input',
      name: 'decision',
      configures: false,
      open: false,
      decision: 'review',
    });
    expect(fromHost.effects.find((e) => e.type === 'emit')).toEqual({
      type: 'emit',
      name: 'kyc-decision',
      detail: { decision: 'review', confirmed: false, sessionId },
    });
    // Decided before the page opened: the session the endpoint names is the flow's from then on.
    const early = step(running('loading', { decisions: DECISIONS, ...watching(true) }), decided(1, 'review', 'inq_9'));
    expect(early.model.snapshot).toMatchObject({ state: 'complete', outcome: 'pending', sessionId: 'inq_9' });
    expect(early.model.decision).toEqual({ value: 'review', confirmed: true, attempt: 1 });
  });

  it('the watch asks about the session the frame named', () => {
    const { effects } = step(
      running('submitted', { decisions: DECISIONS, looked: true, snapshot: snap('submitted', { sessionId: 'inq_1' }) }),
      signals({ type: 'complete', outcome: 'pending' }),
    );
    expect(effects.find((e) => e.type === 'watch-decision')).toEqual({
      type: 'watch-decision',
      endpoint: DECISIONS,
      watch: 1,
      once: false,
      sessionId: 'inq_1',
    });
  });

  it('once per decision: the endpoint’s, the host’s same one, a repeated answer', () => {
    const { effects } = walk(completed(watching(false)), [
      decided(1, 'approved'),
      decided(1, 'approved'), // the same watch again: over already
      { type: 'input', name: 'decision', configures: false, open: false, decision: 'approved' }, // the echo
      { type: 'configure', config: withDecisions({ decision: 'approved' }) },
      { type: 'input', name: 'decision', configures: false, open: false, decision: 'declined' }, // the host's own
      { type: 'input', name: 'decision', configures: false, open: false, decision: 'declined' },
    ]);
    const decisions = effects.flatMap((e) => (e.type === 'emit' && e.name === 'kyc-decision' ? [e.detail] : []));
    expect(decisions).toEqual([
      { decision: 'approved', confirmed: true },
      { decision: 'declined', confirmed: false },
    ]);
  });

  it('a look, then none: no second look on this connection; back on the page, it looks again', () => {
    const opened = walk(connected(), [{ type: 'configure', config: withDecisions() }]);
    const none = walk(opened.model, [
      { type: 'undecided', watch: 1, note: 'no decision yet' },
      { type: 'configure', config: withDecisions() },
    ]);
    expect(none.effects.map(word)).not.toContain('watch-decision:once');
    const back = walk(none.model, [
      { type: 'disconnect' },
      { type: 'connect' },
      { type: 'configure', config: withDecisions() },
    ]);
    expect(back.effects.map(word)).toContain('watch-decision:once');
  });

  it('watching gave up: not again for this attempt; back on the page with no decision yet, it watches again', () => {
    const gaveUp = walk(completed(watching(false)), [
      { type: 'undecided', watch: 1, note: 'no decision in time' },
      { type: 'configure', config: withDecisions() },
    ]);
    expect(gaveUp.effects.map(word)).not.toContain('watch-decision:stream');
    const back = walk(gaveUp.model, [{ type: 'disconnect' }, { type: 'connect' }]);
    expect(back.effects.map(word)).toEqual(
      ['listen:off', 'abort-session', 'close-dialog'].concat(
        'language',
        'listen:on',
        'queue-configure',
        'watch-decision:stream',
      ),
    );
    // Left mid-watch and back: the watch stops, and starts again.
    const left = walk(completed(watching(false)), [{ type: 'disconnect' }, { type: 'connect' }]);
    expect(left.effects.map(word).filter((w) => /watch/.test(w))).toEqual(['stop-watch', 'watch-decision:stream']);
    expect(left.model.watch).toMatchObject({ id: 2, once: false });
  });

  it('a decision-endpoint change alone never restarts the frame', () => {
    const { effects } = step(running('in-progress', { decisions: DECISIONS, looked: true }), {
      type: 'configure',
      config: config({ decisions: OTHER }),
    });
    expect(effects.map(word)).toEqual(['place', 'dress', 'render']);
  });
});
