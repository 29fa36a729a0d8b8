/**
 * The browser's connectivity while a flow runs (SPEC.md error code `offline`): the window's `offline` and
 * `online` events, listened to only while the element is on the page.
 */

export interface ConnectivityPort {
  offline(): void;
  online(): void;
}

export class Connectivity {
  readonly #port: ConnectivityPort;
  #window: Window | null = null;

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
    this.#window?.removeEventListener('offline', this.#onOffline);
    this.#window?.removeEventListener('online', this.#onOnline);
    this.#window = null;
  }

  readonly #onOffline = (): void => this.#port.offline();
  readonly #onOnline = (): void => this.#port.online();
}
