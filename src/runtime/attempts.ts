import type { ResolvedFrame } from '../element/resolve';
import type { Attempt } from './attempt';
import type { Configuration } from './configuration';
import { SdkAttempt, type Report } from './sdk-attempt';
import type { Surface } from './surface';

/**
 * The running provider's attempt, whichever kind it is: the widget's iframe (attempt.ts) or the vendor's own script
 * (sdk-attempt.ts). Starting one stops the other, and the warm-up frame retires as the real one comes (at once for a
 * script, when the iframe has loaded). The controller's frame effects, carried out on both kinds. A build without
 * SDK-hosted providers has no SdkAttempt (`__KYC_SDK__`): every attempt is a frame.
 */
export class Attempts {
  /** The vendor's script's attempt, in the surface's frame box: none in a build without SDK-hosted providers. */
  readonly sdk: SdkAttempt;

  constructor(
    readonly frame: Attempt,
    readonly config: Configuration,
    surface: Surface,
    report: Report,
    token: () => string | undefined,
  ) {
    // Every use of `sdk` is behind `__KYC_SDK__`, so that a frame provider's build drops SdkAttempt.
    const window = () => surface.messages().window;
    this.sdk = (__KYC_SDK__ && new SdkAttempt(surface.frameBox, report, token, window)) as SdkAttempt;
  }

  #askedAt = 0;

  /** The endpoint was asked for a session now (provider="auto": the provider it names has its load timeout from then). */
  asked(): void {
    this.#askedAt = performance.now();
  }

  /**
   * `load-frame`. Under provider="auto" (`auto`), the time since the session request that named the provider counts
   * against its load timeout (the person's wait on one provider is bounded by it), half of it at most.
   */
  load({ frame: target, id }: { frame: ResolvedFrame; id: number }, title: string, loadTimeout: number, auto = false) {
    const elapsed = auto && this.#askedAt ? Math.min(performance.now() - this.#askedAt, loadTimeout / 2) : 0;
    if (__KYC_SDK__ && target.provider.sdk) {
      this.config.coolDown();
      this.frame.stop();
      this.sdk.begin(target, id, loadTimeout, elapsed);
    } else {
      if (__KYC_SDK__) this.sdk.stop();
      this.frame.begin(target, id, title, loadTimeout, elapsed);
      this.config.coolDown(this.frame.iframe);
    }
  }

  /** `adopt-frame`: the stand-in's, requested at `requestedAt` (the stand-in started a vendor's script: mounted now). */
  adopt(target: ResolvedFrame, id: number, title: string, loadTimeout: number, requestedAt: number): void {
    if (!__KYC_SDK__ || !target.provider.sdk) return this.frame.adopt(target, id, title, loadTimeout, requestedAt);
    this.config.coolDown();
    this.sdk.begin(target, id, loadTimeout, performance.now() - requestedAt);
  }

  /** `stop-frame`. */
  stop(): void {
    this.frame.stop();
    if (__KYC_SDK__) this.sdk.stop();
    this.config.coolDown();
  }

  /** `settled`: its load timers stop. */
  settled(): void {
    this.frame.settled();
    if (__KYC_SDK__) this.sdk.settled();
  }

  /** `hand-over-token`. */
  handOver(token: string | null, error?: string): void {
    this.frame.handOver(token, error);
    if (__KYC_SDK__) this.sdk.handOver(token);
  }
}
