import { SessionRefusal, StoreUnavailable } from './errors';

/** The session endpoint's waits, and how it reads a failed create. */

export const WAITED_TOO_LONG = new Error('this request waited its timeoutMs');

const REFUSAL_STATUSES = new Set([400, 401, 403, 404, 409, 422, 429]);

/** A SessionRefusal with one of its documented statuses; any other (a 200 with an error body…) is a failure: 502. */
export function isRefusal(error: unknown): error is SessionRefusal {
  return (
    error instanceof SessionRefusal &&
    REFUSAL_STATUSES.has(error.status) &&
    typeof error.code === 'string' &&
    typeof error.message === 'string'
  );
}

/**
 * Waits for a shared create on this request's behalf only: its timeout or its client going away ends this wait,
 * never the create, which other requests may be waiting on too.
 */
export function waitAtMost<T>(shared: Promise<T>, ms: number, gone: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settle(() => reject(WAITED_TOO_LONG)), ms);
    const onGone = () => settle(() => reject(WAITED_TOO_LONG));
    const settle = (done: () => void) => {
      clearTimeout(timer);
      gone.removeEventListener('abort', onGone);
      done();
    };
    if (gone.aborted) return onGone();
    gone.addEventListener('abort', onGone, { once: true });
    shared.then(
      (value) => settle(() => resolve(value)),
      (error: unknown) => settle(() => reject(error)),
    );
  });
}

export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Over the limit of creates for the asker (an answer, 429, not a failure of the provider). */
export class LimitReached extends Error {
  constructor(readonly retryAfter: number) {
    super('over the limit of provider creates');
  }
}

/**
 * A create that failed because of the provider (it threw, timed out, answered 5xx or nonsense): routing moves on to
 * the next candidate and the breaker counts it. A refusal (the provider's 4xx), the limit, our store, and this
 * request's own time are answers for the person as they are.
 */
export function failsOver(error: unknown): boolean {
  return !(
    isRefusal(error) ||
    error instanceof LimitReached ||
    error instanceof StoreUnavailable ||
    error === WAITED_TOO_LONG
  );
}
