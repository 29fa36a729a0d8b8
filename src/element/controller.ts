import { FRAME_TIMEOUT_HINT, makeError, type KycErrorInfo } from '../flow/errors';
import { canRetry, INITIAL, isLive, transition, type Input, type KycState, type Snapshot } from '../flow/machine';
import { FrameBridge } from '../frame/bridge';
import { endpointOf, hasSession, resolveFrame, type ResolvedFrame, type Resolution } from '../frame/resolve';
import type { SessionSource } from '../session/source';
import { loadProvider } from '../providers/index';
import type { Decoded, ProviderSession, Signal } from '../providers/types';
import { format, type Messages } from '../ui/i18n';
import { adoptStyles } from '../ui/styles';
import type { Inputs } from './attributes';
import { emit, type KycEventDetails, type KycEventName } from './events';
import type { ModalShell } from './modal';
import { Surface, type ViewModel } from './surface';

/**
 * Everything the element does, without React: builds the shadow skeleton, resolves inputs into a
 * frame, runs the flow machine, turns provider signals into DOM events, announces state changes.
 * The React UI (loaded later, in its own chunk) only reads `view` and calls the public methods.
 */

export type { ViewModel };

const MAX_RELOADS = 3;
const PRECONNECTED = new Set<string>();

export type LastError = KycErrorInfo & { provider: string; sessionId?: string };

/** What the controller needs from its element, without making any of it public API. */
export interface HostPort {
  readonly inputs: Inputs;
  /** Sets the `open` property (and attribute), as the person or start() did. */
  setOpen(open: boolean): void;
}

export class WidgetController {
  readonly #host: HTMLElement;
  readonly #port: HostPort;
  readonly #shadow: ShadowRoot;
  readonly #surface: Surface;
  readonly #bridge: FrameBridge;
  /** Modal mode's <dialog>, from its own chunk; null inline, and while the chunk is on its way. */
  #modal: ModalShell | null = null;
  #modalLoading = false;
  /** Set by the renderer: imports the React UI once a screen needs it. */
  #loadUi: (() => void) | null = null;

  #snapshot: Snapshot = INITIAL;
  #frame: ResolvedFrame | null = null;
  #session: ProviderSession | null = null;
  #configKey = '';
  #token: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #connected = false;
  #configureQueued = false;
  /** Live when the element was removed: it restarts when it comes back. */
  #resumeOnConnect = false;
  /** The flow stopped on an expired token; a new `sessionToken` resumes it in the same frame. */
  #awaitingToken: KycState | null = null;
  /** Frame reloads the provider asked for in this run (capped: a frame that always asks would loop). */
  #reloads = 0;
  /** Bumped whenever inputs are resolved again, so that a late adapter download does not act on old inputs. */
  #adapterWait = 0;
  /** Only with a session-endpoint; its module (with the HTTP client) is a lazy chunk. */
  #sessions: SessionSource | null = null;
  readonly #queue: Array<() => void> = [];
  #draining = false;

  #lastError: LastError | null = null;

  constructor(host: HTMLElement, port: HostPort, shadow: ShadowRoot) {
    this.#host = host;
    this.#port = port;
    this.#shadow = shadow;
    this.#surface = new Surface(host, port.inputs, (messages) => this.#languageArrived(messages));
    this.#bridge = new FrameBridge(this.#surface.frameBox, {
      message: (message) => this.#run(() => this.#receive(message)),
      load: () => this.#run(() => this.#apply(this.#session?.onLoad?.() ?? [])),
    });
  }

  // ---- lifecycle -------------------------------------------------------------------------------

  connect(): void {
    this.#connected = true;
    this.#surface.resetLanguage();
    if (this.#resumeOnConnect) {
      this.#resumeOnConnect = false;
      this.#configKey = ''; // the iframe is gone: whatever the config, load it again
    }
    // The frame's request first; styles, placeholder text and listeners after it, in the same task
    // (so nothing is painted unstyled).
    this.#configureNow();
    adoptStyles(this.#shadow);
    this.#surface.ensurePlaceholder();
    const win = this.#host.ownerDocument.defaultView;
    win?.addEventListener('offline', this.#onOffline);
    win?.addEventListener('online', this.#onOnline);
  }

  disconnect(): void {
    this.#connected = false;
    const win = this.#host.ownerDocument.defaultView;
    win?.removeEventListener('offline', this.#onOffline);
    win?.removeEventListener('online', this.#onOnline);
    if (isLive(this.#snapshot.state) || this.#awaitingToken) this.#resumeOnConnect = true;
    this.#stopFrame();
    this.#sessions?.abort();
    this.#modal?.dialog.close();
  }

  /** An input changed. Config inputs are re-resolved once per task, however many changed. */
  inputChanged(property: keyof Inputs, config: boolean): void {
    if (property === 'open') this.#syncDialog();
    if (property === 'locale') {
      this.#surface.resetLanguage();
      this.#bridge.setTitle(this.#surface.messages().frameTitle);
    }
    if (config) this.#queueConfigure();
    else this.#notify();
  }

  // ---- public methods ---------------------------------------------------------------------------

  start(): void {
    this.#run(() => {
      if (this.#port.inputs.mode === 'modal') this.#port.setOpen(true);
      this.#withResolution((resolution) => {
        if (resolution.kind === 'invalid') this.#failConfig(resolution.message);
        else if (resolution.kind === 'idle') this.#failConfig('start() needs a session-url, session-token or session-endpoint');
        else this.#launch(resolution, 'start');
      });
    });
  }

  retry(): void {
    this.#run(() => {
      if (!canRetry(this.#snapshot)) return;
      this.#withResolution((resolution) => {
        if (resolution.kind === 'invalid') this.#failConfig(resolution.message);
        else if (resolution.kind !== 'idle') this.#launch(resolution, 'retry');
      });
    });
  }

  cancel(): void {
    this.#run(() => this.#transition({ type: 'cancel' }));
  }

  get snapshot(): Snapshot {
    return this.#snapshot;
  }

  /** The detail of the last kyc-error, or null. */
  get lastError() {
    return this.#lastError;
  }

  get stats() {
    return this.#bridge.stats;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#bridge.iframe;
  }

  // ---- view model for the UI (useSyncExternalStore) -------------------------------------------------

  get subscribe() {
    return this.#surface.subscribe;
  }

  get getView(): () => ViewModel {
    return this.#surface.getView;
  }

  /** Where React renders. */
  get ui(): HTMLDivElement {
    return this.#surface.ui;
  }

  /**
   * The React UI is only needed for the result, cancelled and error screens (the loading screen is
   * plain DOM and the frame is the bridge's), so it is kept off the critical path: imported at once
   * when such a screen is due, else in idle time once the frame is ready.
   */
  onUiNeeded(load: () => void): void {
    this.#loadUi = load;
    this.#maybeLoadUi();
  }

  #maybeLoadUi(): void {
    const load = this.#loadUi;
    const { state } = this.#snapshot;
    if (!load || state === 'idle' || state === 'loading') return;
    this.#loadUi = null;
    if (isLive(state)) whenIdle(this.#host.ownerDocument.defaultView, load);
    else load();
  }

  // ---- configuration -----------------------------------------------------------------------------

  #queueConfigure(): void {
    if (this.#configureQueued) return;
    this.#configureQueued = true;
    queueMicrotask(() => {
      this.#configureQueued = false;
      this.#configureNow();
    });
  }

  #configureNow(): void {
    if (!this.#connected) return;
    this.#run(() => this.#configure());
  }

  #resolve() {
    const doc = this.#host.ownerDocument;
    return resolveFrame(this.#effectiveInputs(), {
      locale: this.#surface.language(),
      hostOrigin: doc.defaultView?.location.origin ?? '',
      baseUrl: doc.baseURI,
    });
  }

  /**
   * Resolves the inputs and hands the result on; when the provider's adapter chunk is still on its way,
   * fetches it (warming the connection to the frame's origin meanwhile) and resolves again.
   */
  #withResolution(then: (resolution: Exclude<Resolution, { kind: 'needs-adapter' }>) => void): void {
    const wait = ++this.#adapterWait;
    const resolution = this.#resolve();
    if (resolution.kind !== 'needs-adapter') {
      then(resolution);
      return;
    }
    this.#preconnect(this.#port.inputs.sessionUrl);
    const current = () => wait === this.#adapterWait && this.#connected;
    loadProvider(resolution.provider).then(
      () => this.#run(() => current() && this.#withResolution(then)),
      () =>
        this.#run(() => {
          if (!current()) return;
          this.#transition({ type: 'start' });
          this.#fail(makeError('frame-load-timeout', `the ${resolution.provider} adapter could not be downloaded: check the network and that the widget's chunks are served`));
        }),
    );
  }

  /** A hint to open the connection to the frame's origin while other work is still under way. */
  #preconnect(url: string | undefined): void {
    const doc = this.#host.ownerDocument;
    let origin: string;
    try {
      origin = new URL(url ?? '', doc.baseURI).origin;
    } catch {
      return;
    }
    if (origin === 'null' || PRECONNECTED.has(origin) || !doc.head) return;
    PRECONNECTED.add(origin);
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    doc.head.append(link);
  }

  #configure(): void {
    this.#placeRoot();
    this.#withResolution((resolution) => this.#configureWith(resolution));
    this.#notify();
  }

  #configureWith(resolution: Exclude<Resolution, { kind: 'needs-adapter' }>): void {
    const inputs = this.#port.inputs;
    if (resolution.kind === 'idle') {
      this.#configKey = 'idle';
      this.#stopFrame();
      this.#transition({ type: 'reset' });
      return;
    }
    if (resolution.kind === 'invalid') {
      const key = `invalid ${resolution.message}`;
      if (key === this.#configKey && this.#snapshot.state === 'error') return;
      this.#configKey = key;
      this.#failConfig(resolution.message);
      return;
    }
    const key = JSON.stringify([inputs.provider, inputs.sessionUrl, inputs.sessionEndpoint, inputs.allowedOrigins, inputs.options, inputs.mode]);
    const token = this.#effectiveInputs().sessionToken;
    if (key === this.#configKey) {
      if (token === this.#token) return;
      if (this.#handOverToken(token)) return;
    }
    const fresh = key !== this.#configKey;
    this.#configKey = key;
    if (inputs.mode === 'modal' && !inputs.open) {
      // A modal flow starts when it is opened; until then nothing is loaded.
      this.#stopFrame();
      this.#transition({ type: 'reset' });
      return;
    }
    this.#launch(resolution, fresh ? 'fresh' : 'start');
  }

  /**
   * Starts an attempt: at once when the frame is known, else after asking the session endpoint (when
   * there is no session yet, or the last one expired).
   */
  #launch(resolution: Extract<Resolution, { kind: 'ok' | 'needs-session' }>, how: 'start' | 'fresh' | 'retry'): void {
    const endpoint = resolution.kind === 'needs-session' ? resolution.endpoint : this.#endpoint();
    if (resolution.kind === 'ok' && !(endpoint && this.#sessions?.stale)) {
      this.#beginAttempt(resolution.frame, how);
      return;
    }
    this.#stopFrame();
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    if (!endpoint || this.#snapshot.state !== 'loading') return;
    const attempt = this.#snapshot.attempt;
    this.#askEndpoint(endpoint, this.#sessions?.stale ?? false).then(
      () =>
        this.#run(() => {
          if (attempt !== this.#snapshot.attempt || !this.#connected) return;
          this.#withResolution((next) => {
            if (next.kind === 'ok') this.#beginAttempt(next.frame);
            else if (next.kind === 'invalid') this.#failConfig(`the session endpoint's answer: ${next.message}`);
          });
        }),
      (error: unknown) =>
        this.#run(() => {
          if (attempt !== this.#snapshot.attempt || !this.#connected) return;
          this.#fail(makeError('session-fetch-failed', (error as Error)?.message ?? String(error)));
        }),
    );
  }

  /** The inputs as the frame sees them: with the session endpoint's latest answer, when there is one. */
  #effectiveInputs(): Inputs {
    const inputs = this.#port.inputs;
    if (!this.#sessions) return inputs;
    this.#sessions.bind(inputs);
    return this.#sessions.overlay(inputs);
  }

  #endpoint(): URL | undefined {
    return endpointOf(this.#port.inputs, this.#host.ownerDocument.baseURI);
  }

  #askEndpoint(endpoint: URL, refresh: boolean) {
    const body = { provider: this.#port.inputs.provider, locale: this.#surface.language(), refresh };
    return import('../session/source').then(({ SessionSource }) => {
      if (!this.#connected) throw new DOMException('the element left the page', 'AbortError');
      this.#sessions ??= new SessionSource();
      this.#sessions.bind(this.#port.inputs);
      return this.#sessions.request(endpoint, body);
    });
  }

  /** A new token for a running frame whose protocol can take it without a reload (Sumsub, generic). */
  #handOverToken(token: string | undefined): boolean {
    const session = this.#session;
    if (!token || !session?.tokenRefreshed || !this.#bridge.iframe) return false;
    const resumeTo = this.#awaitingToken;
    if (!resumeTo && !isLive(this.#snapshot.state)) return false;
    this.#token = token;
    session.tokenRefreshed(token);
    if (resumeTo) {
      this.#awaitingToken = null;
      this.#transition({ type: 'resume', state: resumeTo });
    }
    return true;
  }

  #beginAttempt(frame: ResolvedFrame, how: 'start' | 'fresh' | 'retry' | 'reload' = 'start'): void {
    this.#stopFrame();
    if (how !== 'reload') this.#reloads = 0;
    this.#frame = frame;
    this.#token = frame.context.sessionToken;
    if (how === 'retry' && !canRetry(this.#snapshot)) return;
    const bridge = this.#bridge;
    this.#session = frame.adapter.createSession({
      post: (message) => bridge.post(message),
      token: () => this.#token,
      context: frame.context,
      frameUrl: frame.url,
    });
    this.#surface.setFrameHeight(undefined);
    bridge.load({
      url: frame.url,
      allow: frame.adapter.allow,
      sandbox: frame.adapter.sandbox,
      allowFullscreen: frame.adapter.allowFullscreen,
      title: this.#surface.messages().frameTitle,
      allowlist: frame.allowlist,
    });
    // The request is on its way: only now the events, announcements and UI (no message can arrive in
    // between: this is one task).
    this.#transition(how === 'retry' ? { type: 'retry' } : { type: 'start', fresh: how === 'fresh' });
    const attempt = this.#snapshot.attempt;
    this.#timer = setTimeout(() => {
      this.#run(() => {
        if (this.#snapshot.attempt !== attempt || this.#snapshot.state !== 'loading') return;
        const seconds = Math.round(this.#port.inputs.loadTimeout / 100) / 10;
        this.#fail(makeError('frame-load-timeout', `the frame did not say it was ready within ${seconds} s: ${FRAME_TIMEOUT_HINT}`));
      });
    }, this.#port.inputs.loadTimeout);
  }

  #stopFrame(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#bridge.destroy();
    this.#session = null;
    this.#awaitingToken = null;
  }

  // ---- frame signals -----------------------------------------------------------------------------

  #receive(message: Decoded): void {
    let signals: Signal[] = [];
    try {
      signals = this.#session?.receive(message) ?? [];
    } catch {
      signals = []; // an adapter bug must not break the message loop; the message is dropped
    }
    if (this.#port.inputs.debug && signals.length === 0) this.#log('ignored message', { kind: message.kind });
    this.#apply(signals);
  }

  #apply(signals: readonly Signal[]): void {
    for (const signal of signals) {
      switch (signal.type) {
        case 'ready':
          this.#transition({ type: 'ready', sessionId: signal.sessionId });
          break;
        case 'start':
          this.#transition({ type: 'start-flow', sessionId: signal.sessionId });
          break;
        case 'progress':
          this.#transition({ type: 'progress', step: signal.step, index: signal.index, total: signal.total });
          break;
        case 'submit':
          this.#transition({ type: 'submit', sessionId: signal.sessionId });
          break;
        case 'complete':
          this.#transition({ type: 'complete', outcome: signal.outcome, sessionId: signal.sessionId });
          break;
        case 'cancel':
          this.#transition({ type: 'cancel' });
          break;
        case 'error':
          if (!isLive(this.#snapshot.state)) break;
          if (signal.code === 'session-expired' && this.#endpoint()) this.#refreshSession(this.#endpoint()!);
          else this.#fail(makeError(signal.code, signal.message, { recoverable: signal.recoverable, providerCode: signal.providerCode }));
          break;
        case 'resize':
          if (isLive(this.#snapshot.state)) this.#surface.setFrameHeight(signal.height);
          break;
        case 'token-expired':
          this.#tokenExpired();
          break;
        case 'reload':
          this.#reloadFrame();
          break;
      }
    }
  }

  /** The provider asked for a fresh frame (Veriff's camera re-ask): reload the frame only, a few times at most. */
  #reloadFrame(): void {
    if (!isLive(this.#snapshot.state) || !this.#frame) return;
    if (++this.#reloads > MAX_RELOADS) {
      this.#fail(makeError('provider-error', `the frame asked to be reloaded more than ${MAX_RELOADS} times`));
      return;
    }
    this.#beginAttempt(this.#frame, 'reload');
  }

  #tokenExpired(): void {
    const state = this.#snapshot.state;
    if (!isLive(state)) return;
    const endpoint = this.#endpoint();
    if (endpoint) {
      this.#refreshSession(endpoint);
      return;
    }
    // Without a session endpoint the host must supply the new token (sessionToken property); the frame
    // stays loaded behind the error screen so that the flow resumes where it was.
    this.#fail(
      makeError('session-expired', 'the provider says the session token expired; set a new sessionToken to resume', {
        recoverable: false,
      }),
      true,
    );
    if (this.#session?.tokenRefreshed) this.#awaitingToken = state === 'loading' ? 'ready' : state;
  }

  /**
   * The provider said the session or token expired and the host has a session endpoint: ask it again
   * (`refresh: true`), then hand the new token to the frame where the protocol can take one (Sumsub,
   * generic), else reload the frame with the new session. The flow's state does not change meanwhile.
   */
  #refreshSession(endpoint: URL): void {
    const session = this.#session;
    const attempt = this.#snapshot.attempt;
    const current = () => attempt === this.#snapshot.attempt && this.#connected && isLive(this.#snapshot.state);
    this.#askEndpoint(endpoint, true).then(
      (answer) =>
        this.#run(() => {
          if (!current()) return;
          if (answer.sessionToken && session?.tokenRefreshed && session === this.#session) {
            this.#token = answer.sessionToken;
            session.tokenRefreshed(answer.sessionToken);
            return;
          }
          this.#withResolution((next) => {
            if (next.kind === 'ok') this.#beginAttempt(next.frame, 'reload');
            else if (next.kind === 'invalid') this.#failConfig(`the session endpoint's answer: ${next.message}`);
          });
        }),
      (error: unknown) =>
        this.#run(() => {
          if (!current()) return;
          const message = `the session expired and the endpoint could not renew it: ${(error as Error)?.message ?? error}`;
          session?.tokenRefreshed?.(null, message);
          if (this.#sessions) this.#sessions.stale = true;
          this.#fail(makeError('session-expired', message, { recoverable: true }));
        }),
    );
  }

  // ---- the machine and its effects -------------------------------------------------------------

  /** Serializes work: a host listener that calls retry() inside an event runs after the current step. */
  #run(step: () => void): void {
    this.#queue.push(step);
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#queue.length) {
        try {
          this.#queue.shift()!();
        } catch (error) {
          // Never let an exception out of the element; report it where developers look.
          reportError(error);
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  #failConfig(message: string): void {
    this.#stopFrame();
    this.#fail(makeError('config-invalid', message));
  }

  #fail(error: KycErrorInfo, keepFrame = false): void {
    this.#transition({ type: 'fail', error }, keepFrame);
  }

  #transition(input: Input | { type: 'resume'; state: KycState }, keepFrame = false): void {
    const previous = this.#snapshot;
    let result;
    if (input.type === 'resume') {
      const snapshot: Snapshot = { ...previous, state: input.state, error: undefined };
      result = { snapshot, emits: [{ event: 'kyc-statechange' as const, detail: { state: input.state, previous: previous.state } }] };
    } else {
      result = transition(previous, input);
    }
    const { snapshot, emits } = result;
    this.#snapshot = snapshot;
    if (snapshot.state !== previous.state) this.#enter(snapshot, previous, keepFrame);
    for (const { event, detail } of emits) {
      const full = { provider: this.#port.inputs.provider, ...(snapshot.sessionId ? { sessionId: snapshot.sessionId } : {}), ...detail };
      if (event === 'kyc-error') this.#lastError = full as LastError;
      if (this.#port.inputs.debug) this.#log(event, full);
      emit(this.#host, event as KycEventName, full as KycEventDetails[KycEventName]);
    }
    if (input.type === 'progress' && input.index !== undefined && input.total !== undefined) {
      this.#surface.announce(format(this.#surface.messages().announce.step, { index: input.index, total: input.total }));
    }
  }

  /** Side effects of entering a state, before its events are dispatched. */
  #enter(snapshot: Snapshot, previous: Snapshot, keepFrame: boolean): void {
    const { state } = snapshot;
    // Read before the frame goes: a focused iframe is where the person is.
    const focusInside = this.#surface.hasFocus(this.#shadow, this.#modal?.dialog.open ?? false);
    if (state !== 'loading') {
      if (!isLive(state) && !keepFrame) this.#stopFrame();
      if (state === 'ready' || !isLive(state)) {
        clearTimeout(this.#timer);
        this.#timer = undefined;
      }
    }
    const screenChanged = !isLive(state) || previous.state === 'idle';
    if (screenChanged && focusInside && state !== 'idle') this.#surface.requestFocus();
    this.#surface.announceState(state);
    this.#notify();
    this.#maybeLoadUi();
  }

  /** Says `text` through the live region (the UI uses it for the result and error screens). */
  readonly announce = (text: string): void => this.#surface.announce(text);

  #languageArrived(messages: Messages): void {
    if (!this.#connected) return;
    this.#bridge.setTitle(messages.frameTitle);
    if (isLive(this.#snapshot.state)) this.#surface.announceState(this.#snapshot.state);
    this.#notify();
  }

  #notify(): void {
    if (this.#modal) {
      const messages = this.#surface.messages();
      this.#modal.label(messages.frameTitle, messages.close);
    }
    this.#surface.render(this.#snapshot, this.#modal?.dialog ?? null);
  }

  /** Inline: the root sits in the shadow root. Modal: inside a native <dialog>. Moving it reloads any frame. */
  #placeRoot(): void {
    const modal = this.#port.inputs.mode === 'modal';
    if (modal && !this.#modal) {
      // Until the modal chunk is here the root waits, detached: a frame started meanwhile loads once placed.
      if (this.#surface.root.parentNode) {
        this.#stopFrame();
        this.#surface.root.remove();
      }
      this.#loadModal();
      return;
    }
    const parent = modal ? this.#modal!.dialog : this.#shadow;
    if (this.#surface.root.parentNode !== parent) {
      if (this.#surface.root.parentNode) this.#stopFrame();
      parent.append(this.#surface.root);
      if (!modal && this.#modal) {
        this.#modal.remove();
        this.#modal = null;
      }
    }
    this.#syncDialog();
  }

  #loadModal(): void {
    if (this.#modalLoading) return;
    this.#modalLoading = true;
    import('./modal').then(
      ({ ModalShell }) => {
        this.#modalLoading = false;
        this.#modal ??= new ModalShell(this.#shadow, () => this.#dialogClosed());
        this.#run(() => {
          this.#placeRoot();
          this.#notify();
        });
      },
      (error: unknown) => {
        this.#modalLoading = false;
        reportError(error);
      },
    );
  }

  #dialogClosed(): void {
    if (!this.#connected) return;
    this.#run(() => {
      if (isLive(this.#snapshot.state)) this.#transition({ type: 'cancel' });
      this.#port.setOpen(false);
    });
  }

  #syncDialog(): void {
    const modal = this.#modal;
    if (!modal || this.#port.inputs.mode !== 'modal') return;
    if (modal.sync(this.#port.inputs.open && this.#connected)) {
      const state = this.#snapshot.state;
      if (state === 'idle' || state === 'cancelled') queueMicrotask(() => this.#configureAfterOpen());
    }
  }

  #configureAfterOpen(): void {
    this.#run(() => {
      const { state } = this.#snapshot;
      if (!hasSession(this.#port.inputs) || (state !== 'idle' && state !== 'cancelled')) return;
      this.#configKey = '';
      this.#configure();
    });
  }

  #log(what: string, detail: object): void {
    console.info(`[kyc-widget] ${what}`, detail, { accepted: this.#bridge.stats.accepted, ignored: this.#bridge.stats.ignored });
  }

  readonly #onOffline = (): void => {
    this.#run(() => {
      if (isLive(this.#snapshot.state)) this.#fail(makeError('offline', 'the browser went offline while the flow was running'));
    });
  };

  readonly #onOnline = (): void => {
    this.#run(() => {
      if (this.#snapshot.state === 'error' && this.#snapshot.error?.code === 'offline') this.retry();
    });
  };
}

function whenIdle(win: Window | null, task: () => void): void {
  if (win && typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 50);
}

function reportError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}
