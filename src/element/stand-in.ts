import type { Effect, Model } from '../flow/model';
import { FrameBridge } from '../frame/bridge';
import { postSession, readAnswer, type SessionTry } from '../session/request';
import { batched } from './batch';
import { environment } from './environment';
import { emit, type KycErrorDetail } from './events';
import { firstStep, initialModel, type FirstEvent } from './first-step';
import { loadRuntime, type Create, type Handover, type Stand } from './handover';
import { configKey, type Inputs } from './inputs';
import { FRAME_TITLE } from './language';
import { bindingOf, hasSession, resolveFrame, withAnswer, type ResolvedFrame } from './resolve';
import { skeleton, type Skeleton } from './skeleton';
import { warmOrigin, warmUp } from './warm-up';

/**
 * The element's stand-in for its runtime until the runtime chunk is here: it carries out what `firstStep` decides
 * (element/first-step.ts: the frame at once for valid inline inputs, or the session request first) and keeps the
 * model, which it hands to the runtime's controller when the runtime arrives. It fetches the runtime at once, once
 * its first pass is done; start(), retry() and cancel() wait for it, in order.
 */
export class StandIn implements Stand {
  model: Model<ResolvedFrame> = initialModel();
  lastError: KycErrorDetail | null = null;
  readonly skeleton: Skeleton;
  readonly bridge: FrameBridge;
  readonly #calls: Array<'start' | 'retry' | 'cancel'> = [];
  #requestedAt = 0;
  #sent: SessionTry | undefined;
  #warm: HTMLIFrameElement | null = null;
  /** Handed over: the runtime's controller stands for the element now. */
  #over = false;
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  readonly #create: Create;
  /** One pass over the inputs at the end of the task, however many change meanwhile; then the runtime is fetched. */
  readonly #pass = batched(() => {
    if (!this.#calls.length) this.#configure();
    this.#release();
  });

  /**
   * Called when the runtime chunk may be fetched: after the first pass (or when the host calls a method first), so
   * that the frame's request, or the session request, goes first. On a phone network over HTTP/1.1 the first
   * request takes the page's warm connection: the session request gets it, and the runtime downloads while the
   * host's backend works on the session.
   */
  #release!: () => void;

  constructor(host: HTMLElement, inputs: Inputs, shadow: ShadowRoot, create: Create) {
    void new Promise<void>((resolve) => (this.#release = resolve)).then(() => this.#download());
    this.#host = host;
    this.#inputs = inputs;
    this.#create = create;
    this.skeleton = skeleton(host.ownerDocument);
    shadow.append(this.skeleton.root);
    this.bridge = new FrameBridge(this.skeleton.frameBox);
  }

  get snapshot() {
    return this.model.snapshot;
  }

  connect(): void {
    this.#report({ type: 'connect' });
    this.#pass();
  }

  disconnect(): void {
    this.#report({ type: 'disconnect' });
    this.#release();
  }

  inputChanged(_: keyof Inputs, config: boolean): void {
    if (config) this.#pass();
  }

  start(): void {
    this.#call('start');
  }

  retry(): void {
    this.#call('retry');
  }

  cancel(): void {
    this.#call('cancel');
  }

  /** Calls wait for the runtime, in order; after a failed download, it is fetched again. */
  #call(name: 'start' | 'retry' | 'cancel'): void {
    this.#calls.push(name);
    this.#release();
    if (this.model.snapshot.state === 'error') this.#download();
  }

  /** The runtime chunk; when it is here, it goes on from this model. */
  #download(): void {
    loadRuntime().then(
      (runtime) => {
        if (this.#over) return;
        this.#over = true;
        const handover: Handover = {
          model: this.model,
          skeleton: this.skeleton,
          bridge: this.bridge,
          requestedAt: this.#requestedAt,
          sent: this.model.request ? this.#sent : undefined,
          warm: this.#warm,
          calls: this.#calls,
          lastError: this.lastError,
        };
        this.#create(runtime, handover).adopt(handover, this.#host.isConnected);
      },
      () => {
        const inputs = this.#inputs;
        this.#report({
          type: 'runtime-failed',
          asked: hasSession(inputs) || this.#calls.length > 0,
          provider: inputs.provider,
        });
      },
    );
  }

  #configure(): void {
    const inputs = this.#inputs;
    const env = environment(this.#host, inputs.locale);
    this.#report({
      type: 'configure',
      resolution: resolveFrame(inputs, env),
      key: configKey(inputs),
      binding: bindingOf(inputs),
      mode: inputs.mode,
      warm: warmOrigin(inputs),
    });
  }

  #report(event: FirstEvent): void {
    if (this.#over) return;
    const { model, effects } = firstStep(this.model, event);
    this.model = model;
    for (const effect of effects) this.#perform(effect);
  }

  #perform(effect: Effect<ResolvedFrame>): void {
    switch (effect.type) {
      case 'load-frame': {
        const { frame } = effect;
        this.#cool();
        this.#requestedAt = performance.now();
        const { provider, context, url } = frame;
        this.bridge.load({
          url,
          allow: provider.allow,
          sandbox: provider.sandbox,
          title: FRAME_TITLE,
          allowlist: frame.allowlist,
          // The frame's handshake answered now, not when the runtime is here: the token is the frame's own.
          reply: provider.reply && ((message) => provider.reply!(message, { context, url }, context.sessionToken)),
        });
        return;
      }
      case 'stop-frame':
        this.bridge.destroy();
        return;
      case 'fetch-session':
        this.#ask(effect.endpoint, effect.request);
        return;
      case 'abort-session':
        this.#sent?.abort.abort();
        this.#sent = undefined;
        this.#cool();
        return;
      case 'warm-up':
        this.#warm = warmUp(this.skeleton.root, effect.url.origin);
        return;
      case 'emit': {
        const detail = { provider: this.#inputs.provider, ...effect.detail };
        if (effect.name === 'kyc-error') this.lastError = detail as KycErrorDetail;
        emit(this.#host, effect.name, detail as never);
        return;
      }
    }
  }

  /** The warm-up frame has done its work. */
  #cool(): void {
    this.#warm?.remove();
    this.#warm = null;
  }

  /** POSTs the session request (the runtime's session client reads the same request if its answer is no good). */
  #ask(endpoint: URL, request: number): void {
    const inputs = this.#inputs;
    const env = environment(this.#host, inputs.locale);
    const sent = postSession(endpoint, { provider: inputs.provider, locale: env.locale, refresh: false });
    this.#sent = sent;
    sent.response
      .then((response) => (this.#sent === sent && response.ok ? response.clone().json() : undefined))
      .then(
        (data: unknown) => {
          if (this.#sent !== sent) return;
          const answer = data === undefined ? null : readAnswer(data, endpoint);
          const resolution = answer && resolveFrame(withAnswer(inputs, answer), env);
          this.#report({ type: 'session', request, answer, resolution, now: Date.now() });
        },
        () => {}, // the runtime's session client reads the same request and reports
      );
  }
}
