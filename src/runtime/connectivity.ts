/**
 * The browser's connectivity, as a part that only reports (README error code `offline`): the window's
 * `offline` and `online` events while the element is on the page, and the end of the grace period once
 * the runtime starts it. What a loss means (a warning, then an error, then resuming) is `flow/step.ts`'s.
 */

export type ConnectivityReport = { type: 'offline' } | { type: 'online' } | { type: 'still-offline'; after: number };

export class Connectivity {
  /** README, error code `offline`: a `kyc-error` only after 30 s offline. (Tests shorten it.) */
  static graceMs = 30_000;

  readonly #report: (event: ConnectivityReport) => void;
  #window: Window | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(report: (event: ConnectivityReport) => void) {
    this.#report = report;
  }

  listen(win: Window | null): void {
    this.stop();
    this.#window = win;
    win?.addEventListener('offline', this.#onOffline);
    win?.addEventListener('online', this.#onOnline);
  }

  stop(): void {
    this.grace(false);
    this.#window?.removeEventListener('offline', this.#onOffline);
    this.#window?.removeEventListener('online', this.#onOnline);
    this.#window = null;
  }

  /** Starts (again) or stops the grace period. */
  grace(on: boolean): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (!on) return;
    const after = Connectivity.graceMs;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#report({ type: 'still-offline', after });
    }, after);
  }

  readonly #onOffline = (): void => this.#report({ type: 'offline' });
  readonly #onOnline = (): void => this.#report({ type: 'online' });
}
