import { configKey, type Inputs } from './inputs';
import { endpointOf, resolveFrame, type Resolution } from './resolve';

/**
 * When and how the inputs become a frame. Inputs given together — the attributes of the markup, or
 * properties set in one task, in any order — are resolved together, once, at the end of the task. A pass
 * compares the new configuration with the running one: only a real change restarts the flow.
 */

/** What a configuration pass found, for the controller to act on. */
export type Change =
  | { kind: 'idle' }
  /** `repeated`: the same invalid inputs as last time (already reported). */
  | { kind: 'invalid'; message: string; repeated: boolean }
  | { kind: 'same' }
  /** Same configuration, another token: hand it to the running frame where the protocol allows. */
  | { kind: 'token'; token: string }
  | { kind: 'launch'; fresh: boolean };

const PRECONNECTED = new Set<string>();

export class Configuration {
  readonly #host: HTMLElement;
  readonly #pass: () => void;
  #queued = false;
  #key = '';

  /** `pass` runs once per batch of input changes. */
  constructor(host: HTMLElement, pass: () => void) {
    this.#host = host;
    this.#pass = pass;
  }

  /** Asks for one pass at the end of this task, however many inputs change meanwhile. */
  queue(): void {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#pass();
    });
  }

  /** The boot launched for the inputs whose configKey is `key` (boot/boot.ts): an unchanged pass is "same". */
  adopt(key: string): void {
    this.#key = key;
  }

  /** The frame is gone (the element left the page): whatever the configuration, the next pass loads it. */
  forget(): void {
    this.#key = '';
  }

  resolve(inputs: Inputs, locale: string): Resolution {
    const doc = this.#host.ownerDocument;
    const win = doc.defaultView;
    const ancestors = win && win !== win.top ? [...(win.location.ancestorOrigins ?? [])] : [];
    const mobile = typeof win?.matchMedia === 'function' && win.matchMedia('(max-width: 767px), (hover: none)').matches;
    return resolveFrame(inputs, {
      locale,
      hostOrigin: win?.location.origin ?? '',
      baseUrl: doc.baseURI,
      ancestors,
      mobile,
    });
  }

  endpoint(inputs: Inputs): URL | undefined {
    return endpointOf(inputs, this.#host.ownerDocument.baseURI);
  }

  /** Compares the resolution with the running configuration and remembers it. */
  change(resolution: Resolution, inputs: Inputs, runningToken: string | undefined): Change {
    if (resolution.kind === 'idle') {
      this.#key = 'idle';
      return { kind: 'idle' };
    }
    if (resolution.kind === 'invalid') {
      const key = `invalid ${resolution.message}`;
      const repeated = key === this.#key;
      this.#key = key;
      return { kind: 'invalid', message: resolution.message, repeated };
    }
    const key = configKey(inputs);
    if (key === this.#key) {
      const token = resolution.kind === 'ok' ? resolution.frame.context.sessionToken : inputs.sessionToken;
      if (token === runningToken) return { kind: 'same' };
      return token ? { kind: 'token', token } : { kind: 'launch', fresh: false };
    }
    this.#key = key;
    return { kind: 'launch', fresh: true };
  }

  /** A hint to open the connection to a frame's origin before the frame is requested (a closed modal). */
  preconnect(url: URL): void {
    const doc = this.#host.ownerDocument;
    if (PRECONNECTED.has(url.origin) || !doc.head) return;
    PRECONNECTED.add(url.origin);
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = url.origin;
    doc.head.append(link);
  }
}
