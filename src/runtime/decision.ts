import type { ResolvedFrame } from '../element/resolve';
import type { Event } from '../flow/model';
import { lookForDecision, watchDecision, type DecisionQuery } from './decision-client';

/**
 * The decision endpoint, as a part that only reports (README "Server-confirmed decision"): it looks, or watches,
 * when the runtime says so, and reports the decision or that there is none, tagged with the watch's id. One watch at
 * a time; a new one, or `stop` (the element left the page, the decision is known otherwise), aborts the one under
 * way, so its connection closes. When to ask, and what a decision does to the flow, are flow/decisions.ts's.
 */

export type DecisionReport = Extract<Event<ResolvedFrame>, { type: 'decision' | 'undecided' | 'decision-late' }>;

/**
 * How long the person is asked to wait on "checking your result" before the screen says the result will follow (the
 * watch goes on). A provider's automatic checks and its webhook usually take seconds; a manual review takes longer.
 */
export const PATIENCE_MS = 20_000;

/** The patience timer: the browser's, or a test's clock (`setDecisionClock`). */
export interface DecisionClock {
  patienceMs: number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_CLOCK: DecisionClock = {
  patienceMs: PATIENCE_MS,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
let clock = REAL_CLOCK;

/** Tests only: the clock the patience timers of watches started from now on use (no argument: the browser's). */
export function setDecisionClock(next?: DecisionClock): void {
  clock = next ?? REAL_CLOCK;
}

export class DecisionWatch {
  readonly #report: (event: DecisionReport) => void;
  #abort: AbortController | null = null;
  #patience: { clock: DecisionClock; handle: unknown } | null = null;

  constructor(report: (event: DecisionReport) => void) {
    this.#report = report;
  }

  /**
   * `once`: one JSON look; else watching until the endpoint says, or the time runs out. A watch reports once that
   * it is late (`decision-late`): at its first failed try, or when the person has waited `PATIENCE_MS`.
   */
  watch(endpoint: URL, query: DecisionQuery, watch: number, once: boolean): void {
    this.stop();
    const abort = new AbortController();
    this.#abort = abort;
    let late = false;
    const lateBy = (note: string) => {
      if (late || abort.signal.aborted) return;
      late = true;
      this.#stopPatience();
      this.#report({ type: 'decision-late', watch, note });
    };
    if (!once) {
      const now = clock;
      const handle = now.setTimeout(() => lateBy(`no decision within ${now.patienceMs / 1000} s`), now.patienceMs);
      this.#patience = { clock: now, handle };
    }
    const asked = once
      ? lookForDecision(endpoint, query, { signal: abort.signal })
      : watchDecision(endpoint, query, { signal: abort.signal, onFailure: (note) => lateBy(note) });
    asked.then(
      (found) => {
        if (abort.signal.aborted) return;
        this.#stopPatience();
        this.#abort = null;
        if (found) this.#report({ type: 'decision', watch, ...found });
        else this.#report({ type: 'undecided', watch, note: once ? 'no decision yet' : 'no decision in time' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        this.#stopPatience();
        this.#abort = null;
        this.#report({ type: 'undecided', watch, note: (error as Error)?.message ?? String(error) });
      },
    );
  }

  stop(): void {
    this.#stopPatience();
    this.#abort?.abort();
    this.#abort = null;
  }

  #stopPatience(): void {
    if (this.#patience) this.#patience.clock.clearTimeout(this.#patience.handle);
    this.#patience = null;
  }
}
