import { environment } from '../element/environment';
import { retire, warmUp } from '../element/warm-up';
import type { Config } from '../flow/model';
import { batched } from '../element/batch';
import { PROBLEM_ATTRIBUTE } from '../frame/capture';
import { Problem } from '../frame/problem';
import { configKey, InvalidJson, type Inputs } from '../element/inputs';
import {
  bindingOf,
  decisionEndpointOf,
  endpointOf,
  hasSession,
  resolveFrame,
  type ResolvedFrame,
} from '../element/resolve';
import { say } from './problems';

/**
 * When and how the inputs are read. Inputs given together — the attributes of the markup, or properties
 * set in one task, in any order — are read together, once, at the end of the task (`queue`). `read` turns
 * the inputs into the data `flow/step.ts` decides with: the resolved frame (or why there is none), the
 * configuration's key, the endpoint; comparing it with the running configuration is step's.
 */

export class Configuration {
  readonly #host: HTMLElement;
  readonly #report: (event: { type: 'configure' }) => void;
  #warm: HTMLIFrameElement | null = null;
  /**
   * Why the server refused to frame the inputs it rendered (frame/capture.ts), and those inputs: it holds while they
   * do (a new input, a token set by script included, is a new configuration).
   */
  #refused: { problem: Problem; inputs: string } | null | undefined;
  /** Asks for one pass at the end of this task, however many inputs change meanwhile. */
  readonly queue: () => void;

  /** Reports `configure` once per batch of input changes. */
  constructor(host: HTMLElement, report: (event: { type: 'configure' }) => void) {
    this.#host = host;
    this.#report = report;
    this.queue = batched(() => this.#report({ type: 'configure' }));
  }

  /** `effective`: the inputs with the session endpoint's latest answer over them. */
  read(inputs: Inputs, effective: Inputs, locale: string, modalOpen: boolean): Config<ResolvedFrame> {
    // The language is resolved already: it stays as it is.
    const env = environment(this.#host, locale);
    let resolved = resolveFrame(effective, env);
    if (this.#refused === undefined) {
      const problem = refusal(this.#host.getAttribute(PROBLEM_ATTRIBUTE));
      this.#host.removeAttribute(PROBLEM_ATTRIBUTE);
      this.#refused = problem ? { problem, inputs: stamp(inputs) } : null;
    }
    if (this.#refused) {
      if (this.#refused.inputs !== stamp(inputs)) this.#refused = null;
      // The element's own reading of a refused render wins where it finds a problem too (its words are exact).
      else if (resolved.kind !== 'invalid') resolved = { kind: 'invalid', problem: this.#refused.problem };
    }
    const resolution =
      resolved.kind === 'invalid' ? { kind: 'invalid' as const, message: say(resolved.problem) } : resolved;
    return {
      resolution,
      // Only a launchable configuration has a key (an invalid one may hold what JSON cannot write).
      key: resolution.kind === 'ok' || resolution.kind === 'needs-session' ? configKey(inputs) : '',
      binding: bindingOf(inputs),
      endpoint: endpointOf(inputs, env.baseUrl),
      decisions: decisionEndpointOf(inputs, env.baseUrl),
      decision: inputs.decision,
      mode: inputs.mode,
      open: inputs.open,
      session: hasSession(inputs),
      token: inputs.sessionToken,
      modalOpen,
      ...(inputs.provider === 'auto' ? { auto: true } : {}),
    };
  }

  /** A throwaway frame opening the connection to a frame's origin before the frame is requested (`warmUp`). */
  warmUp(origin: string | undefined): void {
    const root = this.#host.shadowRoot;
    if (!origin || !root) return;
    this.coolDown();
    this.#warm = warmUp(root, origin);
  }

  /** The stand-in's warm-up frame, if it is still warming: it goes when the frame is requested. */
  adoptWarm(frame: HTMLIFrameElement | null): void {
    this.#warm = frame;
  }

  /**
   * The frame is being requested (or the flow stopped): the warm-up frame has done its work, at once or when
   * `frame`, the real one, has loaded (`retire`).
   */
  coolDown(frame?: HTMLIFrameElement | null): void {
    retire(this.#warm, frame);
    this.#warm = null;
  }
}

/** The server's refusal, `[code, at, got]` (kyc-widget/server renderKycWidget), or undefined. */
function refusal(text: string | null): Problem | undefined {
  try {
    const [code, at, got] = JSON.parse(text ?? '') as unknown[];
    return typeof code === 'string' && typeof at === 'string' ? new Problem(code, at, got) : undefined;
  } catch {
    return undefined;
  }
}

/** The inputs as one string, the token included (options that JSON cannot write are never the rendered ones). */
function stamp(inputs: Inputs): string {
  return inputs.options instanceof InvalidJson ? '' : JSON.stringify([configKey(inputs), inputs.sessionToken ?? null]);
}
