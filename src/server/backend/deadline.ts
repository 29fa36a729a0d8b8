/**
 * Every store call with a deadline. A store that accepts connections and never answers (a partitioned database, a
 * full pool) must not hold requests open: each call here gives up after `timeoutMs` with StoreUnavailable, which the
 * routes answer 503 with Retry-After. Giving up does not cancel the call (a driver's own timeouts do that: the pool
 * settings in docs/server.md); a write that lands after its deadline is one the provider's retry finds recorded.
 */
import { StoreUnavailable } from '../errors';
import type { SessionStore } from '../reuse';
import type { AttemptEnd } from './attempts';
import type { BreakerStore } from './breaker';
import type { KycStore } from './store';

/** `call()`, or StoreUnavailable once `timeoutMs` has passed without an answer. */
export function within<T>(operation: string, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StoreUnavailable(operation, timeoutMs)), timeoutMs);
    Promise.resolve()
      .then(call)
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
  });
}

/** The same store, each call of which answers within `timeoutMs` or fails with StoreUnavailable. */
export function withDeadlines(store: KycStore, timeoutMs: number): KycStore {
  const sessions = store.openSessions;
  const openSessions: SessionStore = {
    get: (key) => within('openSessions.get', timeoutMs, () => sessions.get(key)),
    set: (key, value, ttlMs) => within('openSessions.set', timeoutMs, () => sessions.set(key, value, ttlMs)),
    delete: (key) => within('openSessions.delete', timeoutMs, () => sessions.delete(key)),
    ...(sessions.claim && {
      claim: (key: string, ttlMs: number) => within('openSessions.claim', timeoutMs, () => sessions.claim!(key, ttlMs)),
    }),
    ...(sessions.release && {
      release: (key: string) => within('openSessions.release', timeoutMs, () => sessions.release!(key)),
    }),
  };
  return {
    bind: (binding) => within('bind', timeoutMs, () => store.bind(binding)),
    record: (event) => within('record', timeoutMs, () => store.record(event)),
    current: (query) => within('current', timeoutMs, () => store.current(query)),
    latest: (userId) => within('latest', timeoutMs, () => store.latest(userId)),
    hit: (key, windowMs) => within('hit', timeoutMs, () => store.hit(key, windowMs)),
    ...(store.claimHandling && {
      claimHandling: (provider: string, eventId: string, leaseMs: number) =>
        within('claimHandling', timeoutMs, () => store.claimHandling!(provider, eventId, leaseMs)),
    }),
    ...(store.handled && {
      handled: (provider: string, eventId: string) =>
        within('handled', timeoutMs, () => store.handled!(provider, eventId)),
    }),
    ...(store.unhandled && {
      unhandled: (leaseMs: number, limit: number) =>
        within('unhandled', timeoutMs, () => store.unhandled!(leaseMs, limit)),
    }),
    ...(store.breaker && store.breakers && breakerWithDeadlines(store as BreakerStore, timeoutMs)),
    ...(store.attemptEnded && {
      attemptEnded: (end: AttemptEnd) => within('attemptEnded', timeoutMs, () => store.attemptEnded!(end)),
    }),
    ...(store.attempts && {
      attempts: (userId: string) => within('attempts', timeoutMs, () => store.attempts!(userId)),
    }),
    subscribe: (listener) => store.subscribe(listener),
    openSessions,
    close: () => store.close(),
  };
}

/** The breaker's rows, each call of which answers within `timeoutMs` or fails with StoreUnavailable. */
export function breakerWithDeadlines(store: BreakerStore, timeoutMs: number): BreakerStore {
  return {
    breaker: (provider, change) => within('breaker', timeoutMs, () => store.breaker(provider, change)),
    breakers: () => within('breakers', timeoutMs, () => store.breakers()),
  };
}
