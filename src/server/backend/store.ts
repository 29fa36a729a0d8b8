/**
 * What `createKycBackend` keeps, and the contract every store fulfils (`memoryStore`, `postgresStore`, or your own).
 * The rules are the store's, so that they hold however many instances share it:
 * - an event is recorded once per (provider, eventId): a second delivery is a duplicate and changes nothing;
 * - per session, the decision kept is the one of the event that occurred last (by `occurredAt`; on a tie, the one
 *   recorded last). An event without a time never replaces a decision that has one.
 * - a decision belongs to the user whose created session the webhook names: when the webhook names a session id,
 *   only a binding with that session id owns it; a reference counts only for bindings made without a session id
 *   (Sumsub, Plaid, a createSession that answers none), and only for events that occurred after that binding (less
 *   REFERENCE_SKEW_MS). A verified event that no binding owns is recorded, and is nobody's decision.
 * - the widget's question without a session id is answered by the user's latest created session only.
 */
import type { LimitStore } from '../limits';
import type { AttemptEnd, StoredAttempt } from './attempts';
import type { BreakerStore } from './breaker';
import type { SessionStore } from '../reuse';
import type { WebhookDecision } from '../webhooks/types';

export type Decision = Exclude<WebhookDecision, null>;

/** A created session, bound to the user who asked for it. At least one of `sessionId` and `referenceId`. */
export interface SessionBinding {
  provider: string;
  userId: string;
  /** The provider's id for the session, as its webhooks name it (Persona inquiry, Veriff session, iDenfy scanRef…). */
  sessionId?: string;
  /** The reference your backend gave the provider for the person (its webhooks echo it back). */
  referenceId?: string;
}

/** A verified webhook event, as the store records it. */
export interface StoredEvent {
  provider: string;
  eventId: string;
  event: string;
  sessionId?: string;
  referenceId?: string;
  decision: WebhookDecision;
  /** Milliseconds since the epoch, from the signed payload; undefined when it carries no time. */
  occurredAtMs?: number;
  /**
   * Set when the backend has an `onEvent`: the event waits for its handler (with its payload, kept until then) and
   * is handed to it again until `handled` (stores with `claimHandling`).
   */
  pending?: { payload: Record<string, unknown> };
}

/** A recorded event whose handler has not finished, as `unhandled` hands it out again. */
export interface PendingEvent extends Omit<StoredEvent, 'pending'> {
  payload: Record<string, unknown>;
  /** The user the event's session is bound to, or null. */
  userId: string | null;
  /** This event's decision is its session's decision now. */
  changed: boolean;
}

export interface RecordOutcome {
  /** The same (provider, eventId) was recorded before: nothing changed. */
  duplicate: boolean;
  /** This event's decision is now its session's decision. */
  changed: boolean;
  /** The user the event's session is bound to, or null when no created session matches it. */
  userId: string | null;
}

/** A session's current decision. */
export interface DecisionRecord {
  provider: string;
  sessionId?: string;
  referenceId?: string;
  decision: Decision;
  /** When the deciding event occurred (ISO); the time it was recorded when its payload carries none. */
  occurredAt: string;
  eventId: string;
  userId: string;
}

/** Which decision the widget's decision endpoint asks for. */
export interface DecisionQuery {
  userId: string;
  provider?: string;
  /** The session the widget reported (`detail.sessionId`); without it, the user's latest created session. */
  sessionId?: string;
}

/** Told when a session's decision changed (in this process or, through the database, in another). */
export type DecisionListener = (change: { userId: string; provider: string }) => void;

/**
 * Everything `createKycBackend` keeps, in one place, so that every instance sharing it sees the same: the events
 * and decisions, the session bindings, the limit's counters (`hit`, createSessionHandler's `limit.store`) and the
 * sessions handed out again (`openSessions`, its `reuse.store`).
 */
export interface KycStore extends LimitStore {
  /** Binds a created session to its user (and starts its attempt in the ledger, when the store keeps one). */
  bind(binding: SessionBinding): Promise<void>;
  /** Records a verified event once; keeps its decision if it occurred last for its session. Atomic. */
  record(event: StoredEvent): Promise<RecordOutcome>;
  /** The decision of the session the query names (the widget's question), or null. */
  current(query: DecisionQuery): Promise<DecisionRecord | null>;
  /** The user's decision that occurred last, across their sessions (`decisionOf`), or null. */
  latest(userId: string): Promise<DecisionRecord | null>;
  /**
   * `onEvent` at least once (optional: without these, `onEvent` runs once per newly recorded event, at most once).
   * Takes the right to run the handler of a pending event for `leaseMs`: false when it is handled, or another
   * holds a lease that has not run out.
   */
  claimHandling?(provider: string, eventId: string, leaseMs: number): Promise<boolean>;
  /** The event's handler finished: it is never handed out again, and its kept payload is dropped. */
  handled?(provider: string, eventId: string): Promise<void>;
  /** Up to `limit` pending events whose lease ran out (or never was taken), each now leased for `leaseMs`. */
  unhandled?(leaseMs: number, limit: number): Promise<PendingEvent[]>;
  /**
   * The routing's circuit breaker (createKycBackend's `providers` and `breaker`): runs `change` on the provider's row
   * atomically (no other change of that row between its read and its write, in any instance) and answers the row
   * written. Without it, each instance keeps its own rows.
   */
  breaker?: BreakerStore['breaker'];
  /** Every provider's breaker row (for `health()`). */
  breakers?: BreakerStore['breakers'];
  /**
   * The attempts ledger (attempts.ts; optional: without it `kyc.attempts()` answers none). `bind` starts an attempt;
   * this records an end that is not a decision, once: a create that failed (`sessionless`: an attempt of its own), or
   * the provider the widget left (the user's latest attempt with it that has not ended; nothing when there is none).
   */
  attemptEnded?(end: AttemptEnd): Promise<void>;
  /** The user's attempts, oldest first (a store may keep only the latest few), each with its session's decision. */
  attempts?(userId: string): Promise<StoredAttempt[]>;
  /** Calls `listener` on every decision change; returns the function that stops it. */
  subscribe(listener: DecisionListener): () => void;
  /**
   * The sessions the session endpoint hands out again (one per user and provider), with a claim where several
   * instances share the store, so that one instance at a time creates a user's session.
   */
  readonly openSessions: SessionStore;
  /** Releases what the store holds (the PostgreSQL store's listening connection). */
  close(): Promise<void>;
}

/**
 * How much earlier than its binding an event may say it occurred and still be the binding's (clocks differ: the
 * provider's signs the event, ours the binding). Only for bindings by reference alone.
 */
export const REFERENCE_SKEW_MS = 60_000;

/** The key a session's decision is kept under: its session id, else its reference. */
export function sessionKeyOf(event: Pick<StoredEvent, 'sessionId' | 'referenceId'>): string | undefined {
  if (event.sessionId) return `s:${event.sessionId}`;
  return event.referenceId ? `r:${event.referenceId}` : undefined;
}
