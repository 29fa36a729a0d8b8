import { positiveInteger } from './values';

/**
 * The limit on provider creates per user (per client address under `anonymous: true`). Only creates count: a
 * request answered from a stored session, or one that joins a create under way, costs the host nothing and counts
 * nothing. A create counts when it starts, whether it then succeeds or not (the provider may bill it either way).
 */

export interface LimitHit {
  /** Creates counted in the current window, this one included. */
  count: number;
  /** When the current window ends, in ms since the epoch. */
  resetAtMs: number;
}

/**
 * Where the counts are kept. The window of a key starts at its first create and lasts `windowMs`; `hit` counts one
 * create and must be atomic (two instances counting at once both see their own increment).
 */
export interface LimitStore {
  hit(key: string, windowMs: number): Promise<LimitHit>;
}

export interface LimitOptions {
  /** Provider creates allowed per user (or client address) per window (default 10). */
  max?: number;
  /** The window, in ms from the key's first create (default one hour). */
  windowMs?: number;
  /** Default: in memory (one process). Several instances share one: `redisLimitStore` or your own. */
  store?: LimitStore;
}

/**
 * Ten creates an hour. One verification needs one create; the widget asks again with `refresh: true` each time the
 * provider's session or token expires (Sumsub's tokens live 10 minutes here, so a slow half hour needs three), and a
 * person who starts over after an error needs another. Reloads, other tabs and retries get the stored session and
 * count nothing. Ten leaves about three times the most an honest person needs, and holds a signed-in account that
 * scripts the endpoint to ten billable sessions an hour.
 */
export const DEFAULT_LIMIT = Object.freeze({ max: 10, windowMs: 3_600_000 });

export interface Limit {
  /** Counts one create for `key`: null when allowed, or the seconds until the window ends when over the limit. */
  take(key: string): Promise<number | null>;
}

export function createLimit(options: LimitOptions = {}): Limit {
  const max = positiveInteger(options.max, DEFAULT_LIMIT.max, 'limit.max');
  const windowMs = positiveInteger(options.windowMs, DEFAULT_LIMIT.windowMs, 'limit.windowMs');
  if (max < 1 || windowMs < 1)
    throw new TypeError('createSessionHandler: limit.max and limit.windowMs must be at least 1');
  const store = options.store ?? memoryLimitStore();
  if (typeof store.hit !== 'function')
    throw new TypeError('createSessionHandler: limit.store must have hit(key, windowMs)');
  return {
    async take(key) {
      const { count, resetAtMs } = await store.hit(key, windowMs);
      if (count <= max) return null;
      return Math.max(1, Math.ceil((resetAtMs - Date.now()) / 1000));
    },
  };
}

/**
 * Counts in memory, for one process: at most `maxKeys` keys (default 100 000); past that, windows that have ended
 * go first, then the oldest.
 */
export function memoryLimitStore(maxKeys = 100_000, now: () => number = Date.now): LimitStore {
  const windows = new Map<string, LimitHit>();
  return {
    hit(key, windowMs) {
      const time = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAtMs <= time) {
        windows.delete(key);
        entry = { count: 0, resetAtMs: time + windowMs };
        windows.set(key, entry);
        if (windows.size > maxKeys) prune(windows, time, maxKeys);
      }
      entry.count++;
      return Promise.resolve({ ...entry });
    },
  };
}

function prune(windows: Map<string, LimitHit>, time: number, maxKeys: number): void {
  for (const [key, entry] of windows) if (entry.resetAtMs <= time) windows.delete(key);
  for (const key of windows.keys()) {
    if (windows.size <= maxKeys) break;
    windows.delete(key);
  }
}
