/**
 * The attempts ledger (`kyc.attempts(userId)`, docs/server.md "The attempts ledger"): every attempt a user made with a
 * provider, recorded once by the store: its start when the provider's session was created (`bind`), or its failure
 * when the create itself failed; its end when the widget reported the provider failed and left it. Its outcome is
 * read, never written twice: the session's decision (the store's rule: the event that occurred last), else the
 * recorded failure, else replaced by a later attempt, else open.
 */
import type { WebhookDecision } from '../webhooks/types';

/** A decision (store.ts's `Decision`, named here without importing the store, which imports this file's types). */
type Decision = Exclude<WebhookDecision, null>;

/** Why an attempt's create failed (no session was made): the provider's API answered an error, or not in time. */
export type CreateFailure = 'create-failed' | 'create-timeout';

/** Why a create failed, for the ledger: a timeout or abort, or any other failure of the provider's call. */
export function failureOf(error: unknown): CreateFailure {
  const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return timedOut ? 'create-timeout' : 'create-failed';
}

/** An attempt's end that is not a decision, as the store records it (once). */
export interface AttemptEnd {
  provider: string;
  userId: string;
  /**
   * The widget's code for a provider it left (`frame-load-timeout`, `session-expired`, `provider-error`, …), ending
   * the user's latest open attempt with that provider; or a CreateFailure, recorded as an attempt without a session.
   */
  reason: string;
  /** The create failed: the attempt has no session. */
  sessionless?: boolean;
}

/** One attempt as the store keeps it, with its session's decision when there is one. */
export interface StoredAttempt {
  provider: string;
  sessionId?: string;
  referenceId?: string;
  startedAtMs: number;
  endedAtMs?: number;
  ended?: string;
  decision?: Decision;
  decidedAtMs?: number;
}

export type AttemptOutcome = Decision | 'failed' | 'replaced' | 'open';

/** One attempt, as `kyc.attempts(userId)` answers it (oldest first). */
export interface Attempt {
  provider: string;
  sessionId?: string;
  referenceId?: string;
  startedAt: string;
  /**
   * The session's decision (a webhook that came after the widget left the provider still counts here); `failed`;
   * `replaced` (the user started a later attempt before this one ended); or `open`.
   */
  outcome: AttemptOutcome;
  /** Why it ended: `decided`, `replaced`, or the recorded failure (a CreateFailure or the widget's code). */
  ended?: string;
  endedAt?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The ledger's view of a user's attempts, oldest first: each outcome derived by the one rule above. */
export function attemptsOf(stored: readonly StoredAttempt[]): Attempt[] {
  const sorted = [...stored].sort((a, b) => a.startedAtMs - b.startedAtMs);
  return sorted.map((one, index) => {
    const next = sorted[index + 1];
    const base = {
      provider: one.provider,
      ...(one.sessionId && { sessionId: one.sessionId }),
      ...(one.referenceId && { referenceId: one.referenceId }),
      startedAt: iso(one.startedAtMs),
    };
    if (one.decision) {
      const endedAtMs = one.endedAtMs ?? one.decidedAtMs;
      return {
        ...base,
        outcome: one.decision,
        ended: one.ended ?? 'decided',
        ...(endedAtMs !== undefined && { endedAt: iso(endedAtMs) }),
      };
    }
    if (one.ended)
      return { ...base, outcome: 'failed', ended: one.ended, endedAt: iso(one.endedAtMs ?? one.startedAtMs) };
    if (next) return { ...base, outcome: 'replaced', ended: 'replaced', endedAt: iso(next.startedAtMs) };
    return { ...base, outcome: 'open' };
  });
}
