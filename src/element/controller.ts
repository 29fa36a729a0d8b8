import type { Handover } from '../boot/boot';
import { makeError, type KycErrorInfo } from '../flow/errors';
import { canRetry, isLive, type Input, type KycState, type Snapshot } from '../flow/machine';
import { stepFor } from '../flow/signals';
import { frameFor } from '../providers/frames';
import type { Signal } from '../providers/types';
import { format } from '../ui/i18n';
import { Attempt } from './attempt';
import { Configuration } from './configuration';
import { Connectivity } from './connectivity';
import { Driver, type LastError } from './driver';
import type { Inputs } from './inputs';
import { Placement } from './placement';
import { CameraPreflight } from './preflight';
import { Renewal } from './renewal';
import { hasSession, type ResolvedFrame, type Resolution } from './resolve';
import { Screens } from './screens';
import { Surface } from './surface';

/**
 * The element's behaviour, framework-free. It composes the configuration (inputs → frame), the attempt
 * (the frame and its protocol), session renewal, placement (inline or modal), the surface and the screens,
 * and feeds the flow machine (through the driver, the only place the state changes). Every step runs
 * through one serial queue.
 */

/** What the controller needs from its element, without making any of it public API. */
export interface HostPort {
  readonly inputs: Inputs;
  /** Sets the `open` property (and attribute), as the person or start() did. */
  setOpen(open: boolean): void;
}

type Launchable = Extract<Resolution, { kind: 'ok' | 'needs-session' }>;
type How = 'start' | 'fresh' | 'retry' | 'reload';

export class WidgetController {
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  readonly #setOpen: (open: boolean) => void;
  readonly #shadow: ShadowRoot;
  readonly #run: (step: () => void) => void;
  readonly #surface: Surface;
  readonly #attempt: Attempt;
  readonly #renewal: Renewal;
  readonly #config: Configuration;
  readonly #placement: Placement;
  readonly #screens: Screens;
  readonly #driver: Driver;
  readonly #connectivity: Connectivity;
  readonly #preflight = new CameraPreflight();
  #connected = false;
  /** The flow was running when the element was removed: it restarts when it comes back. */
  #resumeOnConnect = false;

  /** `boot`: the boot's hand-over (its skeleton and bridge are taken over here; see adopt). */
  constructor(host: HTMLElement, port: HostPort, shadow: ShadowRoot, boot?: Handover) {
    const inputs = port.inputs;
    this.#host = host;
    this.#inputs = inputs;
    this.#setOpen = (open) => port.setOpen(open);
    this.#shadow = shadow;
    this.#surface = new Surface(
      host,
      inputs,
      (messages) => {
        this.#attempt.setTitle(messages.frameTitle);
        if (this.#connected) this.#notify();
      },
      boot?.skeleton,
    );
    this.#attempt = new Attempt(
      this.#surface.frameBox,
      {
        signals: (signals, from) => this.#run(() => this.#apply(signals, from)),
        timedOut: (error) => this.#run(() => this.#state === 'loading' && this.#fail(error)),
        slow: () => this.#surface.setSlow(true),
        protocolFailed: () =>
          this.#run(() =>
            this.#fail(
              makeError(
                'frame-load-timeout',
                `the ${inputs.provider} protocol could not be downloaded: check the network and that the widget's chunks are served`,
              ),
            ),
          ),
      },
      boot?.bridge,
    );
    this.#renewal = new Renewal(this.#attempt, {
      inputs: () => inputs,
      endpoint: () => this.#config.endpoint(inputs),
      state: () => this.#state,
      resume: (state) => this.#transition({ type: 'resume', state }),
      locale: () => this.#surface.language(),
      connected: () => this.#connected,
      whileCurrent: (promise, ok, failed, live) => this.#driver.whileCurrent(promise, ok, failed, live),
      begin: (how) => this.#beginAgain(how),
      fail: (error, keepFrame) => this.#fail(error, keepFrame),
    });
    this.#config = new Configuration(host, () => this.#connected && this.#run(() => this.#configure()));
    this.#placement = new Placement(shadow, this.#surface.root, {
      moving: () => this.#attempt.stop(),
      placed: () => this.#run(() => this.#configure()),
      opened: () => queueMicrotask(() => this.#run(() => this.#opened())),
      closed: (byPerson) => this.#connected && this.#run(() => this.#closed(byPerson)),
    });
    this.#screens = new Screens(this.#surface.ui, {
      retry: () => this.#surface.keepingFocus(() => this.retry()),
      done: () =>
        this.#run(() => (this.#placement.modalOpen ? this.#placement.close() : this.#transition({ type: 'close' }))),
      announce: (text) => this.#surface.announce(text),
    });
    this.#driver = new Driver(host, {
      provider: () => inputs.provider,
      entered: (snapshot, previous, keepFrame) => this.#enter(snapshot, previous, keepFrame),
      log: (event, detail) => inputs.debug && console.info(`[kyc-widget] ${event}`, detail, { ...this.#attempt.stats }),
      connected: () => this.#connected,
    });
    this.#run = this.#driver.run;
    this.#connectivity = new Connectivity({
      state: () => this.#state,
      error: () => this.snapshot.error,
      hasFrame: () => this.#attempt.iframe !== null,
      send: (input, keepFrame) => this.#run(() => this.#transition(input, keepFrame)),
      retry: () => this.retry(),
      banner: (offline) => this.#surface.setOffline(offline),
    });
  }

  /**
   * The seam with the boot (boot/boot.ts): go on from where it stopped. Its snapshot (idle, or loading after
   * it said idle → loading) and configuration key become this controller's, so that the first configuration
   * pass finds the same inputs "same"; its frame is adopted as `#begin` would have begun it (minus the
   * request, and the load timer counting from the boot's request); a session request it sent is read as the
   * session client's first try; then the calls made meanwhile, in order. Nothing is dispatched twice.
   */
  adopt(boot: Handover, connected: boolean): void {
    this.#driver.adopt(boot.snapshot, boot.lastError);
    if (boot.key) this.#config.adopt(boot.key);
    this.#resumeOnConnect = boot.resume;
    if (connected) this.connect();
    if (isLive(this.#state) && connected && !boot.resume) {
      this.#surface.dress(this.#shadow);
      this.#surface.announceState(this.#state);
      this.#notify();
      const { frame, session } = boot;
      if (session?.answer) this.#renewal.adopt(session.answer);
      if (frame) {
        const resolved = { ...frame, provider: frameFor(frame.id) };
        this.#connectivity.reset();
        // As in #begin, before what the frame said meanwhile is replayed to its protocol.
        const camera = this.#preflight.check(this.#attempt.iframe, resolved.url.origin);
        if (camera) this.#transition({ type: 'warn', warning: { code: 'camera-unavailable', message: camera } });
        this.#attempt.adopt(
          resolved,
          { title: this.#surface.messages().frameTitle, loadTimeout: this.#inputs.loadTimeout },
          boot.requestedAt,
        );
      } else if (session) this.#renewal.fetch(session.endpoint, session.sent);
    }
    for (const call of boot.calls) this[call]();
  }

  get snapshot(): Snapshot {
    return this.#driver.snapshot;
  }

  get lastError(): LastError | null {
    return this.#driver.lastError;
  }

  get #state(): KycState {
    return this.#driver.snapshot.state;
  }

  connect(): void {
    this.#connected = true;
    this.#surface.resetLanguage();
    if (this.#resumeOnConnect) this.#config.forget(); // the iframe is gone: whatever the config, load it again
    this.#resumeOnConnect = false;
    this.#connectivity.listen(this.#host.ownerDocument.defaultView);
    this.#config.queue();
  }

  disconnect(): void {
    this.#connected = false;
    this.#connectivity.stop();
    this.#resumeOnConnect = isLive(this.#state) || this.#attempt.awaiting !== null;
    this.#attempt.stop();
    this.#renewal.abort();
    this.#placement.close();
  }

  /** An input changed. Config inputs are resolved once per task, however many changed. */
  inputChanged(property: keyof Inputs, config: boolean): void {
    if (property === 'open') this.#placement.sync(this.#inputs.open && this.#connected);
    if (property === 'locale') {
      this.#surface.resetLanguage();
      this.#attempt.setTitle(this.#surface.messages().frameTitle);
    }
    // A running frame hears of a new language or theme where its protocol allows (else: at the next start).
    if (property === 'locale' || property === 'theme')
      this.#attempt.settingsChanged(this.#surface.language(), this.#inputs.theme);
    if (config) this.#config.queue();
    else this.#notify();
  }

  /** Begins the flow, or restarts it from the beginning (opening the modal in modal mode). */
  start(): void {
    this.#run(() => {
      if (this.#inputs.mode === 'modal') this.#setOpen(true);
      this.#restart('start');
    });
  }

  retry(): void {
    this.#run(() => canRetry(this.snapshot) && this.#restart('retry'));
  }

  cancel(): void {
    this.#run(() => this.#transition({ type: 'cancel' }));
  }

  #resolve(): Resolution {
    return this.#config.resolve(this.#renewal.effective(this.#inputs), this.#surface.language());
  }

  #restart(how: 'start' | 'retry'): void {
    const resolution = this.#resolve();
    if (resolution.kind === 'invalid') this.#failConfig(resolution.message);
    else if (resolution.kind !== 'idle') this.#launch(resolution, how);
    else if (how === 'start') this.#failConfig('start() needs a session-url, session-token or session-endpoint');
  }

  /** One pass over the inputs (see Configuration): only a real change restarts the flow. */
  #configure(): void {
    const inputs = this.#inputs;
    this.#placement.apply(inputs.mode, inputs.open && this.#connected);
    const resolution = this.#resolve();
    const change = this.#config.change(resolution, inputs, this.#attempt.token);
    if (change.kind === 'idle') {
      this.#attempt.stop();
      this.#transition({ type: 'reset' });
    } else if (change.kind === 'invalid') {
      if (!change.repeated || this.#state !== 'error') this.#failConfig(change.message);
    } else if (change.kind !== 'same' && !(change.kind === 'token' && this.#renewal.handOver(change.token))) {
      const launchable = resolution as Launchable;
      if (inputs.mode === 'modal' && !inputs.open) {
        // A modal flow starts when it is opened; until then only the connection is warmed.
        this.#attempt.stop();
        this.#transition({ type: 'reset' });
        if (launchable.kind === 'ok') this.#config.preconnect(launchable.frame.url);
      } else this.#launch(launchable, change.kind === 'launch' && change.fresh ? 'fresh' : 'start');
    }
    this.#surface.dress(this.#shadow);
    this.#notify();
  }

  /** Starts an attempt: at once when the frame is known, else after asking the session endpoint. */
  #launch(resolution: Launchable, how: Exclude<How, 'reload'>): void {
    const endpoint = resolution.kind === 'needs-session' ? resolution.endpoint : this.#config.endpoint(this.#inputs);
    if (resolution.kind === 'ok' && !(endpoint && this.#renewal.stale)) return this.#begin(resolution.frame, how);
    this.#attempt.stop();
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    if (endpoint && this.#state === 'loading') this.#renewal.fetch(endpoint);
  }

  #begin(frame: ResolvedFrame, how: How): void {
    this.#attempt.begin(frame, {
      title: this.#surface.messages().frameTitle,
      loadTimeout: this.#inputs.loadTimeout,
      reload: how === 'reload',
    });
    // The request is on its way: only now the styles, events, announcements and screens.
    this.#surface.setFrameHeight(undefined);
    this.#surface.setSlow(false);
    this.#connectivity.reset();
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    // After the request and the state change: can the frame get the camera it asks for? (docs/embedding.md)
    const camera = this.#preflight.check(this.#attempt.iframe, frame.url.origin);
    if (camera) this.#transition({ type: 'warn', warning: { code: 'camera-unavailable', message: camera } });
  }

  /** Begins with what the inputs and the session endpoint's latest answer resolve to now. */
  #beginAgain(how: 'start' | 'reload'): void {
    const next = this.#resolve();
    if (next.kind === 'ok') this.#begin(next.frame, how);
    else if (next.kind === 'invalid') this.#failConfig(`the session endpoint's answer: ${next.message}`);
  }

  #apply(signals: readonly Signal[], from: 'message' | 'load'): void {
    if (this.#inputs.debug && signals.length === 0 && from === 'message')
      console.info('[kyc-widget] ignored message', { ...this.#attempt.stats });
    for (const signal of signals) {
      const step = stepFor(signal);
      const live = isLive(this.#state);
      if (step.kind === 'input' && (step.input.type !== 'fail' || live)) this.#transition(step.input);
      else if (step.kind === 'resize' && live) this.#surface.setFrameHeight(step.height);
      else if (step.kind === 'expired' && live) this.#renewal.expired(step.error);
      else if (step.kind === 'confirm-leave' && live) this.#surface.confirmLeave(() => this.cancel());
      else if (step.kind === 'reload' && live && this.#attempt.frame) {
        // The provider asked for a fresh frame (Veriff's camera re-ask): the frame only, a few times at most.
        if (this.#attempt.reloadsLeft) this.#begin(this.#attempt.frame, 'reload');
        else this.#fail(makeError('provider-error', 'the frame asked to be reloaded too many times'));
      }
    }
  }

  #failConfig(message: string): void {
    this.#attempt.stop();
    this.#fail(makeError('config-invalid', message));
  }

  #fail(error: KycErrorInfo, keepFrame = false): void {
    this.#transition({ type: 'fail', error }, keepFrame);
  }

  #transition(input: Input, keepFrame = false): void {
    this.#surface.dress(this.#shadow);
    this.#driver.send(input, keepFrame);
    if (input.type === 'progress' && input.index !== undefined && input.total !== undefined) {
      this.#surface.announce(
        format(this.#surface.messages().announce.step, { index: input.index, total: input.total }),
      );
    }
  }

  /** Side effects of entering a state, before its events are dispatched. */
  #enter(snapshot: Snapshot, previous: Snapshot, keepFrame: boolean): void {
    const { state } = snapshot;
    // Read before the frame goes: a focused iframe is where the person is.
    const focusInside = this.#shadow.activeElement !== null || this.#placement.modalOpen;
    if (!isLive(state) && !keepFrame) this.#attempt.stop();
    if (state === 'ready' || !isLive(state)) {
      this.#attempt.settled();
      this.#surface.setSlow(false);
    }
    // Focus waited on the loading screen (after "Try again"): the frame is where the person goes on.
    const toFrame = state === 'ready' && this.#shadow.activeElement?.classList.contains('loading-text');
    if ((!isLive(state) || previous.state === 'idle') && focusInside && state !== 'idle') this.#surface.requestFocus();
    this.#surface.announceState(state);
    this.#notify();
    if (toFrame) this.#attempt.iframe?.focus(); // once shown: a hidden frame cannot take focus
  }

  #notify(): void {
    const view = this.#surface.render(this.snapshot);
    const messages = this.#surface.messages();
    this.#placement.label(
      messages.frameTitle,
      messages.close,
      this.#inputs.theme,
      this.#surface.root.dir === 'rtl' ? 'rtl' : 'ltr',
    );
    this.#screens.show(view, isLive(this.#state));
  }

  /** The dialog opened on an idle or cancelled flow: start it. */
  #opened(): void {
    if (!hasSession(this.#inputs) || (this.#state !== 'idle' && this.#state !== 'cancelled')) return;
    this.#config.forget();
    this.#configure();
  }

  /** The dialog closed: a running flow is cancelled; the person closing it is a kyc-close. */
  #closed(byPerson: boolean): void {
    if (isLive(this.#state)) this.#transition({ type: 'cancel' });
    if (byPerson) this.#transition({ type: 'close' });
    this.#setOpen(false);
  }
}
