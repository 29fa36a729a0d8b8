import { FrameBridge, type BridgeStats } from '../frame/bridge';
import { decodeMessage } from '../frame/decode';
import { startTimer } from '../frame/timer';
import { loadProtocol, protocolNow, type ProviderId } from '../providers/index';
import { FRAME_TIMEOUT_HINT, makeError, type KycErrorInfo } from '../flow/errors';
import type { KycState } from '../flow/machine';
import type { ProviderProtocol, ProviderSession, Signal } from '../providers/types';
import type { ResolvedFrame } from './resolve';

/**
 * One attempt at the provider's flow: the iframe (through the bridge), the provider's protocol state for
 * it, the load timer and the count of frame reloads the provider asked for. The frame is requested at
 * once; the protocol's decoder is attached when its chunk is here, and the bridge holds what the frame
 * said before that.
 */

export interface AttemptPort {
  /** What the frame's messages (or its `load` events) meant, in order. */
  signals(signals: readonly Signal[], from: 'message' | 'load'): void;
  /** The frame did not say ready within the load timeout. */
  timedOut(error: KycErrorInfo): void;
  /** The frame is taking longer than usual (half the load timeout, at most 8 s): time for a hint. */
  slow(): void;
  /** The protocols' chunk could not be downloaded. */
  protocolFailed(error: unknown): void;
}

export interface AttemptOptions {
  title: string;
  loadTimeout: number;
  /** A reload of the same session that the provider asked for (counted against MAX_RELOADS). */
  reload?: boolean;
}

/** A frame that keeps asking to be reloaded would loop: after this many, the attempt fails. */
export const MAX_RELOADS = 3;

export class Attempt {
  readonly #bridge: FrameBridge;
  readonly #port: AttemptPort;
  #frame: ResolvedFrame | null = null;
  #session: ProviderSession | null = null;
  #token: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;
  #reloads = 0;
  /** The frame stopped on an expired token and stays loaded: the state a new token resumes it to. */
  #awaiting: KycState | null = null;
  /** Bumped by every begin and stop, so that a late protocol download never attaches to another frame. */
  #generation = 0;

  /** `bridge`: the boot's, with its iframe (boot/boot.ts); a new one in `frameBox` otherwise. */
  constructor(frameBox: HTMLElement, port: AttemptPort, bridge?: FrameBridge) {
    this.#bridge = bridge ?? new FrameBridge(frameBox);
    this.#port = port;
  }

  /** The resolved frame of the current attempt (kept after stop, for a reload or a retry). */
  get frame(): ResolvedFrame | null {
    return this.#frame;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#bridge.iframe;
  }

  get stats(): BridgeStats {
    return this.#bridge.stats;
  }

  /** The token the running frame was given. */
  get token(): string | undefined {
    return this.#token;
  }

  /** The running frame's protocol can take a new token without a reload (Sumsub, generic). */
  get takesTokens(): boolean {
    return Boolean(this.#session?.tokenRefreshed && this.#bridge.iframe);
  }

  get awaiting(): KycState | null {
    return this.#awaiting;
  }

  /** Keeps the frame for a new token from the host, which resumes the flow in `state`. */
  awaitToken(state: KycState): void {
    this.#awaiting = state;
  }

  get reloadsLeft(): boolean {
    return this.#reloads < MAX_RELOADS;
  }

  begin(frame: ResolvedFrame, options: AttemptOptions): void {
    this.stop();
    this.#reloads = options.reload ? this.#reloads + 1 : 0;
    this.#bridge.load({
      url: frame.url,
      allow: frame.provider.allow,
      sandbox: frame.provider.sandbox,
      title: options.title,
      allowlist: frame.allowlist,
    });
    this.#run(frame, options, 0);
  }

  /**
   * The seam with the boot (boot/boot.ts): the bridge already holds `frame`'s iframe, requested at
   * `requestedAt` (performance.now()). Everything `begin` does but the request; the load timer counts from then.
   */
  adopt(frame: ResolvedFrame, options: AttemptOptions, requestedAt: number): void {
    this.#run(frame, options, performance.now() - requestedAt);
  }

  #run(frame: ResolvedFrame, options: AttemptOptions, elapsed: number): void {
    this.#frame = frame;
    this.#token = frame.context.sessionToken;
    const generation = this.#generation;
    this.#bridge.setTitle(options.title);
    const seconds = Math.round(options.loadTimeout / 100) / 10;
    const timeout = makeError(
      'frame-load-timeout',
      `the frame did not say it was ready within ${seconds} s: ${FRAME_TIMEOUT_HINT}`,
    );
    this.#timer = startTimer(() => this.#port.timedOut(timeout), Math.max(0, options.loadTimeout - elapsed));
    this.#slowTimer = setTimeout(
      () => this.#port.slow(),
      Math.max(0, Math.min(8000, options.loadTimeout / 2) - elapsed),
    );
    const id = frame.provider.id as ProviderId;
    const protocol = protocolNow(id);
    if (protocol) this.#attach(protocol, generation);
    else
      loadProtocol(id).then(
        (loaded) => this.#attach(loaded, generation),
        (error: unknown) => generation === this.#generation && this.#port.protocolFailed(error),
      );
  }

  /** The frame said ready, or the flow ended: the load timer is done. */
  settled(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#slowTimer);
    this.#timer = undefined;
    this.#slowTimer = undefined;
  }

  /** Passes a new language or theme to the running frame, where its protocol can take it. */
  settingsChanged(locale: string, theme: ResolvedFrame['context']['theme']): void {
    this.#session?.settingsChanged?.({ locale, theme });
  }

  /** Removes the frame (which releases the camera) and its protocol state. Safe to call twice. */
  stop(): void {
    this.#generation++;
    this.#awaiting = null;
    this.settled();
    this.#bridge.destroy();
    this.#session = null;
  }

  setTitle(title: string): void {
    this.#bridge.setTitle(title);
  }

  /** Hands a new token to the running frame (see takesTokens), or tells it that renewal failed (null). */
  handOver(token: string | null, error?: string): void {
    if (token) this.#token = token;
    this.#awaiting = null;
    this.#session?.tokenRefreshed?.(token, error);
  }

  #attach(protocol: ProviderProtocol, generation: number): void {
    const frame = this.#frame;
    if (generation !== this.#generation || !frame) return;
    const bridge = this.#bridge;
    const session = protocol.createSession({
      post: (message) => bridge.post(message),
      token: () => this.#token,
      context: frame.context,
      frameUrl: frame.url,
    });
    this.#session = session;
    bridge.attach(
      {
        message: (message) =>
          this.#port.signals(
            guarded(() => session.receive(message)),
            'message',
          ),
        load: () =>
          this.#port.signals(
            guarded(() => session.onLoad?.() ?? []),
            'load',
          ),
      },
      decodeMessage,
    );
  }
}

/** A protocol bug must not break the message loop: the message is dropped. */
function guarded(read: () => Signal[]): Signal[] {
  try {
    return read();
  } catch {
    return [];
  }
}
