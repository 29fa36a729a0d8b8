import type { Snapshot } from '../flow/machine';
import type { FrameBridge } from '../frame/bridge';
import type { SessionAnswer, SessionTry } from '../session/request';
import type { KycEventDetails } from './events';
import type { Inputs } from './inputs';
import type { ResolvedFrame } from './resolve';
import type { Skeleton } from './skeleton';

/**
 * The seam between the element (this folder, the first chunk) and its runtime (runtime/, loaded by the entry):
 * interfaces only, so that nothing here imports the runtime. The entry (index.ts) says how the runtime is loaded.
 */

type LastError = KycEventDetails['kyc-error'];

/** What the element keeps of its runtime's controller, or of the stand-in in its place. */
export interface Stand {
  readonly snapshot: Snapshot;
  readonly lastError: LastError | null;
  connect(): void;
  disconnect(): void;
  inputChanged(property: keyof Inputs, config: boolean): void;
  start(): void;
  retry(): void;
  cancel(): void;
}

/** What the controller needs from its element, without making any of it public API. */
export interface HostPort {
  readonly inputs: Inputs;
  /** Sets the `open` property (and attribute), as the person or start() did. */
  setOpen(open: boolean): void;
}

/** The stand-in's parts and state, as the runtime reads them when it takes over. */
export interface Held {
  readonly skeleton: Skeleton;
  readonly bridge: FrameBridge;
  readonly snapshot: Snapshot;
  readonly lastError: LastError | null;
  readonly frame: ResolvedFrame | null;
  readonly requestedAt: number;
  readonly resume: boolean;
  readonly calls: ReadonlyArray<'start' | 'retry' | 'cancel'>;
}

/** What the runtime needs to go on where the stand-in stopped (the controller's `adopt`). */
export interface Handover {
  /** Its skeleton and bridge (the iframe, if any, and the messages the frame said meanwhile), its state. */
  boot: Held;
  /** The inputs the stand-in launched with (null when it did not): the runtime compares their configuration key. */
  launched: Inputs | null;
  /** With a session endpoint: the answer the frame was made from, or the request for the runtime to read. */
  session: { endpoint: URL; answer?: SessionAnswer; sent?: SessionTry } | null;
}

/** The runtime's controller: the element's stand, going on from a hand-over. */
export interface Controller extends Stand {
  adopt(handover: Handover, connected: boolean): void;
}

/** The runtime chunk's module, as the element uses it. */
export interface Runtime {
  WidgetController: new (host: HTMLElement, port: HostPort, shadow: ShadowRoot, handover?: Handover) => Controller;
}

/** Makes the element's controller from the runtime's module, going on from the stand-in's hand-over. */
export type Create = (runtime: Runtime, handover: Handover) => Controller;

let runtime: Runtime | undefined;
let loading: Promise<Runtime> | undefined;

/** The runtime, if it is here (then every element uses it at once). */
export const runtimeNow = (): Runtime | undefined => runtime;

/**
 * How the runtime chunk is fetched: set by the entry (index.ts), which alone imports the runtime; the browser tests
 * delay it, or make it fail (test/browser/boot.test.ts).
 */
export const runtimeLoader: { load: () => Promise<Runtime> } = {
  load: () => Promise.reject(new Error('kyc-widget: no runtime loader (import the element through the package entry)')),
};

/** Tests only: the next element starts on the stand-in again, as on a fresh page. */
export function forgetRuntime(): void {
  runtime = loading = undefined;
}

/** Fetches the runtime chunk once; a failed fetch may be tried again. */
export function loadRuntime(): Promise<Runtime> {
  loading ??= runtimeLoader.load().then(
    (module) => (runtime = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
