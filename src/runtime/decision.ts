import type { ResolvedFrame } from '../element/resolve';
import type { Event } from '../flow/model';
import { lookForDecision, watchDecision, type DecisionQuery } from './decision-client';

/**
 * The decision endpoint, as a part that only reports (README "Server-confirmed decision"): it looks, or watches,
 * when the runtime says so, and reports the decision or that there is none, tagged with the watch's id. One watch at
 * a time; a new one, or `stop` (the element left the page, the decision is known otherwise), aborts the one under
 * way, so its connection closes. When to ask, and what a decision does to the flow, are flow/decisions.ts's.
 */

export type DecisionReport =
  Extract<Event<ResolvedFrame>, { type: 'decision' }> | Extract<Event<ResolvedFrame>, { type: 'undecided' }>;

export class DecisionWatch {
  readonly #report: (event: DecisionReport) => void;
  #abort: AbortController | null = null;

  constructor(report: (event: DecisionReport) => void) {
    this.#report = report;
  }

  /** `once`: one JSON look; else watching until the endpoint says, or the time runs out. */
  watch(endpoint: URL, query: DecisionQuery, watch: number, once: boolean): void {
    this.stop();
    const abort = new AbortController();
    this.#abort = abort;
    const asked = once
      ? lookForDecision(endpoint, query, { signal: abort.signal })
      : watchDecision(endpoint, query, { signal: abort.signal });
    asked.then(
      (found) => {
        if (abort.signal.aborted) return;
        this.#abort = null;
        if (found) this.#report({ type: 'decision', watch, ...found });
        else this.#report({ type: 'undecided', watch, note: once ? 'no decision yet' : 'no decision in time' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        this.#abort = null;
        this.#report({ type: 'undecided', watch, note: (error as Error)?.message ?? String(error) });
      },
    );
  }

  stop(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}
