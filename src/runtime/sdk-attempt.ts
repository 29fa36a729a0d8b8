import type { Event } from '../flow/model';
import type { Loaded } from '../providers/types';
import type { Signal } from '../protocols/types';
import type { ResolvedFrame } from '../element/resolve';
import type { SdkSession } from '../sdk/types';
import { scriptProblem } from './preflight';
import { startTimer } from './timer';

/**
 * One attempt of a provider delivered as the vendor's script (providers/types.ts `SdkFacts`), as a part that only
 * reports, like attempt.ts does for a frame: the SDK adapters' chunk (`sdk/`) is fetched and, at the same time, the
 * vendor's code is loaded from its URL (never bundled; element/vendor.ts), the adapter mounts it — in the widget's box (`inline`) or as the vendor's
 * own window over the page (`overlay`, the box says "continue in the window") — and what its callbacks mean is
 * reported as the frame's signals, tagged with the attempt's id. The load timers are the frame's. Stopping tears
 * the vendor's instance down (as far as its API allows) and removes the box; the next attempt mounts only after
 * the last teardown has finished (Onfido asks that tearDown be awaited before another init).
 */

export type Report = (event: Event<ResolvedFrame>) => void;

export class SdkAttempt {
  readonly #frameBox: HTMLElement;
  readonly #report: Report;
  readonly #token: () => string | undefined;
  readonly #window: () => string;
  #id = 0;
  #box: HTMLElement | null = null;
  #session: SdkSession | null = null;
  #down: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;

  /** `windowText`: what the box says while an overlay SDK's window is open. */
  constructor(frameBox: HTMLElement, report: Report, token: () => string | undefined, windowText: () => string) {
    this.#frameBox = frameBox;
    this.#report = report;
    this.#token = token;
    this.#window = windowText;
  }

  get running(): boolean {
    return this.#id !== 0;
  }

  /** Attempt `id` of `frame` (stopping the one before); the load timer counts `elapsed` ms already gone. */
  begin(frame: ResolvedFrame, id: number, loadTimeout: number, elapsed = 0): void {
    this.stop();
    this.#id = id;
    const report = this.#report;
    this.#timer = startTimer(
      () => report({ type: 'timeout', frame: id, after: loadTimeout }),
      Math.max(0, loadTimeout - elapsed),
    );
    const slowAfter = Math.max(0, Math.min(8000, loadTimeout / 2) - elapsed);
    this.#slowTimer = setTimeout(() => report({ type: 'slow', frame: id }), slowAfter);
    const doc = this.#frameBox.ownerDocument;
    const box = doc.createElement('div');
    box.className = 'sdk-box';
    box.setAttribute('part', 'sdk');
    if (frame.provider.sdk?.mount === 'overlay') {
      const text = doc.createElement('p');
      text.className = 'sdk-window';
      text.textContent = this.#window();
      box.append(text);
    }
    this.#frameBox.append(box);
    this.#box = box;
    void this.#mount(frame, id, box);
  }

  async #mount(frame: ResolvedFrame, id: number, box: HTMLElement): Promise<void> {
    const provider = frame.provider.id;
    const signal = (...signals: Signal[]) => {
      if (id === this.#id) this.#report({ type: 'signals', frame: id, signals, from: 'message' });
    };
    // The vendor's script, started by the stand-in (or now): beside the adapter's chunk, not after it (providers/vendor.ts).
    const loading = frame.plugin.vendor!().then(
      (vendor) => vendor.loadVendor(box.ownerDocument, frame.url, frame.provider.sdk!.delivery),
      (): Loaded => ({ ok: false }),
    );
    let adapter;
    try {
      adapter = (await frame.plugin.adapter!()).default;
    } catch {
      return signal({
        type: 'error',
        code: 'provider-error',
        message: `the ${provider} adapter could not be downloaded`,
      });
    }
    if (id !== this.#id) return;
    this.#report({ type: 'attached', frame: id, takesTokens: true });
    const loaded = await loading;
    await this.#down;
    if (id !== this.#id) return;
    if (!loaded.ok)
      return signal({
        type: 'error',
        code: 'frame-load-timeout',
        message: scriptProblem(provider, frame.url, loaded.blocked),
        // A policy does not change without a new page: trying again from the widget cannot help.
        recoverable: !loaded.blocked,
      });
    try {
      this.#session = adapter.mount(loaded.vendor, { box, context: frame.context, token: this.#token, signal });
    } catch {
      signal({ type: 'error', code: 'provider-error', message: `${provider}'s script could not be started` });
    }
  }

  /** The vendor said ready, or the flow ended: the load timers are done. */
  settled(): void {
    clearTimeout(this.#timer);
    clearTimeout(this.#slowTimer);
    this.#timer = undefined;
    this.#slowTimer = undefined;
  }

  handOver(token: string | null): void {
    this.#session?.tokenRefreshed?.(token);
  }

  /** Tears the vendor's instance down and removes the box. Safe to call twice. */
  stop(): void {
    this.#id = 0;
    this.settled();
    const session = this.#session;
    this.#session = null;
    if (session) {
      const before = this.#down;
      let down: Promise<void> | void;
      try {
        down = session.stop();
      } catch {
        down = undefined;
      }
      this.#down = Promise.all([before, down]).then(
        () => {},
        () => {},
      );
    }
    // After the vendor's teardown (Onfido unmounts from it): then nothing of the attempt is left in the widget.
    const box = this.#box;
    this.#box = null;
    if (box) void this.#down.then(() => box.remove());
  }
}
