import { environment } from '../element/environment';
import { warmUp } from '../element/warm-up';
import type { Config } from '../flow/step';
import { INPUTS, type Inputs } from '../element/inputs';
import { endpointOf, hasSession, resolveFrame, type ResolvedFrame } from './resolve';

/**
 * When and how the inputs are read. Inputs given together — the attributes of the markup, or properties
 * set in one task, in any order — are read together, once, at the end of the task (`queue`). `read` turns
 * the inputs into the data `flow/step.ts` decides with: the resolved frame (or why there is none), the
 * configuration's key, the endpoint; comparing it with the running configuration is step's.
 */

/**
 * The inputs whose change means a new session or a new frame configuration, as one comparable string.
 * The token is left out: a new token for the same configuration is handed to the running frame where the
 * protocol allows it. (Here, not in inputs.ts: the boot chunk never compares configurations.)
 */
export function configKey(inputs: Inputs): string {
  return JSON.stringify(INPUTS.filter((row) => row.config && !row.secret).map((row) => inputs[row.property]));
}

/** A phone-sized or touch-only view (Veriff's protocol asks its frame for the mobile layout). */
export function isMobile(win: Window | null): boolean {
  return typeof win?.matchMedia === 'function' && win.matchMedia('(max-width: 767px), (hover: none)').matches;
}

export class Configuration {
  readonly #host: HTMLElement;
  readonly #report: (event: { type: 'configure' }) => void;
  #queued = false;

  /** Reports `configure` once per batch of input changes. */
  constructor(host: HTMLElement, report: (event: { type: 'configure' }) => void) {
    this.#host = host;
    this.#report = report;
  }

  /** Asks for one pass at the end of this task, however many inputs change meanwhile. */
  queue(): void {
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#report({ type: 'configure' });
    });
  }

  /** `effective`: the inputs with the session endpoint's latest answer over them. */
  read(inputs: Inputs, effective: Inputs, locale: string, modalOpen: boolean): Config<ResolvedFrame> {
    // The boot's environment (the language is resolved already: it stays as it is), and `mobile`.
    const env = environment(this.#host, locale);
    const resolution = resolveFrame(effective, { ...env, mobile: isMobile(this.#host.ownerDocument.defaultView) });
    return {
      resolution,
      // Only a launchable configuration has a key (an invalid one may hold what JSON cannot write).
      key: resolution.kind === 'ok' || resolution.kind === 'needs-session' ? configKey(inputs) : '',
      binding: inputs.sessionEndpoint ? `${inputs.provider} ${inputs.sessionEndpoint}` : '',
      endpoint: endpointOf(inputs, env.baseUrl),
      mode: inputs.mode,
      open: inputs.open,
      session: hasSession(inputs),
      token: inputs.sessionToken,
      modalOpen,
    };
  }

  /** A throwaway frame opening the connection to a frame's origin before the frame is requested (boot's `warmUp`). */
  warmUp(origin: string | undefined): void {
    const root = this.#host.shadowRoot;
    if (origin && root) warmUp(root, origin);
  }
}
