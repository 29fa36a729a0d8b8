/**
 * postgresStore's attempts ledger (attempts.ts): the rows of `kyc_attempts` (created by the migration in
 * postgres-sql.ts; `bind` starts an attempt in the same statement as its binding), each end written once.
 */
import type { AttemptEnd, StoredAttempt } from './attempts';
import type { PgQueryable } from './postgres-pool';
import { schemaName } from './postgres-sql';
import type { Decision } from './store';

/** The ledger's statements, for one schema (already quoted). */
function statements(s: string) {
  const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
  return {
    /** $1 provider, $2 user, $3 why: a create that failed, an attempt of its own. */
    failed: `INSERT INTO ${s}.kyc_attempts (provider, user_id, ended_at, ended) VALUES ($1, $2, now(), $3)`,

    /**
     * $1 provider, $2 user, $3 why: the user's latest attempt with a session at that provider ends, if it has not
     * (a second report, from any instance, waits for the first's row lock and then finds it ended).
     */
    left: `UPDATE ${s}.kyc_attempts SET ended = $3, ended_at = now()
  WHERE ended IS NULL AND seq = (
    SELECT max(seq) FROM ${s}.kyc_attempts
    WHERE provider = $1 AND user_id = $2 AND (session_id IS NOT NULL OR reference_id IS NOT NULL)
  )`,

    /** $1 user: the latest 100 attempts, each with its session's decision (the rule of byLatestSession). */
    attempts: `SELECT a.provider, a.session_id, a.reference_id, a.ended, ${ms('a.started_at')} AS started_ms,
    ${ms('a.ended_at')} AS ended_ms, d.decision, ${ms('coalesce(d.occurred_at, d.recorded_at)')} AS decided_ms
  FROM ${s}.kyc_attempts a
  LEFT JOIN LATERAL (
    SELECT decision, occurred_at, recorded_at FROM ${s}.kyc_decisions d
    WHERE d.user_id = a.user_id AND d.provider = a.provider
      AND CASE WHEN a.session_id IS NOT NULL THEN d.session_id = a.session_id
        ELSE d.reference_id = a.reference_id AND d.recorded_at >= a.started_at END
    ORDER BY d.occurred_at DESC NULLS LAST, d.seq DESC LIMIT 1
  ) d ON true
  WHERE a.user_id = $1 ORDER BY a.seq DESC LIMIT 100`,
  };
}

export function postgresAttempts(pool: PgQueryable, schema: string) {
  const sql = statements(`"${schemaName(schema)}"`);
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const number = (value: unknown) => (value === null || value === undefined ? undefined : Number(value));
  return {
    async attemptEnded(end: AttemptEnd): Promise<void> {
      await pool.query(end.sessionless ? sql.failed : sql.left, [end.provider, end.userId, end.reason]);
    },

    async attempts(userId: string): Promise<StoredAttempt[]> {
      const { rows } = await pool.query(sql.attempts, [userId]);
      return (rows as Record<string, unknown>[]).reverse().map((row) => {
        const sessionId = text(row.session_id);
        const referenceId = text(row.reference_id);
        const ended = text(row.ended);
        const endedAtMs = number(row.ended_ms);
        const decision = text(row.decision) as Decision | undefined;
        const decidedAtMs = number(row.decided_ms);
        return {
          provider: String(row.provider),
          ...(sessionId && { sessionId }),
          ...(referenceId && { referenceId }),
          startedAtMs: Number(row.started_ms),
          ...(ended && { ended }),
          ...(endedAtMs !== undefined && { endedAtMs }),
          ...(decision && { decision }),
          ...(decision && decidedAtMs !== undefined && { decidedAtMs }),
        };
      });
    },
  };
}
