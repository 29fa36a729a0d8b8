import type { SessionTry } from '../session/request';
import type { Event } from '../flow/model';
import { fetchSession, SessionFetchError, type SessionAnswer, type SessionRequest } from './session-client';
import type { ResolvedFrame } from '../element/resolve';

/**
 * The session endpoint, as a part that only reports (README "Sessions from your backend"): it asks when
 * the runtime says so and reports the answer or the failure, tagged with the request's id. It keeps only the
 * mechanism: the one request in flight (a second ask joins it), stopping it, and the stand-in's request, sent
 * while the runtime downloaded (element/stand-in.ts), read as the first try. Whether to ask, with `refresh`, the
 * latest answer (the model's), and what an answer means (a frame, a token for the running frame, a reload) are
 * decided in flow/sessions.ts.
 */

/** What the part reports; the runtime adds the configuration an answer is read with. */
export type SessionReport =
  | Omit<Extract<Event<ResolvedFrame>, { type: 'session' }>, 'config'>
  | Extract<Event<ResolvedFrame>, { type: 'session-error' }>;

export class Renewal {
  readonly #report: (event: SessionReport) => void;
  #inFlight: Promise<SessionAnswer> | null = null;
  #abort: AbortController | null = null;
  /** The stand-in's request, already sent: the first try of the fetch that says `first`. */
  #firstTry: SessionTry | undefined;
  /** Bumped by abort: a request whose turn comes after it is never sent, and an answer that arrives after it is not reported. */
  #generation = 0;

  constructor(report: (event: SessionReport) => void) {
    this.#report = report;
  }

  /** The stand-in's request (element/handover.ts `Handover.session.sent`). */
  adopt(sent: SessionTry | undefined): void {
    this.#firstTry = sent;
  }

  /** Asks the endpoint (or joins the request under way), then reports; `first`: the stand-in's request is its first try. */
  fetch(endpoint: URL, body: SessionRequest, request: number, first = false): void {
    const sent = first ? this.#firstTry : undefined;
    this.#firstTry = undefined;
    const generation = this.#generation;
    const stopped = () => {
      if (generation !== this.#generation)
        throw new DOMException(
          'the request was stopped: the element left the page, or the endpoint changed',
          'AbortError',
        );
    };
    Promise.resolve()
      .then(() => {
        stopped();
        return this.#request(endpoint, body, sent);
      })
      .then((answer) => {
        stopped();
        return answer;
      })
      .then(
        (answer) => this.#report({ type: 'session', request, answer, now: Date.now() }),
        (error: unknown) =>
          this.#report({
            type: 'session-error',
            request,
            message: (error as Error)?.message ?? String(error),
            ...(error instanceof SessionFetchError ? error.word : {}),
          }),
      );
  }

  /** The one request in flight: a second ask while one is under way gets its answer (never two at once). */
  #request(endpoint: URL, body: SessionRequest, first?: SessionTry): Promise<SessionAnswer> {
    if (this.#inFlight) return this.#inFlight;
    const abort = new AbortController();
    this.#abort = abort;
    const request = fetchSession(endpoint, body, { signal: abort.signal, first }).finally(() => {
      if (this.#inFlight === request) this.#inFlight = null;
    });
    this.#inFlight = request;
    return request;
  }

  /** The element left the page, or the endpoint changed: stop the request. */
  abort(): void {
    this.#generation++;
    this.#abort?.abort();
    this.#abort = null;
    this.#inFlight = null;
  }
}
