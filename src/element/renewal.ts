import type { Event } from '../flow/step';
import type { SessionInputs, SessionSource } from '../session/source';
import type { ResolvedFrame } from './resolve';

/**
 * The session endpoint, as a part that only reports (README "Sessions from your backend"): it asks when
 * the runtime says so and reports the answer or the failure, tagged with the request's id. Whether to ask,
 * with `refresh`, and what an answer means (a frame, a token for the running frame, a reload) is decided
 * in `flow/step.ts`. The HTTP client is a lazy chunk, loaded on the first request: pages without an
 * endpoint never fetch it.
 */

/** What the part reports; the runtime adds the configuration an answer is read with. */
export type SessionReport =
  | { type: 'session'; request: number; answer: { sessionToken?: string; expiresAt?: string }; now: number }
  | Extract<Event<ResolvedFrame>, { type: 'session-failed' }>;

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

  /** Asks the endpoint (or joins the request under way), then reports. */
  fetch(
    endpoint: URL,
    inputs: SessionInputs,
    body: { provider: string; locale: string; refresh: boolean },
    request: number,
  ): void {
    const generation = this.#generation;
    import('../session/source')
      .then(({ SessionSource }) => {
        if (generation !== this.#generation) throw new DOMException('the element left the page', 'AbortError');
        this.#source ??= new SessionSource();
        this.#source.bind(inputs);
        return this.#source.request(endpoint, body);
      })
      .then(
        (answer) => this.#report({ type: 'session', request, answer, now: Date.now() }),
        (error: unknown) =>
          this.#report({ type: 'session-failed', request, message: (error as Error)?.message ?? String(error) }),
      );
  }

  abort(): void {
    this.#generation++;
    this.#source?.abort();
  }
}
