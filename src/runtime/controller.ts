import { INITIAL, isLive, type Snapshot } from '../flow/machine';
import type { Emit } from '../flow/events';
import type { Answer, Config, Effect, Model } from '../flow/model';
import { initialModel } from '../element/first-step';
import { confirmation } from '../flow/decisions';
import { step } from '../flow/step';
import type { Controller, Handover, HostPort } from '../element/handover';
import { warmOrigin } from '../element/warm-up';
import { Attempt } from './attempt';
import { Attempts } from './attempts';
import { reportError, type Focus, type Report, type StepEvent } from './report';
import { Configuration } from './configuration';
import { Connectivity } from './connectivity';
import { DecisionWatch } from './decision';
import { emit, type KycErrorDetail } from '../element/events';
import { sayFinalError } from './loud';
import type { Inputs } from '../element/inputs';
import { Placement } from './placement';
import { CameraPreflight } from './preflight';
import { Renewal } from './renewal';
import { bindingOf, endpointOf, withAnswer, type ResolvedFrame } from '../element/resolve';
import { Screens } from './screens';
import { Surface } from './surface';

/**
 * The element's runtime: one effect runner. Everything that happens — the element's calls, the frame's
 * signals, timers, the session and decision endpoints' answers, the network, the dialog, the screens' buttons — is
 * reported here as an event, queued, and handed to `flow/step.ts` one at a time; this file carries out the
 * effects step returns, in order. The parts (attempt, renewal, decisions, connectivity, configuration, placement,
 * screens, surface) only do what an effect says and report what they see: none of them decides, and no
 * state of the flow lives outside the model.
 *
 * One queue: a host listener that calls `retry()` inside `kyc-error` runs after the current step. An
 * exception never leaves the element; it is reported where developers look (the console, `window.onerror`).
 */

export type LastError = KycErrorDetail;

export class WidgetController implements Controller {
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  readonly #port: HostPort;
  readonly #shadow: ShadowRoot;
  readonly #surface: Surface;
  readonly #attempt: Attempt;
  /** The iframe's attempt and that of a provider delivered as the vendor's script (no iframe of the widget's). */
  readonly #attempts: Attempts;
  readonly #renewal: Renewal;
  readonly #decisions: DecisionWatch;
  readonly #config: Configuration;
  readonly #placement: Placement;
  readonly #screens: Screens;
  readonly #connectivity: Connectivity;
  readonly #preflight = new CameraPreflight();
  #model: Model<ResolvedFrame> = initialModel();
  /** What `state` and the events read: the model's snapshot, as far as the current step has got. */
  #shown: Snapshot = INITIAL;
  #lastError: LastError | null = null;
  #requestedAt = 0;
  readonly #queue: Report[] = [];
  #draining = false;

  /** `handover`: the stand-in's (its skeleton and bridge are taken over here; see adopt). */
  constructor(host: HTMLElement, port: HostPort, shadow: ShadowRoot, handover?: Handover) {
    const inputs = port.inputs;
    const report = (event: Report) => this.#report(event);
    this.#host = host;
    this.#inputs = inputs;
    this.#port = port;
    this.#shadow = shadow;
    this.#surface = new Surface(host, inputs, report, handover?.skeleton);
    // The protocol reads the running frame's token from the model (it changes when one is handed over).
    const token = () => this.#model.frame?.token;
    this.#attempt = new Attempt(this.#surface.frameBox, report, token, handover?.bridge);
    this.#renewal = new Renewal(report);
    this.#decisions = new DecisionWatch(report);
    this.#config = new Configuration(host, report);
    this.#attempts = new Attempts(this.#attempt, this.#config, this.#surface, report, token);
    this.#placement = new Placement(shadow, this.#surface.root, report);
    this.#screens = new Screens(this.#surface.ui, report);
    this.#connectivity = new Connectivity(report);
  }

  get snapshot(): Snapshot {
    return this.#shown;
  }

  /** The detail of the last kyc-error, or null. */
  get lastError(): LastError | null {
    return this.#lastError;
  }

  connect(): void {
    this.#report({ type: 'connect' });
  }

  disconnect(): void {
    this.#report({ type: 'disconnect' });
  }

  /** An input changed. Config inputs are read once per task, however many changed. */
  inputChanged(property: keyof Inputs, config: boolean): void {
    this.#report({ type: 'input', name: property, configures: config });
  }

  /** Begins the flow, or restarts it from the beginning (opening the modal in modal mode). */
  start(): void {
    this.#report({ type: 'start' });
  }

  retry(): void {
    this.#report({ type: 'retry' });
  }

  cancel(): void {
    this.#report({ type: 'cancel' });
  }

  /**
   * The seam with the stand-in (element/stand-in.ts): its model is this model from now on, and step goes on from
   * it (`adopted`, flow/configuration.ts); then the calls made meanwhile, in order. Nothing is dispatched twice.
   */
  adopt(handover: Handover, connected: boolean): void {
    this.#model = handover.model;
    this.#shown = handover.model.snapshot;
    this.#lastError = handover.lastError;
    this.#requestedAt = handover.requestedAt;
    this.#renewal.adopt(handover.sent);
    this.#config.adoptWarm(handover.warm);
    const endpoint = endpointOf(this.#inputs, this.#host.ownerDocument.baseURI);
    this.#report({ type: 'adopted', connected, ...(endpoint ? { endpoint, binding: bindingOf(this.#inputs) } : {}) });
    for (const call of handover.calls) this[call]();
  }

  // ---- the queue ------------------------------------------------------------------------------------

  #report(event: Report): void {
    this.#queue.push(event);
    if (this.#draining) return;
    this.#draining = true;
    try {
      while (this.#queue.length) {
        try {
          this.#advance(this.#complete(this.#queue.shift()!));
        } catch (error) {
          reportError(error);
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  /** Adds what the event needs of the inputs, read now that its turn has come. */
  #complete(event: Report): StepEvent {
    switch (event.type) {
      case 'input':
        return { ...event, open: this.#inputs.open, decision: this.#inputs.decision };
      case 'configure':
      case 'start':
      case 'retry':
      case 'done':
      case 'opened':
      case 'session':
      case 'online':
        return { ...event, config: this.#configFor(event.type === 'session' ? event.answer : this.#model.answer) };
      default:
        return event;
    }
  }

  /**
   * The inputs as step decides with them: the session endpoint's answer (the model's latest, or the `session`
   * event's own, which step takes in the same step) over the markup's session inputs, if it is this binding's;
   * another binding's answer is forgotten in this step (flow/sessions.ts `absorb`), so the markup alone counts.
   */
  #configFor(answer: Answer | null): Config<ResolvedFrame> {
    const config = this.#read(this.#inputs, answer);
    return answer && config.binding !== this.#model.binding ? this.#read(this.#inputs, null) : config;
  }

  #read(inputs: Inputs, answer: Answer | null): Config<ResolvedFrame> {
    return this.#config.read(inputs, withAnswer(inputs, answer), this.#surface.language(), this.#placement.modalOpen);
  }

  #advance(event: StepEvent): void {
    const { model, effects } = step(this.#model, event);
    this.#model = model;
    const focus = effects.some((effect) => effect.type === 'focus') ? this.#focus() : null;
    for (const effect of effects) this.#perform(effect, focus);
  }

  #focus(): Focus {
    const active = this.#shadow.activeElement;
    return {
      inside: active !== null || this.#placement.modalOpen,
      active: active !== null,
      onLoading: active?.classList.contains('loading-text') ?? false,
    };
  }

  // ---- the effects ----------------------------------------------------------------------------------

  #perform(effect: Effect<ResolvedFrame>, focus: Focus | null): void {
    const surface = this.#surface;
    const attempt = this.#attempt;
    const inputs = this.#inputs;
    switch (effect.type) {
      case 'load-frame':
        this.#attempts.load(effect, surface.messages().frameTitle, inputs.loadTimeout, inputs.provider === 'auto');
        surface.setFrameHeight(undefined);
        surface.setSlow(false);
        return;
      case 'adopt-frame':
        this.#attempts.adopt(
          effect.frame,
          effect.id,
          surface.messages().frameTitle,
          inputs.loadTimeout,
          this.#requestedAt,
        );
        return;
      case 'stop-frame':
        this.#attempts.stop();
        return;
      case 'settled':
        this.#attempts.settled();
        surface.setSlow(false);
        return;
      case 'slow':
        surface.setSlow(true);
        return;
      case 'frame-height':
        surface.setFrameHeight(effect.height);
        return;
      case 'hand-over-token':
        this.#attempts.handOver(effect.token, effect.error);
        return;
      case 'fetch-session': {
        const { refresh, failed } = effect;
        const body = { provider: inputs.provider, locale: surface.language(), refresh, ...(failed ? { failed } : {}) };
        this.#renewal.fetch(effect.endpoint, body, effect.request, effect.first);
        this.#attempts.asked();
        // A new frame will follow the answer (the stand-in warmed its first try's): its connection meanwhile.
        if (!effect.first && !effect.refresh) this.#config.warmUp(warmOrigin(inputs));
        return;
      }
      case 'abort-session':
        this.#renewal.abort();
        return;
      case 'watch-decision': {
        const query = { provider: this.#provider(), ...(effect.sessionId ? { sessionId: effect.sessionId } : {}) };
        this.#decisions.watch(effect.endpoint, query, effect.watch, effect.once);
        return;
      }
      case 'stop-watch':
        this.#decisions.stop();
        return;
      case 'set-decision':
        this.#port.setDecision(effect.decision);
        return;
      case 'snapshot':
        this.#shown = effect.snapshot;
        // The flow ended (a session endpoint that answered "already decided" included): no frame will come, so
        // the warm-up frame has nothing left to warm.
        if (ENDED.has(effect.snapshot.state)) this.#config.coolDown();
        return;
      case 'emit':
        // `lastError` is the kyc-error's own detail, in place before any listener runs.
        if (effect.name === 'kyc-error')
          this.#dispatch(effect, (detail) => {
            this.#lastError = detail;
            sayFinalError(detail, [inputs.sessionToken, this.#model.frame?.token, this.#model.answer?.sessionToken]);
          });
        else this.#dispatch(effect);
        return;
      case 'announce':
        surface.say(effect.say);
        return;
      case 'render':
        this.#render();
        return;
      case 'dress':
        surface.dress(this.#shadow);
        return;
      case 'focus':
        if (effect.to === 'screen' && focus?.inside) surface.requestFocus();
        else if (effect.to === 'loading' && focus?.active) surface.focusLoading();
        else if (effect.to === 'frame' && focus?.onLoading) attempt.iframe?.focus();
        return;
      case 'offline':
        surface.setOffline(effect.on);
        this.#connectivity.grace(effect.on);
        return;
      case 'listen':
        if (effect.on) this.#connectivity.listen(this.#host.ownerDocument.defaultView);
        else this.#connectivity.stop();
        return;
      case 'place':
        this.#placement.apply(effect.mode, effect.open);
        return;
      case 'show-dialog':
        this.#placement.sync(effect.open);
        return;
      case 'close-dialog':
        this.#placement.close();
        return;
      case 'set-open':
        this.#port.setOpen(effect.open);
        return;
      case 'warm-up':
        this.#config.warmUp(effect.url.origin);
        return;
      case 'confirm-leave':
        surface.confirmLeave();
        return;
      case 'check-camera': {
        // The browser's answer is read now, after the request: a warning is the rest of this same step.
        const message = this.#preflight.check(attempt.iframe, effect.origin);
        if (message) this.#advance({ type: 'camera', message });
        return;
      }
      case 'language':
        if (effect.reset) surface.resetLanguage();
        attempt.setTitle(surface.messages().frameTitle);
        return;
      case 'frame-settings':
        attempt.settingsChanged(surface.language(), inputs.theme);
        return;
      case 'queue-configure':
        this.#config.queue();
        return;
      case 'debug':
        if (inputs.debug) console.info(`[kyc-widget] ${effect.note}`, { ...attempt.stats });
        return;
    }
  }

  /** The provider used: the input, or with `auto` the last frame's (the one the session endpoint named). */
  readonly #provider = () =>
    (this.#inputs.provider === 'auto' && this.#model.frame?.frame.provider.id) || this.#inputs.provider;

  /** Dispatches one of step's events, with `provider` added; `first` sees the detail before any listener does. */
  #dispatch<E extends Emit>(effect: E, first?: (detail: { provider: string } & E['detail']) => void): void {
    const detail = { provider: this.#provider(), ...effect.detail };
    first?.(detail);
    if (this.#inputs.debug) console.info(`[kyc-widget] ${effect.name}`, detail, { ...this.#attempt.stats });
    emit(this.#host, effect.name, detail);
  }

  #render(): void {
    const snapshot = this.#shown;
    const view = this.#surface.render(snapshot, confirmation(this.#model) ?? '');
    const messages = this.#surface.messages();
    const dir = this.#surface.root.dir === 'rtl' ? 'rtl' : 'ltr';
    this.#placement.label(messages.frameTitle, messages.close, this.#inputs.theme, dir);
    this.#screens.show(view, isLive(snapshot.state));
  }
}

const ENDED: ReadonlySet<string> = new Set(['complete', 'cancelled', 'error']);
