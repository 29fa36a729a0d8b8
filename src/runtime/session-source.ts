import type { SessionTry } from '../session/request';
import { fetchSession, type SessionAnswer, type SessionRequest } from './session-client';

/** The inputs a session source reads and overlays: the element's, or any object with these fields. */
export interface SessionInputs {
  provider: string;
  sessionEndpoint?: string;
  sessionUrl?: string;
  sessionToken?: string;
}

/**
 * Where the widget's session comes from when the host gives a `session-endpoint`: the last answer, whether
 * it went stale (the provider said it expired), and the one request allowed in flight. This module and the
 * HTTP client are one lazy chunk: pages without an endpoint never load them.
 */
export class SessionSource {
  #binding = '';
  #answer: SessionAnswer | null = null;
  #inFlight: Promise<SessionAnswer> | null = null;
  #abort: AbortController | null = null;
  /** The provider said the session expired: the next start asks the endpoint with `refresh: true`. */
  stale = false;

  /** Forgets the session when the endpoint (or the provider it serves) changes. */
  bind(inputs: SessionInputs): void {
    const binding = inputs.sessionEndpoint ? `${inputs.provider} ${inputs.sessionEndpoint}` : '';
    if (binding === this.#binding) return;
    this.#binding = binding;
    this.abort();
    this.#answer = null;
    this.stale = false;
  }

  get answer(): SessionAnswer | null {
    return this.#answer;
  }

  /** The inputs as the frame should see them: the endpoint's latest answer wins over the markup. */
  overlay<T extends SessionInputs>(inputs: T): T {
    const answer = this.#answer;
    if (!answer) return inputs;
    return {
      ...inputs,
      provider: answer.provider ?? inputs.provider,
      sessionUrl: answer.sessionUrl ?? inputs.sessionUrl,
      sessionToken: answer.sessionToken ?? inputs.sessionToken,
    };
  }

  /**
   * The boot's answer for these inputs (boot/boot.ts): the session the adopted frame was made from, as if
   * this source had asked for it.
   */
  adopt(inputs: SessionInputs, answer: SessionAnswer): void {
    this.bind(inputs);
    this.#answer = answer;
  }

  /**
   * Asks the endpoint, or joins the request already under way (never two at once). `first`: a request the
   * boot already sent, read as the first try.
   */
  request(endpoint: URL, body: SessionRequest, first?: SessionTry): Promise<SessionAnswer> {
    if (this.#inFlight) return this.#inFlight;
    const abort = new AbortController();
    this.#abort = abort;
    const binding = this.#binding;
    const request = fetchSession(endpoint, body, { signal: abort.signal, first })
      .then((answer) => {
        if (binding === this.#binding && !abort.signal.aborted) {
          this.#answer = answer;
          this.stale = false;
        }
        return answer;
      })
      .finally(() => {
        if (this.#inFlight === request) this.#inFlight = null;
      });
    this.#inFlight = request;
    return request;
  }

  /** The element left the page (or the endpoint changed): stop the request. */
  abort(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#inFlight = null;
  }
}
