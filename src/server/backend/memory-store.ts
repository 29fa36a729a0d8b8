import type { AttemptEnd, StoredAttempt } from './attempts';
import type { BreakerRow } from './breaker';
import { memoryLimitStore } from '../limits';
import { memorySessionStore } from '../reuse';
import {
  REFERENCE_SKEW_MS,
  sessionKeyOf,
  type DecisionListener,
  type DecisionQuery,
  type DecisionRecord,
  type KycStore,
  type PendingEvent,
  type SessionBinding,
  type StoredEvent,
} from './store';

/** Sessions remembered per user for "the user's latest session" (a person starts a handful at most). */
const MAX_SESSIONS_PER_USER = 20;

export interface MemoryStoreOptions {
  /** Events remembered for de-duplication (default 100 000; the oldest are forgotten first). */
  maxEvents?: number;
  /** Sessions and decisions kept (default 100 000 each; the oldest go first). */
  maxSessions?: number;
  /** The clock, in ms (for tests). */
  now?: () => number;
}

interface Bound extends SessionBinding {
  seq: number;
  /** When it was bound (ms): a reference binding owns only the events that occurred after it. */
  atMs: number;
}

/** An attempt in the ledger (attempts.ts): a bound session's (`bound`), or a create that failed. */
interface Tried {
  provider: string;
  bound?: Bound;
  atMs: number;
  ended?: string;
  endedAtMs?: number;
}

interface Kept extends Omit<DecisionRecord, 'userId' | 'occurredAt'> {
  userId: string | null;
  occurredAtMs?: number;
  recordedAtMs: number;
  seq: number;
}

/**
 * The default store: everything in this process's memory. Right for the demo, tests and a single instance; with
 * several instances (or restarts that must not forget), use `postgresStore`. JavaScript runs each `record` to its
 * end before another starts, so the rules of store.ts hold here without locks.
 */
export function memoryStore(options: MemoryStoreOptions = {}): KycStore {
  const maxEvents = options.maxEvents ?? 100_000;
  const maxSessions = options.maxSessions ?? 100_000;
  const now = options.now ?? Date.now;
  const events = new Set<string>();
  /** provider + session id → the user it was first bound to. */
  const owners = new Map<string, string>();
  /** provider + reference of a binding made without a session id → the first such binding's user and time. */
  const referenceOwners = new Map<string, { userId: string; atMs: number }>();
  /** user → their latest bound sessions, oldest first (a few per user). */
  const sessionsOf = new Map<string, Bound[]>();
  /** user → their latest attempts, oldest first (the ledger). */
  const attemptsOf = new Map<string, Tried[]>();
  const decisions = new Map<string, Kept>();
  /** Events waiting for their handler (onEvent), by provider + event id, with the time their lease runs out. */
  const pending = new Map<string, { event: PendingEvent; leaseUntil: number }>();
  const breakerRows = new Map<string, BreakerRow>();
  /** user → the keys of their decisions. */
  const decisionsOf = new Map<string, Set<string>>();
  const limits = memoryLimitStore(maxSessions, now);
  const listeners = new Set<DecisionListener>();
  let seq = 0;

  const ownerKey = (provider: string, kind: 's' | 'r', id: string) => `${provider}\u0000${kind}:${id}`;
  /**
   * Only a binding with the event's session id owns an event that names one; the reference counts only for bindings
   * made without a session id, and only for events that occurred after that binding (store.ts).
   */
  const ownerOf = (event: StoredEvent): string | null => {
    if (event.sessionId) {
      const bySession = owners.get(ownerKey(event.provider, 's', event.sessionId));
      if (bySession) return bySession;
    }
    if (!event.referenceId) return null;
    const byReference = referenceOwners.get(ownerKey(event.provider, 'r', event.referenceId));
    if (!byReference) return null;
    if (event.occurredAtMs !== undefined && event.occurredAtMs < byReference.atMs - REFERENCE_SKEW_MS) return null;
    return byReference.userId;
  };
  const own = <T>(map: Map<string, T>, key: string, value: T) => {
    // The first session bound under an id owns it (ids are the provider's: a second owner would be a mix-up).
    if (map.has(key)) return;
    map.set(key, value);
    if (map.size > maxSessions) map.delete(map.keys().next().value as string);
  };
  /** A user's list of the latest few, oldest first: `item` appended; the users least recently changed go first. */
  const latestOf = <T>(map: Map<string, T[]>, userId: string, item: T) => {
    const list = map.get(userId) ?? [];
    list.push(item);
    if (list.length > MAX_SESSIONS_PER_USER) list.shift();
    map.delete(userId);
    map.set(userId, list);
    if (map.size > maxSessions) map.delete(map.keys().next().value as string);
  };
  /**
   * Whether `d` is the decision of the bound session: a session bound by its id, by that id; one bound by a
   * reference alone, by a decision under that reference recorded after it was bound (an earlier attempt's is not).
   */
  const decidedIn = (d: Kept, session: Bound) =>
    d.provider === session.provider &&
    (session.sessionId !== undefined
      ? d.sessionId === session.sessionId
      : d.referenceId === session.referenceId && d.seq > session.seq);
  const mineOf = (userId: string): Kept[] =>
    [...(decisionsOf.get(userId) ?? [])].flatMap((key) => decisions.get(key) ?? []);

  const view = (kept: Kept): DecisionRecord => ({
    provider: kept.provider,
    ...(kept.sessionId && { sessionId: kept.sessionId }),
    ...(kept.referenceId && { referenceId: kept.referenceId }),
    decision: kept.decision,
    occurredAt: new Date(kept.occurredAtMs ?? kept.recordedAtMs).toISOString(),
    eventId: kept.eventId,
    userId: kept.userId!,
  });

  const forget = (key: string) => {
    const kept = decisions.get(key);
    decisions.delete(key);
    if (kept?.userId) decisionsOf.get(kept.userId)?.delete(key);
  };

  /** Later first: by occurredAt (none is earliest), then by the order recorded. */
  const later = (a: Kept, b: Kept) => (b.occurredAtMs ?? -Infinity) - (a.occurredAtMs ?? -Infinity) || b.seq - a.seq;

  return {
    bind(binding) {
      const atMs = now();
      if (binding.sessionId) own(owners, ownerKey(binding.provider, 's', binding.sessionId), binding.userId);
      else if (binding.referenceId)
        own(referenceOwners, ownerKey(binding.provider, 'r', binding.referenceId), { userId: binding.userId, atMs });
      const bound = { ...binding, seq: ++seq, atMs };
      latestOf(sessionsOf, binding.userId, bound);
      latestOf(attemptsOf, binding.userId, { provider: binding.provider, bound, atMs });
      return Promise.resolve();
    },

    attemptEnded(end: AttemptEnd) {
      const atMs = now();
      if (end.sessionless) {
        latestOf(attemptsOf, end.userId, { provider: end.provider, atMs, ended: end.reason, endedAtMs: atMs });
        return Promise.resolve();
      }
      const last = (attemptsOf.get(end.userId) ?? []).filter((a) => a.bound && a.provider === end.provider).at(-1);
      if (last && last.ended === undefined) Object.assign(last, { ended: end.reason, endedAtMs: atMs });
      return Promise.resolve();
    },

    attempts(userId) {
      const mine = mineOf(userId);
      return Promise.resolve(
        (attemptsOf.get(userId) ?? []).map((tried): StoredAttempt => {
          const { bound } = tried;
          const decided = bound && mine.filter((d) => decidedIn(d, bound)).sort(later)[0];
          return {
            provider: tried.provider,
            ...(bound?.sessionId && { sessionId: bound.sessionId }),
            ...(bound?.referenceId && { referenceId: bound.referenceId }),
            startedAtMs: tried.atMs,
            ...(tried.ended !== undefined && { ended: tried.ended, endedAtMs: tried.endedAtMs }),
            ...(decided && { decision: decided.decision, decidedAtMs: decided.occurredAtMs ?? decided.recordedAtMs }),
          };
        }),
      );
    },

    record(event: StoredEvent) {
      const id = `${event.provider}\u0000${event.eventId}`;
      const userId = ownerOf(event);
      if (events.has(id)) return Promise.resolve({ duplicate: true, changed: false, userId });
      events.add(id);
      if (events.size > maxEvents) events.delete(events.values().next().value as string);
      if (event.pending) {
        const { pending: kept, ...rest } = event;
        pending.set(id, { event: { ...rest, payload: kept.payload, userId, changed: false }, leaseUntil: 0 });
        if (pending.size > maxEvents) pending.delete(pending.keys().next().value as string);
      }
      const key = sessionKeyOf(event);
      if (!event.decision || !key) return Promise.resolve({ duplicate: false, changed: false, userId });
      const decisionKey = `${event.provider}\u0000${key}`;
      const old = decisions.get(decisionKey);
      const newer =
        !old ||
        (event.occurredAtMs === undefined
          ? old.occurredAtMs === undefined
          : old.occurredAtMs === undefined || event.occurredAtMs >= old.occurredAtMs);
      if (!newer) return Promise.resolve({ duplicate: false, changed: false, userId });
      // A session's reference and owner are those it was first known by.
      const owner = old?.userId ?? userId ?? null;
      decisions.delete(decisionKey);
      decisions.set(decisionKey, {
        provider: event.provider,
        sessionId: event.sessionId,
        referenceId: old?.referenceId ?? event.referenceId,
        decision: event.decision,
        occurredAtMs: event.occurredAtMs,
        recordedAtMs: now(),
        eventId: event.eventId,
        userId: owner,
        seq: ++seq,
      });
      if (owner) decisionsOf.set(owner, (decisionsOf.get(owner) ?? new Set()).add(decisionKey));
      if (decisions.size > maxSessions) forget(decisions.keys().next().value as string);
      if (owner) for (const listener of [...listeners]) notify(listener, owner, event.provider);
      return Promise.resolve({ duplicate: false, changed: true, userId: owner });
    },

    current(query: DecisionQuery) {
      const mine = mineOf(query.userId).filter((d) => !query.provider || d.provider === query.provider);
      if (query.sessionId) {
        const found = mine.filter((d) => d.sessionId === query.sessionId).sort(later)[0];
        return Promise.resolve(found ? view(found) : null);
      }
      const session = (sessionsOf.get(query.userId) ?? [])
        .filter((s) => !query.provider || s.provider === query.provider)
        .at(-1);
      if (!session) return Promise.resolve(null);
      const found = mine.filter((d) => decidedIn(d, session)).sort(later)[0];
      return Promise.resolve(found ? view(found) : null);
    },

    latest(userId) {
      const found = mineOf(userId).sort(later)[0];
      return Promise.resolve(found ? view(found) : null);
    },

    claimHandling(provider, eventId, leaseMs) {
      const waiting = pending.get(`${provider}\u0000${eventId}`);
      if (!waiting || waiting.leaseUntil > now()) return Promise.resolve(false);
      waiting.leaseUntil = now() + leaseMs;
      return Promise.resolve(true);
    },

    handled(provider, eventId) {
      pending.delete(`${provider}\u0000${eventId}`);
      return Promise.resolve();
    },

    unhandled(leaseMs, limit) {
      const out: PendingEvent[] = [];
      for (const waiting of pending.values()) {
        if (out.length >= limit) break;
        if (waiting.leaseUntil > now()) continue;
        waiting.leaseUntil = now() + leaseMs;
        const { event } = waiting;
        const key = sessionKeyOf(event);
        const changed = !!key && decisions.get(`${event.provider}\u0000${key}`)?.eventId === event.eventId;
        out.push({ ...event, changed });
      }
      return Promise.resolve(out);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    hit: (key, windowMs) => limits.hit(key, windowMs),

    breaker(provider, change) {
      const row = change(breakerRows.get(provider));
      breakerRows.set(provider, row);
      return Promise.resolve(row);
    },

    breakers: () => Promise.resolve(Object.fromEntries(breakerRows)),

    openSessions: memorySessionStore(maxSessions, now),

    close() {
      listeners.clear();
      return Promise.resolve();
    },
  };
}

function notify(listener: DecisionListener, userId: string, provider: string): void {
  try {
    listener({ userId, provider });
  } catch {
    // A listener's failure is its own; the decision is recorded.
  }
}
