import type { Decision } from '../flow/events';
import type { Snapshot } from '../flow/machine';
import type { Model } from '../flow/model';
import type { FrameBridge } from '../frame/bridge';
import type { SessionTry } from '../session/request';
import type { KycEventDetails } from './events';
import type { Inputs } from './inputs';
import type { ResolvedFrame } from './resolve';
import type { Skeleton } from './skeleton';

/**
 * The seam between the element (this folder) and its runtime (runtime/, loaded by the entry):
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
  /** Sets the `decision` property, as the decision endpoint said (undefined: it was an earlier attempt's). */
  setDecision(decision: Decision | undefined): void;
}

/**
 * What the runtime takes over from the stand-in: its model (step goes on from it: flow/configuration.ts,
 * `adopted`), the parts that hold what the model says (the skeleton, the bridge with the iframe and what the frame
 * said meanwhile, the session request under way, the warm-up frame), and the calls made meanwhile.
 */
export interface Handover {
  readonly model: Model<ResolvedFrame>;
  readonly skeleton: Skeleton;
  /** The bridge holding the stand-in's frame, when it launched one. */
  readonly bridge: FrameBridge | undefined;
  /** `performance.now()` when its frame was requested: the load timer counts from then. */
  readonly requestedAt: number;
  /** The session request the model's `request` is, already sent: the runtime's first try. */
  readonly sent: SessionTry | undefined;
  /** The throwaway frame warming the frame's origin: it goes when the frame is requested. */
  readonly warm: HTMLIFrameElement | null;
  /** start(), retry(), cancel() called before the runtime was here, in order. */
  readonly calls: ReadonlyArray<'start' | 'retry' | 'cancel'>;
  readonly lastError: LastError | null;
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
