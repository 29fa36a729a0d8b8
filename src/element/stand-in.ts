import type { Effect, Model } from '../flow/model';
import { FrameBridge } from '../frame/bridge';
import { PROBLEM_ATTRIBUTE, type CapturedFrame } from '../frame/capture';
import { leaker } from '../frame/secrets';
import { postSession, readAnswer, type SessionTry } from '../session/request';
import { batched } from './batch';
import { environment } from './environment';
import { emit, type KycErrorDetail } from './events';
import { firstStep, initialModel, type FirstEvent } from './first-step';
import { loadRuntime, runtimeLoader, type Create, type Handover, type Stand } from './handover';
import { configKey, type Inputs } from './inputs';
import { FRAME_TITLE } from './language';
import { loadVendor } from './vendor';
import { bindingOf, hasSession, resolveFrame, withAnswer, type ResolvedFrame } from './resolve';
import { renderedSkeleton, skeleton, type Skeleton } from './skeleton';
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
  /** What is reported while a report's effects are carried out (the frame's ready, heard as it loads): next, in order. */
  readonly #reports: FirstEvent[] = [];
  #requestedAt = 0;
  #sent: SessionTry | undefined;
  #warm: HTMLIFrameElement | null = null;
  /** The server-rendered frame, until the first pass adopts it or removes it. */
  #rendered: CapturedFrame | null;
  #refused = false;
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
    const rendered = renderedSkeleton(shadow);
    this.skeleton = rendered ?? skeleton(host.ownerDocument);
    if (!rendered) shadow.append(this.skeleton.root);
    this.#rendered = this.skeleton.frameBox.querySelector('iframe');
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
    if (!config) return;
    // Inputs changed after the server refused them: the server's reason no longer holds.
    if (this.#refused) this.#host.removeAttribute(PROBLEM_ATTRIBUTE);
    this.#pass();
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
    // The server refused these inputs: nothing is framed, the runtime says why (runtime/configuration.ts).
    if ((this.#refused = this.#host.hasAttribute(PROBLEM_ATTRIBUTE))) return;
    const rendered = this.#rendered;
    // A frame built from a token (iDenfy, Persona, Didit, CAF): the token is in its URL only, never an attribute.
    if (rendered && !inputs.sessionUrl && !inputs.sessionToken) inputs.sessionUrl = rendered.src;
    const env = environment(this.#host, inputs.locale);
    let resolution = resolveFrame(inputs, env);
    if (rendered) {
      // The server's frame is this configuration's when its origin speaks for it here too: it goes on as the frame.
      const url = new URL(rendered.src || 'about:blank');
      if (resolution.kind === 'ok' && inputs.mode === 'inline' && resolution.frame.allowlist.has(url.origin))
        resolution = { kind: 'ok', frame: { ...resolution.frame, url } };
    }
    this.#report({
      type: 'configure',
      resolution,
      key: configKey(inputs),
      binding: bindingOf(inputs),
      mode: inputs.mode,
      warm: warmOrigin(inputs),
    });
    // Not adopted by the first pass (other inputs, another origin): no frame of the server's stays.
    this.#rendered?.kyc?.off();
    this.#rendered?.remove();
    this.#rendered = null;
  }

  #report(event: FirstEvent): void {
    const reports = this.#reports;
    if (reports.push(event) > 1) return;
    try {
      while (reports.length && !this.#over) {
        const { model, effects } = firstStep(this.model, reports[0]);
        this.model = model;
        for (const effect of effects) this.#perform(effect);
        reports.shift();
      }
    } finally {
      reports.length = 0;
    }
  }

  #perform(effect: Effect<ResolvedFrame>): void {
    switch (effect.type) {
      case 'load-frame': {
        const { frame } = effect;
        this.#cool();
        const rendered = this.#rendered;
        this.#rendered = null;
        // A rendered frame's load timeout counts from its request, made while the page was parsed.
        this.#requestedAt = rendered?.kyc?.t ?? performance.now();
        const { provider, context, url } = frame;
        // The vendor's code and the adapters' chunk, for the runtime's attempt to mount (element/vendor.ts), now:
        // no frame of the widget's own. A failed chunk is the attempt's to report, when it imports the same.
        if (provider.sdk) {
          runtimeLoader.adapters?.().catch(() => {});
          return void loadVendor(this.#host.ownerDocument, url, provider.sdk.delivery);
        }
        const { id } = effect;
        const leaks = leaker([context.sessionToken]);
        const hear = provider.hear?.({ context, url });
        this.bridge.load(
          {
            url,
            allow: provider.allow,
            sandbox: provider.sandbox,
            title: FRAME_TITLE,
            allowlist: frame.allowlist,
            // The frame's handshake answered now, not when the runtime is here: the token is the frame's own.
            reply: provider.reply && ((message) => provider.reply!(message, { context, url }, context.sessionToken)),
            // The frame's ready and start, before the runtime is here: kyc-ready and kyc-start now (the session id
            // only if it is no secret).
            heard: (message) => {
              const { said, sessionId } = hear?.(message) ?? {};
              if (said)
                this.#report({
                  type: 'frame-said',
                  said,
                  frame: id,
                  sessionId: leaks(sessionId) ? undefined : sessionId,
                });
            },
          },
          rendered,
        );
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
