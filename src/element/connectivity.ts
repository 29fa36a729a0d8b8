/**
 * The browser's connectivity while a flow runs (README error code `offline`): the window's `offline` and
 * `online` events, listened to only while the element is on the page. A short loss is only a warning (the
 * frame keeps the person's progress); `stillOffline` comes once the loss has lasted the grace period.
 */

import { makeError, type KycErrorInfo, type KycWarningInfo } from '../flow/errors';
import { isLive, type Input, type KycState } from '../flow/machine';

export interface ConnectivityPort {
  state(): KycState;
  /** The error the flow stopped on, if it did. */
  error(): KycErrorInfo | undefined;
  /** The attempt's frame is still there (kept behind an error screen). */
  hasFrame(): boolean;
  /** An input for the machine (`keepFrame`: a failure keeps the frame loaded behind the error screen). */
  send(input: Input, keepFrame?: boolean): void;
  retry(): void;
  banner(offline: boolean): void;
}

export class Connectivity {
  /** README, error code `offline`: a `kyc-error` only after 30 s offline. (Tests shorten it.) */
  static graceMs = 30_000;

  readonly #port: ConnectivityPort;
  #window: Window | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The state the flow was in when the long loss stopped it: where it goes on, in the same frame. */
  #resumeTo: KycState | null = null;

  constructor(port: ConnectivityPort) {
    this.#port = port;
  }

  listen(win: Window | null): void {
    this.stop();
    this.#window = win;
    win?.addEventListener('offline', this.#onOffline);
    win?.addEventListener('online', this.#onOnline);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#window?.removeEventListener('offline', this.#onOffline);
    this.#window?.removeEventListener('online', this.#onOnline);
    this.#window = null;
  }

  /** A new attempt began: an earlier loss no longer has a frame to resume. */
  reset(): void {
    this.#resumeTo = null;
  }

  readonly #onOffline = (): void => {
    const port = this.#port;
    if (!isLive(port.state())) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(this.#stillOffline, Connectivity.graceMs);
    port.banner(true);
    const warning: KycWarningInfo = {
      code: 'offline',
      message: 'the browser went offline; the flow goes on in the same frame when it is back online',
    };
    port.send({ type: 'warn', warning });
  };

  readonly #stillOffline = (): void => {
    const port = this.#port;
    const state = port.state();
    if (!isLive(state)) return;
    this.#resumeTo = state === 'loading' ? null : state;
    const error = makeError(
      'offline',
      `the browser stayed offline for ${Math.round(Connectivity.graceMs / 1000)} s while the flow was running`,
    );
    port.send({ type: 'fail', error }, this.#resumeTo !== null);
  };

  readonly #onOnline = (): void => {
    const port = this.#port;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    port.banner(false);
    if (port.state() !== 'error' || port.error()?.code !== 'offline') return;
    const resumeTo = this.#resumeTo;
    this.#resumeTo = null;
    if (resumeTo && port.hasFrame()) port.send({ type: 'resume', state: resumeTo });
    else port.retry();
  };
}
