import type { Effect, Model } from '../flow/model';
import type { FrameBridge, FrameSpec } from '../frame/bridge';
import { capturedFrame, PROBLEM_ATTRIBUTE, type CapturedFrame } from '../frame/capture';
import { postSession, readAnswer, type SessionTry } from '../session/request';
import { carries } from '../providers/registry';
import { batched } from './batch';
import { environment } from './environment';
import { emit, type KycErrorDetail } from './events';
import { firstStep, initialModel, type FirstEvent } from './first-step';
import { loadRuntime, runtimeNow, type Create, type Handover, type Stand } from './handover';
import { configKey, type Inputs } from './inputs';
import { FRAME_TITLE } from './language';
import { bindingOf, hasSession, resolveFrame, withAnswer, type ResolvedFrame } from './resolve';
import { renderedSkeleton, skeleton, type Skeleton } from './skeleton';
import { retire, warmOrigin, warmUp } from './warm-up';

/** The frame bridge's chunk (frame/bridge.ts, with the providers' talk: see ProviderTalk), asked for with the frame. */
const loadBridge = () => import('../frame/bridge');

/**
 * After the frame said it is ready, how long the runtime still waits (ms): the frame's first render, and the start
 * it says next, keep the page's main thread to themselves.
 */
export const AFTER_READY = 500;
/** The longest the runtime waits for a frame that has not said it is ready (ms; half the load timeout if shorter). */
export const HOLD_LIMIT = 3000;

/**
 * The element's stand-in for its runtime until the runtime chunk is here: it carries out what `firstStep` decides
 * (element/first-step.ts: the frame at once for valid inline inputs, or the session request first) and keeps the
 * model, which it hands to the runtime's controller when the runtime arrives; start(), retry() and cancel() wait for
 * it, in order.
 *
 * When the runtime is fetched: while the stand-in's frame loads, the frame has the page to itself. Its handshake,
 * ready and start need nothing of the runtime (the stand-in answers and hears them with the talk chunk, asked for
 * right after the frame: frame/bridge.ts `earlyBridge`), and the runtime's download and compilation would compete
 * with the frame for the network and the main thread: on a fast network, its evaluation delayed the frame's handshake
 * answer by tens of ms. So the runtime is fetched `AFTER_READY` ms after the frame's
 * ready, at once when the person starts, and at the latest `HOLD_LIMIT` ms after the first pass (what the frame says
 * meanwhile waits in the bridge, in order). Anything the stand-in does not carry out asks for it at once: no frame
 * (a problem to say, modal mode, an SDK-hosted provider, nothing to show yet), a session answer it cannot use, a
 * method call, a later change, leaving the page, and a `decision-endpoint` (the runtime's first act is to ask
 * whether the person is decided already).
 */
export class StandIn implements Stand {
  model: Model<ResolvedFrame> = initialModel();
  lastError: KycErrorDetail | null = null;
  readonly skeleton: Skeleton;
  /** The frame bridge (its own chunk), once it holds the frame. */
  bridge: FrameBridge | undefined;
  /** The frame, from its request until it goes. */
  #frame: CapturedFrame | null = null;
  /** The bridge's chunk and the frame's talk on their way (never rejects): the runtime takes over after it. */
  #talk: Promise<void> = Promise.resolve();
  readonly #calls: Array<'start' | 'retry' | 'cancel'> = [];
  /** What is reported while a report's effects are carried out (the frame's ready, heard as it loads): next, in order. */
  readonly #reports: FirstEvent[] = [];
  /** When the frame was requested; under "auto", from the session request on, when that request went. */
  #requestedAt = 0;
  #sent: SessionTry | undefined;
  #warm: HTMLIFrameElement | null = null;
  /** The server-rendered frame, until the first pass adopts it or removes it. */
  #rendered: CapturedFrame | null;
  #refused = false;
  /** Handed over: the runtime's controller stands for the element now. */
  #over = false;
  /** The runtime waits while the stand-in's frame, or the session request for it, is under way (see above). */
  #holding = false;
  #holdTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  readonly #create: Create;
  /**
   * One pass over the inputs at the end of the task, however many change meanwhile; then the runtime is fetched,
   * unless the frame it launched holds it back. A pass after the launch is a change only the runtime applies.
   */
  readonly #pass = batched(() => {
    const launched = this.model.key !== '';
    if (!this.#calls.length) this.#configure();
    // The runtime already here (a server-rendered root is the stand-in's first): nothing to download, so no wait.
    if (launched || !this.#holding || runtimeNow()) this.#release();
    else this.#holdTimer ??= setTimeout(this.#release, Math.min(HOLD_LIMIT, this.#inputs.loadTimeout / 2));
  });

  /**
   * Called when the runtime chunk may be fetched: never before the first pass, so that the frame's request, or the
   * session request, goes first (on a phone network over HTTP/1.1 the first request takes the page's warm
   * connection); then as the class's comment says.
   */
  readonly #release: () => void;

  constructor(host: HTMLElement, inputs: Inputs, shadow: ShadowRoot, create: Create) {
    let fetched = false;
    this.#release = () => {
      clearTimeout(this.#holdTimer);
      this.#holding = false;
      if (!fetched) this.#download();
      fetched = true;
    };
    this.#host = host;
    this.#inputs = inputs;
    this.#create = create;
    const rendered = renderedSkeleton(shadow);
    this.skeleton = rendered ?? skeleton(host.ownerDocument);
    if (!rendered) shadow.append(this.skeleton.root);
    this.#rendered = this.skeleton.frameBox.querySelector('iframe');
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
    // Anything else (the language, the theme, a decision) is the runtime's to apply: after the launch, it comes now.
    if (!config) return void (this.model.key && this.#release());
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
    // The frame's protocol chunk beside the runtime's (the runtime's attempt attaches it), and the bridge's, which the
    // runtime imports: one round trip for all.
    this.model.frame?.frame.plugin.protocol?.().catch(() => {});
    loadBridge().catch(() => {});
    loadRuntime().then(
      async (runtime) => {
        await this.#talk;
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
    if (!this.#holding) return;
    const { state } = this.model.snapshot;
    if (state === 'in-progress') this.#release();
    else if (state === 'ready') {
      clearTimeout(this.#holdTimer);
      this.#holdTimer = setTimeout(this.#release, AFTER_READY);
    }
  }

  #perform(effect: Effect<ResolvedFrame>): void {
    switch (effect.type) {
      case 'load-frame': {
        const { frame } = effect;
        const rendered = this.#rendered;
        this.#rendered = null;
        // A rendered frame's load timeout counts from its request, made while the page was parsed; under "auto", from
        // the session request that named the provider (its frame still gets half of it).
        this.#requestedAt =
          rendered?.kyc?.t ??
          (!__KYC_ONE_PROVIDER__ && carries.all && this.#inputs.provider == 'auto'
            ? Math.max(this.#requestedAt, performance.now() - this.#inputs.loadTimeout / 2)
            : performance.now());
        const { provider, context, url } = frame;
        // The vendor's code and the adapters' chunk, for the runtime's attempt to mount (providers/vendor.ts), now:
        // no frame of the widget's own. A failed chunk is the attempt's to report, when it imports the same.
        if (__KYC_SDK__ && provider.sdk) {
          frame.plugin.adapter?.().catch(() => {});
          this.#cool();
          this.#release(); // the runtime mounts it
          const doc = this.#host.ownerDocument;
          return void frame.plugin
            .vendor?.()
            .then((vendor) => vendor.loadVendor(doc, url, provider.sdk!.delivery))
            .catch(() => {}); // the runtime's attempt reports what it cannot load
        }
        this.#holding = !this.#inputs.decisionEndpoint;
        const { id } = effect;
        const spec: FrameSpec = {
          url,
          allow: provider.allow,
          sandbox: provider.sandbox,
          title: FRAME_TITLE,
          allowlist: frame.allowlist,
        };
        // The frame now, what it says kept until the bridge and the provider's talk (chunks of their own, fetched in
        // this task, after the frame's request) are here to guard it, answer its handshake and hear its ready.
        const iframe = (this.#frame = rendered ?? capturedFrame(this.skeleton.frameBox, spec));
        this.#talk = Promise.all([loadBridge(), frame.plugin.talk?.().catch(() => undefined)]).then(
          ([{ earlyBridge }, talk]) => {
            if (this.#frame !== iframe) return; // it went meanwhile
            // The frame's handshake answered now, not when the runtime is here, and its ready and start heard:
            // kyc-ready and kyc-start now.
            this.bridge = earlyBridge(
              this.skeleton.frameBox,
              spec,
              iframe,
              talk?.default,
              { context, url },
              (said, sessionId) => this.#report({ type: 'frame-said', said, frame: id, sessionId }),
            );
          },
          // The bridge's chunk failed: the runtime, which needs it too, says so.
          () => this.#release(),
        );
        this.#cool(iframe);
        return;
      }
      case 'stop-frame':
        this.bridge?.destroy();
        this.#frame?.kyc?.off();
        this.#frame?.remove();
        this.#frame = null;
        this.#cool();
        return;
      case 'fetch-session':
        this.#holding = !this.#inputs.decisionEndpoint;
        this.#ask(effect.endpoint, effect.request);
        return;
      case 'abort-session':
        this.#sent?.abort.abort();
        this.#sent = undefined;
        this.#cool();
        return;
      case 'warm-up':
        this.#cool();
        this.#warm = warmUp(this.skeleton.root, effect.url.origin);
        return;
      case 'emit': {
        // With `auto` (the all-in bundle's), the provider the endpoint named; else the input.
        const detail = {
          provider:
            (!__KYC_ONE_PROVIDER__ && carries.all && this.model.frame?.frame.provider.id) || this.#inputs.provider,
          ...effect.detail,
        };
        // Its one kyc-error (the runtime could not be downloaded) is recoverable: nothing for the console
        // (runtime/loud.ts), and nothing more on the critical path.
        if (effect.name === 'kyc-error') this.lastError = detail as KycErrorDetail;
        emit(this.#host, effect.name, detail as never);
        return;
      }
    }
  }

  /** The warm-up frame has done its work: at once, or when `frame` (the real one) has loaded. */
  #cool(frame?: HTMLIFrameElement | null): void {
    retire(this.#warm, frame);
    this.#warm = null;
  }

  /** POSTs the session request (the runtime's session client reads the same request if its answer is no good). */
  #ask(endpoint: URL, request: number): void {
    const inputs = this.#inputs;
    const env = environment(this.#host, inputs.locale);
    const sent = postSession(endpoint, { provider: inputs.provider, locale: env.locale, refresh: false });
    // Under "auto", the provider the answer names has its load timeout from now (load-frame).
    if (!__KYC_ONE_PROVIDER__ && carries.all) this.#requestedAt = performance.now();
    this.#sent = sent;
    sent.response
      .then((response) => (this.#sent === sent && response.ok ? response.clone().json() : undefined))
      .then(
        (data: unknown) => {
          if (this.#sent !== sent) return;
          const answer = data === undefined ? null : readAnswer(data, endpoint);
          const resolution = answer && resolveFrame(withAnswer(inputs, answer), env);
          this.#report({ type: 'session', request, answer, resolution, now: Date.now() });
          // An answer the stand-in could not use: the runtime's session client reads it (the same request).
          if (this.model.request?.id === request) this.#release();
        },
        () => this.#release(), // the runtime's session client reads the same request and reports
      );
  }
}
