import type { SessionProvider, SessionResult } from './session-types';
import { isoDate, isPlainObject, positiveInteger } from './values';

/**
 * Providers charge per session: one user gets one session per provider, however many tabs, reloads, retries and
 * refreshes ask for it. The handler keys what it keeps by the user `authorize` named (under `anonymous: true`, by
 * the client address and the widget's Idempotency-Key, so that only a retry of the same attempt is joined): a
 * session is never handed to another user.
 *
 * - A create under way is joined, by every request of that user, `refresh: true` included.
 * - A session younger than `minAgeMs` is handed to every request, `refresh: true` included: the burst of refreshes
 *   from several tabs that saw the same expiry gets the one new session.
 * - After that, a request without refresh gets the stored session until its `expiresAt` (less `marginMs`) or
 *   `ttlMs`, whichever comes first; a refresh (the provider said the session expired) makes a new one, which then
 *   replaces it.
 */

export interface StoredSession {
  result: SessionResult;
  /** When the provider made it, in ms since the epoch. */
  createdAt: number;
  /** Until when a request without refresh gets it. */
  reuseUntil: number;
  /** After which it must not be used at all (the store may drop it then). */
  expiresAt: number;
}

/** Where sessions are kept between requests. The default is in memory (one process); several instances share one. */
export interface SessionStore {
  get(key: string): Promise<StoredSession | undefined>;
  set(key: string, value: StoredSession, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Optional, for stores shared by several instances: takes the right to create `key`'s session for `ttlMs`, or
   * answers false while another instance holds it (that instance's session is then awaited in the store).
   */
  claim?(key: string, ttlMs: number): Promise<boolean>;
  /** Gives the right back (after a failed create, so that another instance may try at once). */
  release?(key: string): Promise<void>;
}

export interface ReuseOptions {
  store?: SessionStore;
  /** The longest a session is handed out again (default 15 minutes). */
  ttlMs?: number;
  /** Not handed out in its last `marginMs` (default 60 s), so that the person does not start on a dying session. */
  marginMs?: number;
  /**
   * A session younger than this is the answer to a refresh too (default 30 s). Long enough to cover the tabs of one
   * person that see the same expiry; short enough that a refresh after a real expiry waits little for a new session.
   */
  minAgeMs?: number;
}

export const DEFAULT_REUSE = Object.freeze({ ttlMs: 15 * 60_000, marginMs: 60_000, minAgeMs: 30_000 });

export interface Reuse {
  /** The session for `scope` (null: nothing kept nor joined), from what is kept or from `create`. */
  obtain(scope: string | null, asked: Asked, create: () => Promise<SessionResult>): Promise<SessionResult>;
  forget(provider: string, scope: string): Promise<void>;
  /** Whether `scope` has a session with `provider` that a request without refresh would be handed (or one under way). */
  has(provider: SessionProvider, scope: string): Promise<boolean>;
}

/** What the request asks for; `request` is only told to `report`. */
export interface Asked {
  provider: SessionProvider;
  refresh: boolean;
  request: Request;
}

interface Local {
  promise: Promise<SessionResult>;
  /** Set once the create succeeded. */
  createdAt?: number;
  /** The provider's expiry of the session, once made. */
  expires?: number;
}

const MAX_LOCAL = 10_000;

/** How often an instance that could not claim a create looks for the other instance's session. */
const CLAIM_POLL_MS = 50;

export function sessionReuse(
  options: ReuseOptions = {},
  report: (error: unknown, provider: SessionProvider, request: Request) => void = () => undefined,
  now: () => number = Date.now,
  /** How long a claim holds: the create's own deadline. */
  claimMs = 45_000,
): Reuse {
  const store = options.store ?? memorySessionStore();
  const ttlMs = positiveInteger(options.ttlMs, DEFAULT_REUSE.ttlMs, 'reuse.ttlMs');
  const marginMs = positiveInteger(options.marginMs, DEFAULT_REUSE.marginMs, 'reuse.marginMs');
  const minAgeMs = positiveInteger(options.minAgeMs, DEFAULT_REUSE.minAgeMs, 'reuse.minAgeMs');
  for (const method of ['get', 'set', 'delete'] as const)
    if (typeof store[method] !== 'function') throw new TypeError(`createSessionHandler: reuse.store needs ${method}()`);
  // This process's creates under way and its young sessions: what every request of the user joins, without waiting
  // on the store (whose read may still be under way while a create of the same user finishes).
  const local = new Map<string, Local>();
  const keyOf = (provider: string, scope: string) => `${provider}\u0000${scope}`;

  /** The create under way or the young session for `key`; one grown old is dropped. */
  const joinable = (key: string): Local | null => {
    const entry = local.get(key);
    if (!entry) return null;
    const time = now();
    if (entry.createdAt === undefined) return entry;
    if (time - entry.createdAt < minAgeMs && time < (entry.expires ?? Infinity)) return entry;
    local.delete(key);
    return null;
  };

  const expiryOf = (result: SessionResult) => {
    const iso = isoDate(result.expiresAt);
    return iso ? Date.parse(iso) : Infinity;
  };

  const usable = (stored: StoredSession | undefined, refresh: boolean): stored is StoredSession => {
    if (!isPlainObject(stored) || !isPlainObject(stored.result)) return false;
    const time = now();
    if (!(stored.expiresAt > time)) return false;
    if (time - stored.createdAt < minAgeMs) return true;
    return !refresh && time < stored.reuseUntil;
  };

  const keep = async (key: string, result: SessionResult, createdAt: number) => {
    const expires = expiryOf(result);
    const reuseUntil = Math.min(createdAt + ttlMs, expires - marginMs);
    const expiresAt = Math.min(Math.max(reuseUntil, createdAt + minAgeMs), expires);
    const ttl = expiresAt - now();
    if (ttl > 0) await store.set(key, { result, createdAt, reuseUntil, expiresAt }, ttl);
  };

  /**
   * Under a store that claims: waits while another instance creates the session, and answers it once it is in the
   * store; null once this instance holds the claim.
   */
  const madeElsewhere = async (key: string, refresh: boolean): Promise<StoredSession | null> => {
    while (!(await store.claim!(key, claimMs))) {
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      const stored = await store.get(key);
      if (usable(stored, refresh)) return stored;
    }
    // The other instance may have finished between this instance's read and its claim.
    const stored = await store.get(key);
    if (!usable(stored, refresh)) return null;
    await store.release?.(key);
    return stored;
  };

  const start = (key: string, asked: Asked, create: () => Promise<SessionResult>): Promise<SessionResult> => {
    const entry: Local = { promise: Promise.resolve({}) };
    entry.promise = (async () => {
      if (store.claim) {
        const other = await madeElsewhere(key, asked.refresh);
        if (other) {
          entry.expires = other.expiresAt;
          entry.createdAt = other.createdAt;
          return other.result;
        }
      }
      let result: SessionResult;
      try {
        result = await create();
      } catch (error) {
        await store.release?.(key).catch(() => undefined);
        throw error;
      }
      entry.expires = expiryOf(result);
      entry.createdAt = now();
      // A store that fails to keep it costs a later create, never this answer.
      await keep(key, result, entry.createdAt).catch((error: unknown) => report(error, asked.provider, asked.request));
      await store.release?.(key).catch(() => undefined);
      return result;
    })();
    local.set(key, entry);
    entry.promise.catch(() => {
      if (local.get(key) === entry) local.delete(key);
    });
    if (local.size > MAX_LOCAL) prune(key);
    return entry.promise;
  };

  /** Drops the sessions that have grown old (joinable() drops what it no longer hands out). */
  const prune = (keeping: string) => {
    for (const key of [...local.keys()]) if (key !== keeping) joinable(key);
  };

  return {
    async obtain(scope, asked, create) {
      if (scope === null) return create();
      const key = keyOf(asked.provider, scope);
      const joined = joinable(key);
      if (joined) return joined.promise;
      const stored = await store.get(key);
      if (usable(stored, asked.refresh)) return stored.result;
      return joinable(key)?.promise ?? start(key, asked, create);
    },
    async has(provider, scope) {
      const key = keyOf(provider, scope);
      return !!joinable(key) || usable(await store.get(key), false);
    },
    async forget(provider, scope) {
      const key = keyOf(provider, scope);
      local.delete(key);
      await store.delete(key);
    },
  };
}

/** An in-memory store of at most `maxEntries` sessions (default 10 000): the oldest go first. */
export function memorySessionStore(maxEntries = 10_000, now: () => number = Date.now): SessionStore {
  const entries = new Map<string, StoredSession>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt <= now()) entries.delete(key);
      return Promise.resolve(entry && entry.expiresAt > now() ? entry : undefined);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return Promise.resolve();
    },
    delete(key) {
      entries.delete(key);
      return Promise.resolve();
    },
  };
}
