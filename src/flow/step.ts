import type { Signal } from '../protocols/types';
import { FRAME_TIMEOUT_HINT, makeError, type KycErrorInfo } from './errors';
import { canRetry, INITIAL, isLive, transition, type Emit, type Input, type KycState, type Snapshot } from './machine';

/**
 * The widget's runtime as one pure function: `step(model, event) → { model, effects }`. Every decision the
 * element makes lives here: states and transitions (through the machine), attempts and frames, exactly-once,
 * what a provider's signal asks for, the load timeout, reloads, sessions and tokens (renewal, resuming after
 * a new token), connectivity (the offline rule, resuming after it), configuration changes, start, retry,
 * cancel, close. Events in and effects out are plain data; `element/controller.ts` carries the effects out,
 * in order, and reports what happens back as events, one at a time.
 *
 * The frame is generic (`F`): flow/ does not know how a frame is resolved, only its URL and token.
 */

/** What step needs of a resolved frame. */
export interface FrameLike {
  readonly url: URL;
  readonly context: { readonly sessionToken?: string };
}

/** The inputs resolved into a frame (element/resolve.ts), or the reason they cannot be. */
export type Resolution<F extends FrameLike> =
  | { kind: 'idle' }
  | { kind: 'needs-session'; endpoint: URL }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; frame: F };

/** The inputs as the element reads them when an event that needs them is handled. */
export interface Config<F extends FrameLike> {
  resolution: Resolution<F>;
  /** The configuration's comparable key (element/inputs.ts `configKey`; the token is not part of it; '' unless launchable). */
  key: string;
  /** The session endpoint and the provider it serves: a stale session belongs to one binding. */
  binding: string;
  /** The host's session endpoint, when it gave a valid one. */
  endpoint?: URL;
  mode: 'inline' | 'modal';
  open: boolean;
  /** The host gave a session URL, token or endpoint. */
  session: boolean;
  /** The `sessionToken` input. */
  token?: string;
  /** The modal dialog is showing. */
  modalOpen: boolean;
}

/** A frame request that reloads this many times at the provider's request fails: it would loop. */
export const MAX_RELOADS = 3;

interface Frame<F> {
  /** Every frame request gets a new id: what a stopped frame's timers or chunks report is ignored. */
  readonly id: number;
  readonly frame: F;
  /** The token this frame was given. */
  readonly token: string | undefined;
  /** Its protocol can take a new token without a reload (Sumsub, generic). */
  readonly takesTokens: boolean;
  /** Reloads the provider asked for, in a row. */
  readonly reloads: number;
}

interface Request {
  readonly id: number;
  readonly endpoint: URL;
  /** `start`: a session before the frame; `renew`: a new token for the running frame. */
  readonly purpose: 'start' | 'renew';
  readonly refresh: boolean;
  /** Asked again because the first answer had already expired (only once). */
  readonly again: boolean;
  /** The attempt that asked: an answer for an earlier attempt is dropped. */
  readonly attempt: number;
  /** The frame that was running, and whether it could take a token then (renewal). */
  readonly frame: number | undefined;
  readonly takesTokens: boolean;
}

export interface Model<F extends FrameLike> {
  readonly snapshot: Snapshot;
  readonly connected: boolean;
  /** The flow was running when the element left the page: it loads again when it comes back. */
  readonly resumeOnConnect: boolean;
  /** The configuration the frame was made for ('' : none, so the next pass loads). */
  readonly key: string;
  /** The last frame requested (kept after it stops, for a reload, a retry or a token). */
  readonly frame: Frame<F> | null;
  /** That frame's iframe is there. */
  readonly framed: boolean;
  readonly frames: number;
  /** The frame stopped on an expired token and stays: the state a new token from the host resumes. */
  readonly awaiting: KycState | null;
  /** Offline, waiting out the grace period. */
  readonly offline: boolean;
  /** The state a long loss stopped the flow in: where `online` resumes it, in the same frame. */
  readonly offlineResume: KycState | null;
  readonly endpoint: URL | undefined;
  readonly binding: string;
  /** Renewal failed: the next start asks the endpoint with `refresh: true` first. */
  readonly stale: boolean;
  readonly request: Request | null;
  readonly requests: number;
}

export function initialModel<F extends FrameLike>(): Model<F> {
  return {
    snapshot: INITIAL,
    connected: false,
    resumeOnConnect: false,
    key: '',
    frame: null,
    framed: false,
    frames: 0,
    awaiting: null,
    offline: false,
    offlineResume: null,
    endpoint: undefined,
    binding: '',
    stale: false,
    request: null,
    requests: 0,
  };
}

/** A session endpoint's answer, as far as step reads it. */
export interface Answer {
  sessionToken?: string;
  expiresAt?: string;
}

export type Event<F extends FrameLike> =
  | { type: 'connect' }
  | { type: 'disconnect' }
  /** An input changed (`configures`: one of the frame's configuration; `open`: the `open` input now). */
  | { type: 'input'; name: string; configures: boolean; open: boolean }
  /** One pass over the inputs, at the end of the task in which they changed (or once the dialog is placed). */
  | { type: 'configure'; config: Config<F> }
  | { type: 'start'; config: Config<F> }
  /** `keepFocus`: the screens' button, which goes away: focus waits on the loading screen. */
  | { type: 'retry'; config: Config<F>; keepFocus?: boolean }
  | { type: 'cancel' }
  /** The result screen's Done. */
  | { type: 'done'; config: Config<F> }
  | { type: 'opened'; config: Config<F> }
  | { type: 'closed'; byPerson: boolean }
  /** What the frame's messages (or its `load`) meant. */
  | { type: 'signals'; frame: number; signals: readonly Signal[]; from: 'message' | 'load' }
  /** The frame's protocol is attached. */
  | { type: 'attached'; frame: number; takesTokens: boolean }
  | { type: 'timeout'; frame: number; after: number }
  | { type: 'slow'; frame: number }
  | { type: 'session'; request: number; answer: Answer; now: number; config: Config<F> }
  | { type: 'session-error'; request: number; message: string }
  | { type: 'offline' }
  | { type: 'still-offline'; after: number }
  | { type: 'online'; config: Config<F> }
  /** The browser will not give the frame the camera (element/preflight.ts). */
  | { type: 'camera'; message: string }
  | { type: 'announce'; text: string }
  /** A language chunk arrived. */
  | { type: 'language' }
  /**
   * The runtime arrived after the boot chunk (boot/boot.ts) began: its snapshot (idle, or loading after it
   * said idle → loading), the configuration key it launched for, the frame it made (if any), or the session
   * request it sent (`endpoint`; `answered`: the frame was made from its answer). Nothing is dispatched again.
   */
  | {
      type: 'adopted';
      snapshot: Snapshot;
      key: string;
      frame: F | null;
      endpoint?: URL;
      answered: boolean;
      /** The element left the page after the boot launched: the next connect starts again. */
      resume: boolean;
      connected: boolean;
    };

export type Announcement = { state: KycState } | { step: { index: number; total: number } } | { text: string };

export type Effect<F extends FrameLike> =
  /** Request the frame (stopping any other first), with a fresh load timer. */
  | { type: 'load-frame'; frame: F; id: number }
  /** Take over the boot chunk's frame as frame `id`. */
  | { type: 'adopt-frame'; frame: F; id: number }
  /** Take over the boot chunk's session answer (the adopted frame was made from it). */
  | { type: 'adopt-session' }
  /** Remove the frame (which releases the camera). */
  | { type: 'stop-frame' }
  /** The load timer is done and the slow hint goes. */
  | { type: 'settled' }
  | { type: 'slow' }
  | { type: 'frame-height'; height: number }
  /** A new token for the running frame, or (null) word that renewal failed. */
  | { type: 'hand-over-token'; token: string | null; error?: string }
  /** `first`: the boot chunk's request, already sent, is this one's first try. */
  | { type: 'fetch-session'; endpoint: URL; refresh: boolean; request: number; first?: boolean }
  | { type: 'abort-session' }
  /** What `state`, `sessionId`, the screens and the events read from now on. */
  | { type: 'snapshot'; snapshot: Snapshot }
  /** A DOM event; the runner adds `provider`. */
  | { type: 'emit'; name: Emit['event']; detail: object }
  | { type: 'announce'; say: Announcement }
  | { type: 'render' }
  /** The styles and the loading screen, in place (idempotent): never in front of the frame request. */
  | { type: 'dress' }
  /** `screen`: the next screen takes focus if focus was in the widget; `frame`/`loading`: if it was on the loading screen / in the widget. */
  | { type: 'focus'; to: 'screen' | 'frame' | 'loading' }
  /** Offline: the banner, and the grace period's timer. */
  | { type: 'offline'; on: boolean }
  | { type: 'listen'; on: boolean }
  | { type: 'place'; mode: 'inline' | 'modal'; open: boolean }
  | { type: 'show-dialog'; open: boolean }
  | { type: 'close-dialog' }
  | { type: 'set-open'; open: boolean }
  | { type: 'warm-up'; url: URL }
  | { type: 'confirm-leave' }
  | { type: 'check-camera'; origin: string }
  /** `reset`: work the language out again; then the frame's title follows it. */
  | { type: 'language'; reset: boolean }
  /** The running frame hears of a new language or theme. */
  | { type: 'frame-settings' }
  | { type: 'queue-configure' }
  | { type: 'debug'; note: string };

export interface Stepped<F extends FrameLike> {
  model: Model<F>;
  effects: Effect<F>[];
}

export function step<F extends FrameLike>(model: Model<F>, event: Event<F>): Stepped<F> {
  const run = new Run(model);
  run.handle(event);
  return { model: run.m, effects: run.effects };
}

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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type How = 'start' | 'fresh' | 'retry' | 'reload';
type Change =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string; repeated: boolean }
  | { kind: 'same' }
  | { kind: 'token'; token: string }
  | { kind: 'launch'; fresh: boolean };

/** One step's working copy of the model and the effects it collects. */
class Run<F extends FrameLike> {
  readonly m: Mutable<Model<F>>;
  readonly effects: Effect<F>[] = [];

  constructor(model: Model<F>) {
    this.m = { ...model };
  }

  get #state(): KycState {
    return this.m.snapshot.state;
  }

  handle(event: Event<F>): void {
    const m = this.m;
    if ('config' in event) this.#absorb(event.config);
    switch (event.type) {
      case 'connect':
        this.#connect();
        return;
      case 'disconnect':
        m.connected = false;
        m.offline = false;
        this.#do({ type: 'listen', on: false });
        m.resumeOnConnect = isLive(this.#state) || m.awaiting !== null;
        this.#stopFrame();
        m.request = null;
        this.#do({ type: 'abort-session' }, { type: 'close-dialog' });
        return;
      case 'input':
        if (event.name === 'open') this.#do({ type: 'show-dialog', open: event.open && m.connected });
        if (event.name === 'locale') this.#do({ type: 'language', reset: true });
        if (event.name === 'locale' || event.name === 'theme') this.#do({ type: 'frame-settings' });
        this.#do(event.configures ? { type: 'queue-configure' } : { type: 'render' });
        return;
      case 'configure':
        if (m.connected) this.#configure(event.config);
        return;
      case 'start':
        if (event.config.mode === 'modal') this.#do({ type: 'set-open', open: true });
        this.#restart(event.config, 'start');
        return;
      case 'retry':
        if (canRetry(m.snapshot)) this.#restart(event.config, 'retry');
        if (event.keepFocus && this.#state === 'loading') this.#do({ type: 'focus', to: 'loading' });
        return;
      case 'cancel':
        this.#transition({ type: 'cancel' });
        return;
      case 'done':
        if (event.config.modalOpen) this.#do({ type: 'close-dialog' });
        else this.#transition({ type: 'close' });
        return;
      case 'opened':
        // The dialog opened on an idle or cancelled flow: start it.
        if (!m.connected || !event.config.session || (this.#state !== 'idle' && this.#state !== 'cancelled')) return;
        m.key = '';
        this.#configure(event.config);
        return;
      case 'closed':
        // A running flow is cancelled; the person closing it is a kyc-close.
        if (!m.connected) return;
        if (isLive(this.#state)) this.#transition({ type: 'cancel' });
        if (event.byPerson) this.#transition({ type: 'close' });
        this.#do({ type: 'set-open', open: false });
        return;
      case 'signals':
        if (event.frame === m.frame?.id && m.framed) this.#signals(event.signals, event.from);
        return;
      case 'attached':
        if (m.frame && event.frame === m.frame.id) m.frame = { ...m.frame, takesTokens: event.takesTokens };
        return;
      case 'timeout': {
        if (event.frame !== m.frame?.id || !m.framed || this.#state !== 'loading') return;
        const seconds = Math.round(event.after / 100) / 10;
        this.#fail(
          makeError(
            'frame-load-timeout',
            `the frame did not say it was ready within ${seconds} s: ${FRAME_TIMEOUT_HINT}`,
          ),
        );
        return;
      }
      case 'slow':
        if (event.frame === m.frame?.id && m.framed && this.#state === 'loading') this.#do({ type: 'slow' });
        return;
      case 'session':
        this.#answered(event.request, event.answer, event.now, event.config);
        return;
      case 'session-error':
        this.#failedToAnswer(event.request, event.message);
        return;
      case 'offline':
        if (!isLive(this.#state)) return;
        m.offline = true;
        this.#do({ type: 'offline', on: true });
        this.#transition({
          type: 'warn',
          warning: {
            code: 'offline',
            message: 'the browser went offline; the flow goes on in the same frame when it is back online',
          },
        });
        return;
      case 'still-offline': {
        m.offline = false;
        if (!isLive(this.#state)) return;
        // A frame that never said ready has nothing to go on with: it loads again.
        m.offlineResume = this.#state === 'loading' ? null : this.#state;
        const seconds = Math.round(event.after / 1000);
        const error = makeError('offline', `the browser stayed offline for ${seconds} s while the flow was running`);
        this.#fail(error, m.offlineResume !== null);
        return;
      }
      case 'online': {
        m.offline = false;
        this.#do({ type: 'offline', on: false });
        if (this.#state !== 'error' || m.snapshot.error?.code !== 'offline') return;
        const resumeTo = m.offlineResume;
        m.offlineResume = null;
        if (resumeTo && m.framed) this.#transition({ type: 'resume', state: resumeTo });
        else if (canRetry(m.snapshot)) this.#restart(event.config, 'retry');
        return;
      }
      case 'camera':
        this.#transition({ type: 'warn', warning: { code: 'camera-unavailable', message: event.message } });
        return;
      case 'announce':
        this.#do({ type: 'announce', say: { text: event.text } });
        return;
      case 'language':
        this.#do({ type: 'language', reset: false });
        if (m.connected) this.#do({ type: 'render' });
        return;
      case 'adopted':
        this.#adopt(event);
        return;
    }
  }

  #connect(): void {
    const m = this.m;
    m.connected = true;
    if (m.resumeOnConnect) m.key = ''; // the iframe is gone: whatever the config, load it again
    m.resumeOnConnect = false;
    this.#do({ type: 'language', reset: true }, { type: 'listen', on: true }, { type: 'queue-configure' });
  }

  #do(...effects: Effect<F>[]): void {
    this.effects.push(...effects);
  }

  #absorb(config: Config<F>): void {
    const m = this.m;
    m.endpoint = config.endpoint;
    if (config.binding !== m.binding) {
      // Another endpoint (or provider): its sessions are not the stale one.
      m.binding = config.binding;
      m.stale = false;
    }
  }

  get #takesTokens(): boolean {
    return this.m.framed && this.m.frame?.takesTokens === true;
  }

  // ---- the machine ----------------------------------------------------------------------------------

  /** A machine input: the snapshot, the side effects of entering a new state, then its events in order. */
  #transition(input: Input, keepFrame = false): void {
    const m = this.m;
    this.#do({ type: 'dress' });
    const previous = m.snapshot;
    const { snapshot, emits } = transition(previous, input);
    m.snapshot = snapshot;
    if (snapshot !== previous) this.#do({ type: 'snapshot', snapshot });
    if (snapshot.state !== previous.state) this.#enter(snapshot, previous, keepFrame);
    for (const { event, detail } of emits) {
      const full = { ...(snapshot.sessionId ? { sessionId: snapshot.sessionId } : {}), ...detail };
      this.#do({ type: 'emit', name: event, detail: full });
    }
    if (input.type === 'progress' && input.index !== undefined && input.total !== undefined)
      this.#do({ type: 'announce', say: { step: { index: input.index, total: input.total } } });
  }

  /** Entering a state, before its events are dispatched. */
  #enter(snapshot: Snapshot, previous: Snapshot, keepFrame: boolean): void {
    const { state } = snapshot;
    const live = isLive(state);
    if (!live && !keepFrame) this.#stopFrame();
    if (state === 'ready' || !live) this.#do({ type: 'settled' });
    if ((!live || previous.state === 'idle') && state !== 'idle') this.#do({ type: 'focus', to: 'screen' });
    if (live) this.#do({ type: 'announce', say: { state } });
    this.#do({ type: 'render' });
    // Focus waited on the loading screen (after "Try again"): the frame is where the person goes on, once shown.
    if (state === 'ready') this.#do({ type: 'focus', to: 'frame' });
  }

  #fail(error: KycErrorInfo, keepFrame = false): void {
    this.#transition({ type: 'fail', error }, keepFrame);
  }

  #failConfig(message: string): void {
    this.#stopFrame();
    this.#fail(makeError('config-invalid', message));
  }

  // ---- frames ---------------------------------------------------------------------------------------

  #stopFrame(): void {
    const m = this.m;
    if (m.framed) this.#do({ type: 'stop-frame' });
    m.framed = false;
    m.awaiting = null;
  }

  /** The frame request first; only then the state change, its events, announcements and screens. */
  #begin(frame: F, how: How): void {
    const m = this.m;
    const reloads = how === 'reload' ? (m.frame?.reloads ?? 0) + 1 : 0;
    const id = ++m.frames;
    this.#do({ type: 'load-frame', frame, id });
    m.frame = { id, frame, token: frame.context.sessionToken, takesTokens: false, reloads };
    m.framed = true;
    m.awaiting = null;
    m.offlineResume = null; // an earlier loss has no frame to resume now
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    // After the request and the state change: can the frame get the camera it asks for? (docs/embedding.md)
    this.#do({ type: 'check-camera', origin: frame.url.origin });
  }

  /**
   * Goes on from where the boot chunk stopped: its snapshot and key become the model's (an unchanged
   * configuration is then "same"), its frame is taken over as `#begin` would have begun it (minus the
   * request and the events the boot already sent), or its session request is read as the first try.
   */
  #adopt(event: Extract<Event<F>, { type: 'adopted' }>): void {
    const m = this.m;
    m.snapshot = event.snapshot;
    this.#do({ type: 'snapshot', snapshot: event.snapshot });
    if (event.key) m.key = event.key;
    m.resumeOnConnect = event.resume;
    if (event.connected) this.#connect();
    if (!isLive(this.#state) || !event.connected || event.resume) return;
    this.#do({ type: 'dress' }, { type: 'announce', say: { state: this.#state } }, { type: 'render' });
    if (event.answered) this.#do({ type: 'adopt-session' });
    const frame = event.frame;
    if (frame) {
      const id = ++m.frames;
      m.frame = { id, frame, token: frame.context.sessionToken, takesTokens: false, reloads: 0 };
      m.framed = true;
      m.awaiting = null;
      m.offlineResume = null;
      // As in #begin; and before what the frame said meanwhile is replayed to its protocol.
      this.#do({ type: 'check-camera', origin: frame.url.origin }, { type: 'adopt-frame', frame, id });
    } else if (event.endpoint) this.#ask(event.endpoint, 'start', false, false, true);
  }

  #signals(signals: readonly Signal[], from: 'message' | 'load'): void {
    if (signals.length === 0 && from === 'message') this.#do({ type: 'debug', note: 'ignored message' });
    for (const signal of signals) {
      const asked = signalStep(signal);
      const live = isLive(this.#state);
      const frame = this.m.frame;
      if (asked.kind === 'input' && (asked.input.type !== 'fail' || live)) this.#transition(asked.input);
      else if (asked.kind === 'resize' && live) this.#do({ type: 'frame-height', height: asked.height });
      else if (asked.kind === 'expired' && live) this.#expired(asked.error);
      else if (asked.kind === 'confirm-leave' && live) this.#do({ type: 'confirm-leave' });
      else if (asked.kind === 'reload' && live && frame) {
        // The provider asked for a fresh frame (Veriff's camera re-ask): the frame only, a few times at most.
        if (frame.reloads < MAX_RELOADS) this.#begin(frame.frame, 'reload');
        else this.#fail(makeError('provider-error', 'the frame asked to be reloaded too many times'));
      }
    }
  }

  // ---- configuration --------------------------------------------------------------------------------

  /** Compares the configuration with the running one, and remembers it: only a real change restarts. */
  #change(config: Config<F>): Change {
    const m = this.m;
    const resolution = config.resolution;
    if (resolution.kind === 'idle') {
      m.key = 'idle';
      return { kind: 'idle' };
    }
    if (resolution.kind === 'invalid') {
      const key = `invalid ${resolution.message}`;
      const repeated = key === m.key;
      m.key = key;
      return { kind: 'invalid', message: resolution.message, repeated };
    }
    if (config.key === m.key) {
      const token = resolution.kind === 'ok' ? resolution.frame.context.sessionToken : config.token;
      if (token === m.frame?.token) return { kind: 'same' };
      return token ? { kind: 'token', token } : { kind: 'launch', fresh: false };
    }
    m.key = config.key;
    return { kind: 'launch', fresh: true };
  }

  #configure(config: Config<F>): void {
    const m = this.m;
    const change = this.#change(config);
    const handedOver = change.kind === 'token' && this.#handOver(change.token);
    // A moved iframe reloads: a frame that is about to be replaced goes before its root moves.
    if (change.kind !== 'same' && !handedOver) this.#stopFrame();
    this.#do({ type: 'place', mode: config.mode, open: config.open && m.connected });
    const resolution = config.resolution;
    if (change.kind === 'idle') {
      this.#transition({ type: 'reset' });
    } else if (change.kind === 'invalid') {
      if (!change.repeated || this.#state !== 'error') this.#failConfig(change.message);
    } else if (change.kind !== 'same' && !handedOver && resolution.kind !== 'idle' && resolution.kind !== 'invalid') {
      if (config.mode === 'modal' && !config.open) {
        // A modal flow starts when it is opened; until then only the connection is warmed.
        this.#transition({ type: 'reset' });
        if (resolution.kind === 'ok') this.#do({ type: 'warm-up', url: resolution.frame.url });
      } else this.#launch(config, resolution, change.kind === 'launch' && change.fresh ? 'fresh' : 'start');
    }
    this.#do({ type: 'dress' }, { type: 'render' });
  }

  #restart(config: Config<F>, how: 'start' | 'retry'): void {
    const resolution = config.resolution;
    if (resolution.kind === 'invalid') this.#failConfig(resolution.message);
    else if (resolution.kind !== 'idle') this.#launch(config, resolution, how);
    else if (how === 'start') this.#failConfig('start() needs a session-url, session-token or session-endpoint');
  }

  /** Starts an attempt: at once when the frame is known, else after asking the session endpoint. */
  #launch(
    config: Config<F>,
    resolution: Extract<Resolution<F>, { kind: 'ok' | 'needs-session' }>,
    how: Exclude<How, 'reload'>,
  ): void {
    const m = this.m;
    const endpoint = resolution.kind === 'needs-session' ? resolution.endpoint : config.endpoint;
    if (resolution.kind === 'ok' && !(endpoint && m.stale)) return this.#begin(resolution.frame, how);
    this.#stopFrame();
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    if (endpoint && this.#state === 'loading') this.#ask(endpoint, 'start', m.stale);
  }

  // ---- sessions and tokens --------------------------------------------------------------------------

  #ask(endpoint: URL, purpose: Request['purpose'], refresh: boolean, again = false, first = false): void {
    const m = this.m;
    const id = ++m.requests;
    m.request = {
      id,
      endpoint,
      purpose,
      refresh,
      again,
      attempt: m.snapshot.attempt,
      frame: m.frame?.id,
      takesTokens: this.#takesTokens,
    };
    this.#do({ type: 'fetch-session', endpoint, refresh, request: id, ...(first ? { first } : {}) });
  }

  /** The request this answer is for, if the flow is still on the attempt that asked (and running, for a renewal). */
  #current(id: number): Request | null {
    const { request, snapshot, connected } = this.m;
    if (!request || request.id !== id || !connected || request.attempt !== snapshot.attempt) return null;
    if (request.purpose === 'renew' && !isLive(snapshot.state)) return null;
    return request;
  }

  #answered(id: number, answer: Answer, now: number, config: Config<F>): void {
    const m = this.m;
    const request = this.#current(id);
    if (!request) return;
    m.request = null;
    if (request.purpose === 'start') {
      // An answer that has already expired is asked for again, once, with refresh before the frame loads.
      const expired = answer.expiresAt !== undefined && Date.parse(answer.expiresAt) <= now;
      if (expired && !request.again) return this.#ask(request.endpoint, 'start', true, true);
      m.stale = false;
      return this.#beginAgain(config, 'start');
    }
    m.stale = false;
    // Mid-flow: a frame that can take the new token gets it; else it reloads with the new session.
    if (answer.sessionToken && request.takesTokens && request.frame === m.frame?.id && m.framed) {
      this.#do({ type: 'hand-over-token', token: answer.sessionToken });
      m.frame = { ...m.frame!, token: answer.sessionToken };
      m.awaiting = null;
    } else this.#beginAgain(config, 'reload');
  }

  #failedToAnswer(id: number, reason: string): void {
    const m = this.m;
    const request = this.#current(id);
    if (!request) return;
    m.request = null;
    if (request.purpose === 'start') return this.#fail(makeError('session-fetch-failed', reason));
    const message = `the session expired and the endpoint could not renew it: ${reason}`;
    this.#do({ type: 'hand-over-token', token: null, error: message });
    m.awaiting = null;
    m.stale = true;
    this.#fail(makeError('session-expired', message, { recoverable: true }));
  }

  /** Begins with what the inputs and the session endpoint's latest answer resolve to now. */
  #beginAgain(config: Config<F>, how: 'start' | 'reload'): void {
    const next = config.resolution;
    if (next.kind === 'ok') this.#begin(next.frame, how);
    else if (next.kind === 'invalid') this.#failConfig(`the session endpoint's answer: ${next.message}`);
  }

  /**
   * The provider said the session or token expired. With a session endpoint, renew it (the state stays).
   * Without one, report it; a frame that can take a token stays behind the error screen, and the host's
   * next `sessionToken` resumes the flow where it was.
   */
  #expired(error: KycErrorInfo): void {
    const m = this.m;
    if (m.endpoint) return this.#ask(m.endpoint, 'renew', true);
    const state = this.#state;
    const keep = this.#takesTokens;
    this.#fail(error, keep);
    if (keep) m.awaiting = state === 'loading' ? 'ready' : state;
  }

  /** A new token from the host for a frame that can take it: the flow goes on, or resumes where it stopped. */
  #handOver(token: string): boolean {
    const m = this.m;
    const resumeTo = m.awaiting;
    if (!this.#takesTokens || (!resumeTo && !isLive(this.#state))) return false;
    this.#do({ type: 'hand-over-token', token });
    m.frame = { ...m.frame!, token };
    m.awaiting = null;
    if (resumeTo) this.#transition({ type: 'resume', state: resumeTo });
    return true;
  }
}
