import { FrameBridge, type BridgeStats } from '../frame/bridge';
import { decodeMessage } from '../frame/decode';
import { startTimer } from './timer';
import type { Event } from '../flow/model';
import type { ProviderProtocol, ProviderSession, Signal } from '../protocols/types';
import type { ResolvedFrame } from '../element/resolve';

/**
 * The frame of one attempt, as a part that only reports: the iframe (through the bridge), the provider's
 * protocol state for it, and its load timers. The frame is requested at once; the protocol's decoder is
 * attached when its chunk is here, and the bridge holds what the frame said before that. What the frame
 * says, what its timers see and whether its chunk came are reported, tagged with the frame's id; every
 * decision about them is the runtime's (`flow/step.ts`).
 */

export type Report = (event: Event<ResolvedFrame>) => void;
/** The running frame's token, as the model has it (the one it was given, or the last handed over). */
export type Token = () => string | undefined;

export class Attempt {
  readonly #bridge: FrameBridge;
  #accepted = 0;
  readonly #report: Report;
  #id = 0;
  #frame: ResolvedFrame | null = null;
  #session: ProviderSession | null = null;
  readonly #token: Token;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;
  /** The origin that last spoke for the frame, else its URL's: the only `targetOrigin` ever used. */
  #targetOrigin = '';

  /** `bridge`: the stand-in's, with its iframe (element/stand-in.ts); a new one in `frameBox` otherwise. */
  constructor(frameBox: HTMLElement, report: Report, token: Token, bridge?: FrameBridge) {
    this.#bridge = bridge ?? new FrameBridge(frameBox);
    this.#report = report;
    this.#token = token;
  }

  get iframe(): HTMLIFrameElement | null {
    return this.#bridge.iframe;
  }

  /** Messages decoded and handed on, and those turned away (by the bridge, or undecodable), for debug mode. */
  get stats(): BridgeStats {
    return { accepted: this.#accepted, ignored: this.#bridge.ignored };
  }

  /** Requests frame `id` (stopping the one before); the load timer starts now, `elapsed` ms of it gone already. */
  begin(frame: ResolvedFrame, id: number, title: string, loadTimeout: number, elapsed = 0): void {
    this.stop();
    this.#bridge.load({
      url: frame.url,
      allow: frame.provider.allow,
      sandbox: frame.provider.sandbox,
      title,
      allowlist: frame.allowlist,
    });
    this.#run(frame, id, loadTimeout, elapsed);
  }

  /**
   * The seam with the stand-in (element/stand-in.ts): the bridge already holds `frame`'s iframe, requested at
   * `requestedAt` (performance.now()), and what it said meanwhile. Everything `begin` does but the
   * request; the load timer counts from then.
   */
  adopt(frame: ResolvedFrame, id: number, title: string, loadTimeout: number, requestedAt: number): void {
    this.setTitle(title);
    this.#run(frame, id, loadTimeout, Math.max(0, performance.now() - requestedAt));
  }

  #run(frame: ResolvedFrame, id: number, loadTimeout: number, elapsed = 0): void {
    this.#id = id;
    this.#frame = frame;
    this.#targetOrigin = frame.url.origin;
    const report = this.#report;
    const timeout = () => report({ type: 'timeout', frame: id, after: loadTimeout });
    this.#timer = startTimer(timeout, Math.max(0, loadTimeout - elapsed));
    const slowAfter = Math.max(0, Math.min(8000, loadTimeout / 2) - elapsed);
    this.#slowTimer = setTimeout(() => report({ type: 'slow', frame: id }), slowAfter);
    // The provider's protocol chunk (providers/<id>/index.ts), asked for with the runtime's by the stand-in: here
    // already, or on its way. The bridge holds what the frame says until it is attached.
    frame.plugin.protocol!().then(
      (module) => this.#attach(module.default, id),
      () => {
        if (id === this.#id) report({ type: 'signals', frame: id, signals: [unloaded(frame)], from: 'message' });
      },
    );
  }

  /** The frame said ready, or the flow ended: the load timers are done. */
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
    this.#id = 0;
    this.#frame = null;
    this.settled();
    this.#bridge.destroy();
    this.#session = null;
  }

  setTitle(title: string): void {
    const iframe = this.#bridge.iframe;
    if (iframe) iframe.title = title;
  }

  /** Sends to the frame, addressed to the exact origin; the browser drops it if the frame is elsewhere. */
  #post(message: unknown): void {
    const target = this.#bridge.iframe?.contentWindow;
    if (!target || !this.#targetOrigin) return;
    try {
      target.postMessage(message, this.#targetOrigin);
    } catch {
      // The frame went away between the check and the call: nothing to deliver to.
    }
  }

  /** Hands a new token to the running frame, or tells it that renewal failed (null). */
  handOver(token: string | null, error?: string): void {
    this.#session?.tokenRefreshed?.(token, error);
  }

  #attach(protocol: ProviderProtocol, id: number): void {
    const frame = this.#frame;
    if (id !== this.#id || !frame) return;
    const bridge = this.#bridge;
    const report = this.#report;
    const session = protocol.createSession({
      post: (message) => this.#post(message),
      token: this.#token,
      context: frame.context,
      frameUrl: frame.url,
    });
    this.#session = session;
    report({ type: 'attached', frame: id, takesTokens: Boolean(session.tokenRefreshed) });
    // What passed the bridge's guard (source window, then origin), in order: decoded, then the protocol's.
    bridge.drain((item) => {
      if (!item)
        return report({ type: 'signals', frame: id, signals: guarded(() => session.onLoad?.() ?? []), from: 'load' });
      const message = decodeMessage(item.data);
      if (!message) return void bridge.ignored++;
      this.#accepted++;
      this.#targetOrigin = item.origin;
      const signals = guarded(() => session.receive(message, item.answered === true));
      report({ type: 'signals', frame: id, signals, from: 'message' });
    });
  }
}

const unloaded = (frame: ResolvedFrame): Signal => ({
  type: 'error',
  code: 'frame-load-timeout',
  message: `the ${frame.provider.id} protocol could not be downloaded: check the network`,
});

/** A protocol bug must not break the message loop: the message is dropped. */
function guarded(read: () => Signal[]): Signal[] {
  try {
    return read();
  } catch {
    return [];
  }
}
