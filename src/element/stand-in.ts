import type { Snapshot } from '../flow/machine';
import { FrameBridge } from '../frame/bridge';
import { batched } from './batch';
import type { Inputs } from './inputs';
import { emit, type KycEventDetails } from './events';
import { FRAME_TITLE } from './language';
import { environment, type Environment } from './environment';
import { loadRuntime, type Create, type Handover, type Held, type Stand } from './handover';
import { resolveFrame, type ResolvedFrame } from './resolve';
import { skeleton, type Skeleton } from './skeleton';
import { warmOrigin, warmUp } from './warm-up';
import { postSession, readAnswer } from '../session/request';

/**
 * The boot: what `<kyc-widget>` does before its runtime (controller, machine, protocols, screens) is
 * here. It creates the iframe in the task in which plainly valid inline inputs become complete (and, with
 * a `session-endpoint`, sends the session request at once and creates the frame in the task in which a
 * good answer arrives), says `idle → loading`, and answers `state`. Anything else — invalid or costly
 * inputs, modal mode, calls to start/retry/cancel — waits for the runtime, which decides with its own
 * checks and messages: the boot never reports an error, except that the runtime could not be downloaded.
 * When the runtime arrives the element hands it a `Handover`: nothing restarts, no event repeats.
 */

type LastError = KycEventDetails['kyc-error'];

/** The frame for these inputs when they are valid and inline (modal mode waits for the runtime's dialog). */
function inline(inputs: Inputs, env: Environment): ResolvedFrame | undefined {
  const resolution = resolveFrame(inputs, env);
  return inputs.mode === 'inline' && resolution.kind === 'ok' ? resolution.frame : undefined;
}

/**
 * The element's stand-in for the runtime's controller until the runtime chunk is here; it fetches the chunk, then
 * hands over (`create`). Its public fields are read by the runtime's `adopt`.
 */
export class Boot implements Stand, Held {
  readonly skeleton: Skeleton;
  readonly bridge: FrameBridge;
  /** `idle`, or `loading` (attempt 1) once the boot said so; `error` if a first download failed. */
  snapshot: Snapshot = { state: 'idle', attempt: 0 };
  lastError: LastError | null = null;
  /** The frame the iframe was made from, if the boot made one. */
  frame: ResolvedFrame | null = null;
  /** `performance.now()` when the iframe was requested: the load timer counts from then. */
  requestedAt = 0;
  /** The element left the page after the boot launched: the frame is gone, the next connect starts again. */
  resume = false;
  /** start(), retry(), cancel() called before the runtime was here, in order. */
  readonly calls: Array<'start' | 'retry' | 'cancel'> = [];
  #launched: Inputs | null = null;
  #session: Handover['session'] = null;
  /** The throwaway frame warming the provider's origin (warmUp) while the session is asked for. */
  #warm: HTMLIFrameElement | null = null;
  #connected = false;
  /** One pass at the end of the task, however many inputs change meanwhile. */
  readonly #batch = batched(() => {
    if (this.#connected && !this.#done && !this.calls.length) this.#pass();
    this.#release();
  });
  /** The boot acts once: after it launched (or gave up), the runtime decides. */
  #done = false;
  /** Handed over: the runtime's controller stands for the element now. */
  #over = false;
  readonly #host: HTMLElement;
  readonly #inputs: Inputs;
  readonly #create: Create;

  /**
   * Called when the runtime chunk may be fetched: at the end of the boot's first pass (or when the host calls
   * a method first), so that the frame's request, or the session request, goes first. On a phone network over
   * HTTP/1.1 the first request takes the page's warm connection: the session request gets it, and the runtime
   * downloads while the host's backend works on the session.
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

  /** The runtime chunk, fetched at once; when it is here it goes on from what the boot did. */
  #download(): void {
    loadRuntime().then(
      (runtime) => {
        if (this.#over) return;
        const handover = this.#handOver();
        this.#create(runtime, handover).adopt(handover, this.#host.isConnected);
      },
      () => this.#failed(),
    );
  }

  connect(): void {
    this.#connected = true;
    this.#queue();
  }

  /** The frame and the request go with the element; the runtime starts again when it is back. */
  disconnect(): void {
    this.#connected = false;
    this.#release();
    this.#drop();
    this.resume = this.snapshot.state === 'loading';
  }

  /** Stops the request and removes the frame (which releases the camera). */
  #drop(): void {
    this.#session?.sent?.abort.abort();
    this.#session = null;
    this.#warm?.remove();
    this.bridge.destroy();
    this.frame = null;
  }

  inputChanged(_: keyof Inputs, config: boolean): void {
    if (config) this.#queue();
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
    this.calls.push(name);
    this.#release();
    if (this.snapshot.state === 'error') this.#download();
  }

  #queue(): void {
    if (this.#done)
      this.#release(); // a change after the boot acted is the runtime's to apply
    else this.#batch();
  }

  #pass(): void {
    const inputs = this.#inputs;
    const env = environment(this.#host, inputs.locale);
    if (inputs.sessionEndpoint && !inputs.sessionUrl && !inputs.sessionToken) return this.#ask(env);
    const frame = inline(inputs, env);
    if (!frame) return;
    this.#done = true;
    this.#launched = { ...inputs };
    this.#load(frame);
    this.#loading();
  }

  /**
   * A session endpoint and nothing else: POST it now (the request the runtime's session client makes), warm
   * the provider's frame origin meanwhile, and create the frame in the task a good answer arrives.
   */
  #ask(env: Environment): void {
    const inputs = this.#inputs;
    const id = inputs.provider;
    const resolution = resolveFrame(inputs, env);
    // What would not launch at once (invalid values, modal mode) is the runtime's to report.
    if (inputs.mode !== 'inline' || resolution.kind !== 'needs-session') return;
    const endpoint = resolution.endpoint;
    this.#done = true;
    this.#launched = { ...inputs };
    const sent = postSession(endpoint, { provider: id, locale: env.locale, refresh: false });
    const session: NonNullable<Handover['session']> = { endpoint, sent };
    this.#session = session;
    const origin = warmOrigin(inputs);
    if (origin) this.#warm = warmUp(this.skeleton.root, origin);
    this.#loading();
    sent.response
      .then((response) => (this.#session === session && response.ok ? response.clone().json() : undefined))
      .then((data: unknown) => {
        if (this.#session !== session || data === undefined) return;
        const answer = readAnswer(data, endpoint);
        if (!answer || (answer.provider && answer.provider !== id)) return;
        if (Date.parse(answer.expiresAt!) <= Date.now()) return; // none: NaN, never past
        // (No session URL nor token in the inputs: the endpoint's answer is the whole session.)
        const frame = inline({ ...inputs, sessionUrl: answer.sessionUrl, sessionToken: answer.sessionToken }, env);
        if (!frame) return;
        session.answer = answer;
        this.#load(frame);
      })
      .catch(() => {}); // the runtime's session client reads the same request and reports
  }

  #load(frame: ResolvedFrame): void {
    this.#warm?.remove();
    this.frame = frame;
    this.requestedAt = performance.now();
    this.bridge.load({
      url: frame.url,
      allow: frame.provider.allow,
      sandbox: frame.provider.sandbox,
      title: FRAME_TITLE,
      allowlist: frame.allowlist,
    });
  }

  #loading(): void {
    this.snapshot = { state: 'loading', attempt: 1 };
    emit(this.#host, 'kyc-statechange', { provider: this.#inputs.provider, state: 'loading', previous: 'idle' });
  }

  /** The runtime is here: it goes on from what the boot did. The boot is done for good. */
  #handOver(): Handover {
    this.#done = this.#over = true;
    const session = this.#session;
    this.#session = null; // a late answer is the runtime's now
    return { boot: this, launched: this.#launched, session };
  }

  /**
   * The runtime could not be downloaded: a flow that was asked for ends in a clear, recoverable error
   * (retry() downloads it again).
   */
  #failed(): void {
    const inputs = this.#inputs;
    const previous = this.snapshot.state;
    if (
      this.#over ||
      !this.#connected ||
      !(inputs.sessionUrl || inputs.sessionToken || inputs.sessionEndpoint || this.calls.length)
    )
      return;
    this.#drop();
    if (previous === 'error') return;
    const provider = inputs.provider;
    const error = {
      code: 'frame-load-timeout' as const,
      message: `the ${provider} protocol could not be downloaded: check the network`,
      recoverable: true,
    };
    this.snapshot = { ...this.snapshot, state: 'error', error };
    this.lastError = { provider, ...error };
    emit(this.#host, 'kyc-statechange', { provider, state: 'error', previous });
    emit(this.#host, 'kyc-error', this.lastError);
  }
}
