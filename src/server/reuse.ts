import { isoDate, type CreateSession, type SessionContext, type SessionResult } from './session-handler';

/**
 * Providers charge per verification: a person who reloads the page should get back the session they
 * already have open, not a new one. `reuseOpenSessions` wraps a `createSession` and keeps each user's
 * latest session per provider until it expires (its `expiresAt`, less a margin) or `ttlMs` passes,
 * whichever comes first. `refresh: true` (the provider said the session expired) always makes a new one.
 * A request whose key is null (no signed-in user) is never reused, and a key only ever gets its own
 * sessions back: the key is your user's id, never anything the browser chose.
 */

export interface StoredSession {
  result: SessionResult;
  /** Milliseconds since the epoch after which the entry must not be used. */
  expiresAt: number;
}

/** Where open sessions are kept. The default is in memory (one process); give Redis or a table for several. */
export interface SessionStore {
  get(key: string): Promise<StoredSession | undefined>;
  set(key: string, value: StoredSession, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface ReuseOptions {
  /** Your user's id for this request, or null for no reuse. */
  key: (context: SessionContext) => string | null | undefined | Promise<string | null | undefined>;
  store?: SessionStore;
  /** The longest a session is reused (default 15 minutes). */
  ttlMs?: number;
  /** Not reused in its last `marginMs` (default 60 s), so that the person does not start on a dying session. */
  marginMs?: number;
  now?: () => number;
}

export interface ReusingCreateSession extends CreateSession {
  /** Drops a user's open session (call it from your webhook once the verification is finished). */
  forget(provider: string, key: string): Promise<void>;
}

export function reuseOpenSessions(createSession: CreateSession, options: ReuseOptions): ReusingCreateSession {
  const store = options.store ?? memorySessionStore();
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const marginMs = options.marginMs ?? 60_000;
  const now = options.now ?? Date.now;
  // Two tabs of one user asking at once get one provider call.
  const pending = new Map<string, Promise<SessionResult>>();
  const storeKey = (provider: string, key: string) => `${provider}\u0000${key}`;

  const reusing = async (context: SessionContext): Promise<SessionResult> => {
    const key = await options.key(context);
    if (typeof key !== 'string' || !key) return createSession(context);
    const id = storeKey(context.provider, key);
    if (!context.refresh) {
      const stored = await store.get(id);
      if (stored && stored.expiresAt > now()) return stored.result;
      const joining = pending.get(id);
      if (joining) return joining;
    } else {
      await store.delete(id);
    }
    const created = createSession(context).then(async (result) => {
      const expires = isoDate(result.expiresAt);
      const until = Math.min(now() + ttlMs, expires ? Date.parse(expires) - marginMs : Infinity);
      if (until > now()) await store.set(id, { result, expiresAt: until }, until - now());
      return result;
    });
    pending.set(id, created);
    try {
      return await created;
    } finally {
      if (pending.get(id) === created) pending.delete(id);
    }
  };
  return Object.assign(reusing, {
    forget: (provider: string, key: string) => store.delete(storeKey(provider, key)),
  });
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
