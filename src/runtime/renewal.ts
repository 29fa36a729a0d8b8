import type { SessionTry } from '../session/request';
import type { Event } from '../flow/step';
import { SessionSource, type SessionInputs } from './session-source';
import type { ResolvedFrame } from '../element/resolve';

/**
 * The session endpoint, as a part that only reports (README "Sessions from your backend"): it asks when
 * the runtime says so and reports the answer or the failure, tagged with the request's id. Whether to ask,
 * with `refresh`, and what an answer means (a frame, a token for the running frame, a reload) is decided
 * in `flow/step.ts`. With a session endpoint, the boot chunk sends the first request while the runtime
 * downloads (boot/boot.ts): it is read here as the first try.
 */

/** What the part reports; the runtime adds the configuration an answer is read with. */
export type SessionReport =
  | { type: 'session'; request: number; answer: { sessionToken?: string; expiresAt?: string }; now: number }
  | Extract<Event<ResolvedFrame>, { type: 'session-error' }>;

export class Renewal {
  readonly #report: (event: SessionReport) => void;
  #source: SessionSource | null = null;
  /** Bumped by abort: a request whose chunk arrives after the element left is never sent. */
  #generation = 0;

  constructor(report: (event: SessionReport) => void) {
    this.#report = report;
  }

  /** The inputs as the frame should see them: the endpoint's latest answer wins over the markup. */
  effective<T extends SessionInputs>(inputs: T): T {
    if (!this.#source) return inputs;
    this.#source.bind(inputs);
    return this.#source.overlay(inputs);
  }

  /** The session the boot's frame was made from (boot/boot.ts), as if this part had asked for it. */
  adopt(inputs: SessionInputs, answer: { sessionUrl?: string; sessionToken?: string; provider?: string }): void {
    this.#source ??= new SessionSource();
    this.#source.adopt(inputs, answer);
  }

  /** Asks the endpoint (or joins the request under way), then reports; `first`: the boot's request, read as the first try. */
  fetch(
    endpoint: URL,
    inputs: SessionInputs,
    body: { provider: string; locale: string; refresh: boolean },
    request: number,
    first?: SessionTry,
  ): void {
    const generation = this.#generation;
    Promise.resolve()
      .then(() => {
        if (generation !== this.#generation) throw new DOMException('the element left the page', 'AbortError');
        this.#source ??= new SessionSource();
        this.#source.bind(inputs);
        return this.#source.request(endpoint, body, first);
      })
      .then(
        (answer) => this.#report({ type: 'session', request, answer, now: Date.now() }),
        (error: unknown) =>
          this.#report({ type: 'session-error', request, message: (error as Error)?.message ?? String(error) }),
      );
  }

  abort(): void {
    this.#generation++;
    this.#source?.abort();
  }
}
