import { makeError, type KycErrorInfo } from '../flow/errors';
import { isLive, type KycState } from '../flow/machine';
import type { SessionTry } from '../boot/session';
import type { SessionAnswer } from '../session/client';
import { SessionSource, type SessionInputs } from '../session/source';
import type { Attempt } from './attempt';

/**
 * Sessions and tokens over an attempt's life (README "Sessions from your backend"). With a `session-endpoint`: asking for a
 * session before the frame, and renewing it when the provider says it expired. Without one: reporting the
 * expiry and handing the host's next `sessionToken` to a frame that can take it. The HTTP client is a lazy
 * chunk, loaded on the first request; pages without an endpoint never fetch it.
 */

export interface RenewalPort {
  /** The element's inputs as they are now. */
  inputs(): SessionInputs;
  /** The host's session endpoint, resolved against the page, if it gave one. */
  endpoint(): URL | undefined;
  state(): KycState;
  /** The request's `locale`. */
  locale(): string;
  /** False once the element left the page: a request answered after that is dropped. */
  connected(): boolean;
  /** Runs `ok` or `failed` in the element's queue when `promise` settles, if the flow is still on the attempt that asked. */
  whileCurrent<T>(promise: Promise<T>, ok: (value: T) => void, failed: (message: string) => void, live?: boolean): void;
  /** Begins a frame with what the inputs and the endpoint's latest answer resolve to now. */
  begin(how: 'start' | 'reload'): void;
  /** `keepFrame`: the frame stays loaded behind the error screen. */
  fail(error: KycErrorInfo, keepFrame?: boolean): void;
  /** A new token reached a frame that was waiting for one: back to where the flow stopped. */
  resume(state: KycState): void;
}

export class Renewal {
  readonly #port: RenewalPort;
  readonly #attempt: Attempt;
  #source: SessionSource | null = null;

  constructor(attempt: Attempt, port: RenewalPort) {
    this.#attempt = attempt;
    this.#port = port;
  }

  /** Renewing failed: the next start asks the endpoint with `refresh: true` before loading a frame. */
  get stale(): boolean {
    return this.#source?.stale ?? false;
  }

  /** The inputs as the frame should see them: the endpoint's latest answer wins over the markup. */
  effective<T extends SessionInputs>(inputs: T): T {
    if (!this.#source) return inputs;
    this.#source.bind(inputs);
    return this.#source.overlay(inputs);
  }

  /**
   * A session for a flow that has none yet (or whose last one went stale), then a frame. An answer whose
   * `expiresAt` has already passed is asked for again, once, with `refresh: true` before the frame loads.
   */
  fetch(endpoint: URL, first?: SessionTry): void {
    const session = this.#ask(endpoint, this.stale, first).then((answer) =>
      isPast(answer.expiresAt) ? this.#ask(endpoint, true) : answer,
    );
    this.#port.whileCurrent(
      session,
      () => this.#port.begin('start'),
      (message) => this.#port.fail(makeError('session-fetch-failed', message)),
    );
  }

  /**
   * The provider said the session or token expired. With a session endpoint, renew it. Without one, report
   * it; a frame that can take a token stays loaded behind the error screen, and a new `sessionToken` from
   * the host resumes the flow where it was (see handOver).
   */
  expired(error: KycErrorInfo): void {
    const endpoint = this.#port.endpoint();
    if (endpoint) return this.#renew(endpoint);
    const state = this.#port.state();
    const { takesTokens } = this.#attempt;
    this.#port.fail(error, takesTokens);
    if (takesTokens) this.#attempt.awaitToken(state === 'loading' ? 'ready' : state);
  }

  /** A new token from the host for a frame that can take it: the flow goes on, or resumes where it stopped. */
  handOver(token: string): boolean {
    const attempt = this.#attempt;
    const resumeTo = attempt.awaiting;
    if (!attempt.takesTokens || (!resumeTo && !isLive(this.#port.state()))) return false;
    attempt.handOver(token);
    if (resumeTo) this.#port.resume(resumeTo);
    return true;
  }

  /**
   * Mid-flow: ask again (`refresh: true`), then hand the new token to the running frame where its protocol
   * can take one, else reload the frame with the new session. The flow's state does not change meanwhile.
   */
  #renew(endpoint: URL): void {
    const attempt = this.#attempt;
    const { takesTokens, frame } = attempt;
    const ok = (answer: SessionAnswer) => {
      if (answer.sessionToken && takesTokens && frame === attempt.frame) attempt.handOver(answer.sessionToken);
      else this.#port.begin('reload');
    };
    const failed = (reason: string) => {
      const message = `the session expired and the endpoint could not renew it: ${reason}`;
      attempt.handOver(null, message);
      if (this.#source) this.#source.stale = true;
      this.#port.fail(makeError('session-expired', message, { recoverable: true }));
    };
    this.#port.whileCurrent(this.#ask(endpoint, true), ok, failed, true);
  }

  abort(): void {
    this.#source?.abort();
  }

  /** The session the boot's frame was made from (boot/boot.ts), as if this renewal had asked for it. */
  adopt(answer: SessionAnswer): void {
    this.#source ??= new SessionSource();
    this.#source.adopt(this.#port.inputs(), answer);
  }

  /** Asks the endpoint (or joins the request under way); `first`: the boot's request, read as the first try. */
  #ask(endpoint: URL, refresh: boolean, first?: SessionTry): Promise<SessionAnswer> {
    const inputs = this.#port.inputs();
    const body = { provider: inputs.provider, locale: this.#port.locale(), refresh };
    return Promise.resolve().then(() => {
      if (!this.#port.connected()) throw new DOMException('the element left the page', 'AbortError');
      this.#source ??= new SessionSource();
      this.#source.bind(this.#port.inputs());
      return this.#source.request(endpoint, body, first);
    });
  }
}

function isPast(expiresAt: string | undefined): boolean {
  return expiresAt !== undefined && Date.parse(expiresAt) <= Date.now();
}
