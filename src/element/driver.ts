import { INITIAL, isLive, transition, type Input, type Snapshot } from '../flow/machine';
import { emit, type KycEventDetails, type KycEventName } from './events';
import { serial } from './serial';

/**
 * Drives the flow machine. Every step of the element runs through one serial queue (`run`); every state
 * change goes through `send`, which applies the machine's transition, lets the element enter the new
 * state, then dispatches the machine's events in order, completed with `provider` and `sessionId`.
 */

export type LastError = KycEventDetails['kyc-error'];

export interface DriverPort {
  /** The `provider` input, for every event's detail. */
  provider(): string;
  /** Side effects of entering a state (frame, focus, screens), before its events are dispatched. */
  entered(snapshot: Snapshot, previous: Snapshot, keepFrame: boolean): void;
  /** Debug mode: log each event (details never hold a token). */
  log?(event: string, detail: object): void;
  /** False once the element left the page. */
  connected(): boolean;
}

export class Driver {
  readonly #host: HTMLElement;
  readonly #port: DriverPort;
  #snapshot: Snapshot = INITIAL;
  #lastError: LastError | null = null;
  /** Runs a step of the element after the current one: a host listener calling `retry()` inside an event waits its turn. */
  readonly run = serial();

  constructor(host: HTMLElement, port: DriverPort) {
    this.#host = host;
    this.#port = port;
  }

  get snapshot(): Snapshot {
    return this.#snapshot;
  }

  /** The detail of the last kyc-error, or null. */
  get lastError(): LastError | null {
    return this.#lastError;
  }

  /** The boot's snapshot and last error (boot/boot.ts): the flow goes on from there, nothing is dispatched again. */
  adopt(snapshot: Snapshot, lastError: LastError | null): void {
    this.#snapshot = snapshot;
    this.#lastError = lastError;
  }

  /** `keepFrame`: entering `error` leaves the frame loaded (it waits for a new token). */
  send(input: Input, keepFrame = false): void {
    const previous = this.#snapshot;
    const { snapshot, emits } = transition(previous, input);
    this.#snapshot = snapshot;
    if (snapshot.state !== previous.state) this.#port.entered(snapshot, previous, keepFrame);
    for (const { event, detail } of emits) {
      const full = {
        provider: this.#port.provider(),
        ...(snapshot.sessionId ? { sessionId: snapshot.sessionId } : {}),
        ...detail,
      };
      if (event === 'kyc-error') this.#lastError = full as LastError;
      this.#port.log?.(event, full);
      emit(this.#host, event as KycEventName, full as KycEventDetails[KycEventName]);
    }
  }

  /** Runs `ok` or `failed` in the queue when `promise` settles, if the flow is still on the attempt that asked (and running, with `live`). */
  whileCurrent<T>(promise: Promise<T>, ok: (value: T) => void, failed: (message: string) => void, live = false): void {
    const attempt = this.#snapshot.attempt;
    const current = () =>
      attempt === this.#snapshot.attempt && this.#port.connected() && (!live || isLive(this.#snapshot.state));
    promise.then(
      (value) => this.run(() => current() && ok(value)),
      (error: unknown) => this.run(() => current() && failed((error as Error)?.message ?? String(error))),
    );
  }
}
