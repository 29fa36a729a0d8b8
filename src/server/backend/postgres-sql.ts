/**
 * The PostgreSQL store's schema and statements (docs/server.md, "PostgreSQL"). Every rule of store.ts is one SQL
 * statement, so it holds however many instances share the database:
 * - an event once: `INSERT … ON CONFLICT (provider, event_id) DO NOTHING` (a concurrent second insert of the same
 *   key waits for the first to commit, then does nothing);
 * - the latest occurredAt: `INSERT … ON CONFLICT (provider, session_key) DO UPDATE … WHERE <the new event occurred
 *   no earlier>` (the row lock orders concurrent writers; the WHERE sees the committed row);
 * - the notification: `pg_notify` in the same statement, delivered by PostgreSQL at commit, never before.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** A schema name this module will interpolate (checked: lower-case letters, digits and _, at most 63). */
export function schemaName(schema: string): string {
  if (!IDENTIFIER.test(schema)) throw new TypeError('postgresStore: schema must match /^[a-z_][a-z0-9_]{0,62}$/');
  return schema;
}

/**
 * The migration: creates the schema (unless `public`) and its tables, idempotently. `postgresStore(…).migrate()`
 * runs it under an advisory lock, so instances starting together do not race; or run it yourself.
 */
export function postgresMigration(schema = 'public'): string {
  const s = `"${schemaName(schema)}"`;
  return `${schema === 'public' ? '' : `CREATE SCHEMA IF NOT EXISTS ${s};\n`}
-- Every verified webhook event, once per (provider, event_id): the de-duplication record.
CREATE TABLE IF NOT EXISTS ${s}.kyc_events (
  provider     text        NOT NULL,
  event_id     text        NOT NULL,
  seq          bigserial   NOT NULL,
  event        text        NOT NULL,
  session_id   text,
  reference_id text,
  decision     text        CHECK (decision IN ('approved', 'declined', 'review')),
  occurred_at  timestamptz,
  user_id      text,
  received_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);
-- onEvent at least once: an event recorded for a handler stays pending (with its payload) until the handler
-- finished; lease_until is how long the instance running it holds it. Rows from before these columns: not pending.
ALTER TABLE ${s}.kyc_events ADD COLUMN IF NOT EXISTS pending boolean NOT NULL DEFAULT false;
ALTER TABLE ${s}.kyc_events ADD COLUMN IF NOT EXISTS payload jsonb;
ALTER TABLE ${s}.kyc_events ADD COLUMN IF NOT EXISTS lease_until timestamptz;
CREATE INDEX IF NOT EXISTS kyc_events_pending ON ${s}.kyc_events (seq) WHERE pending;
-- Each created session, bound to the user who asked for it.
CREATE TABLE IF NOT EXISTS ${s}.kyc_sessions (
  seq          bigserial   PRIMARY KEY,
  provider     text        NOT NULL,
  user_id      text        NOT NULL,
  session_id   text,
  reference_id text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (session_id IS NOT NULL OR reference_id IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS kyc_sessions_by_session ON ${s}.kyc_sessions (provider, session_id, seq) WHERE session_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS kyc_sessions_by_reference ON ${s}.kyc_sessions (provider, reference_id, seq) WHERE reference_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS kyc_sessions_by_user ON ${s}.kyc_sessions (user_id, provider, seq DESC);
-- Per session (its id, else its reference), the decision of the event that occurred last.
CREATE TABLE IF NOT EXISTS ${s}.kyc_decisions (
  provider     text        NOT NULL,
  session_key  text        NOT NULL,
  session_id   text,
  reference_id text,
  user_id      text,
  decision     text        NOT NULL CHECK (decision IN ('approved', 'declined', 'review')),
  occurred_at  timestamptz,
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  event_id     text        NOT NULL,
  seq          bigint      NOT NULL,
  PRIMARY KEY (provider, session_key)
);
CREATE INDEX IF NOT EXISTS kyc_decisions_by_user ON ${s}.kyc_decisions (user_id, occurred_at DESC NULLS LAST, seq DESC);
-- Fixed-window counters (rate limits).
CREATE TABLE IF NOT EXISTS ${s}.kyc_limits (
  key          text        PRIMARY KEY,
  window_start timestamptz NOT NULL,
  window_ms    integer     NOT NULL,
  count        integer     NOT NULL
);
-- The sessions the session endpoint hands out again (one per user and provider), and the claims by which one
-- instance at a time creates one.
CREATE TABLE IF NOT EXISTS ${s}.kyc_open_sessions (
  key          text        PRIMARY KEY,
  value        jsonb       NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS ${s}.kyc_session_claims (
  key          text        PRIMARY KEY,
  token        text        NOT NULL,
  expires_at   timestamptz NOT NULL
);
-- The attempts ledger (attempts.ts): each created session's attempt, started with its binding, and each create that
-- failed; its end (ended, ended_at) is written once.
CREATE TABLE IF NOT EXISTS ${s}.kyc_attempts (
  seq          bigserial   PRIMARY KEY,
  provider     text        NOT NULL,
  user_id      text        NOT NULL,
  session_id   text,
  reference_id text,
  started_at   timestamptz NOT NULL DEFAULT now(),
  ended_at     timestamptz,
  ended        text
);
CREATE INDEX IF NOT EXISTS kyc_attempts_by_user ON ${s}.kyc_attempts (user_id, provider, seq DESC);
-- The routing's circuit breaker: one row per provider (breaker.ts), changed by compare and set.
CREATE TABLE IF NOT EXISTS ${s}.kyc_breakers (
  provider     text        PRIMARY KEY,
  state        jsonb       NOT NULL
);
`;
}

/** The default migration, for the `public` schema. */
export const POSTGRES_MIGRATION = postgresMigration();

/** The statements, for one schema. */
export function statements(schema: string) {
  const s = `"${schemaName(schema)}"`;
  const columns = (d = '') => `${d}provider, ${d}session_id, ${d}reference_id, ${d}decision, ${d}user_id, ${d}event_id,
    coalesce(${d}occurred_at, ${d}recorded_at) AS shown_at`;
  const later = 'ORDER BY occurred_at DESC NULLS LAST, seq DESC LIMIT 1';
  return {
    migrate: postgresMigration(schema),

    /** $1 provider, $2 user, $3 session id, $4 reference: the binding and its attempt, in one statement. */
    bind: `WITH attempt AS (
    INSERT INTO ${s}.kyc_attempts (provider, user_id, session_id, reference_id) VALUES ($1, $2, $3, $4)
  )
  INSERT INTO ${s}.kyc_sessions (provider, user_id, session_id, reference_id) VALUES ($1, $2, $3, $4)`,

    /**
     * $1 provider, $2 event_id, $3 event, $4 session_id, $5 reference_id, $6 decision, $7 occurred_at (ms or null),
     * $8 session_key, $9 channel, $10 the reference skew (ms), $11 pending (a handler waits), $12 payload (JSON). The owner is the first session bound under the
     * event's session id; else the first bound by the reference alone (no session id), if the event occurred after it.
     */
    record: `WITH
  owner AS (
    SELECT coalesce(
      (SELECT user_id FROM ${s}.kyc_sessions WHERE provider = $1 AND session_id = $4 ORDER BY seq LIMIT 1),
      (SELECT user_id FROM (
        SELECT user_id, created_at FROM ${s}.kyc_sessions
        WHERE provider = $1 AND reference_id = $5 AND session_id IS NULL ORDER BY seq LIMIT 1
      ) first
      WHERE $7::double precision IS NULL
         OR to_timestamp($7::double precision / 1000) >= first.created_at - $10::double precision * interval '1 millisecond')
    ) AS user_id
  ),
  inserted AS (
    INSERT INTO ${s}.kyc_events
      (provider, event_id, event, session_id, reference_id, decision, occurred_at, user_id, pending, payload)
    SELECT $1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000), owner.user_id, $11, $12::jsonb
    FROM owner
    ON CONFLICT (provider, event_id) DO NOTHING
    RETURNING seq, user_id
  ),
  kept AS (
    INSERT INTO ${s}.kyc_decisions AS d
      (provider, session_key, session_id, reference_id, user_id, decision, occurred_at, event_id, seq)
    SELECT $1, $8, $4, $5, inserted.user_id, $6, to_timestamp($7::double precision / 1000), $2, inserted.seq
    FROM inserted WHERE $6::text IS NOT NULL AND $8::text IS NOT NULL
    ON CONFLICT (provider, session_key) DO UPDATE SET
      session_id = coalesce(EXCLUDED.session_id, d.session_id),
      -- A session's reference and owner are those it was first known by.
      reference_id = coalesce(d.reference_id, EXCLUDED.reference_id),
      user_id = coalesce(d.user_id, EXCLUDED.user_id),
      decision = EXCLUDED.decision,
      occurred_at = EXCLUDED.occurred_at,
      recorded_at = now(),
      event_id = EXCLUDED.event_id,
      seq = EXCLUDED.seq
    WHERE (EXCLUDED.occurred_at IS NULL AND d.occurred_at IS NULL)
       OR (EXCLUDED.occurred_at IS NOT NULL AND (d.occurred_at IS NULL OR EXCLUDED.occurred_at >= d.occurred_at))
    RETURNING user_id
  ),
  notified AS (
    SELECT pg_notify($9, json_build_object('u', kept.user_id, 'p', $1::text)::text)
    FROM kept WHERE kept.user_id IS NOT NULL
  )
SELECT
  (SELECT count(*) FROM inserted)::int AS inserted,
  (SELECT count(*) FROM kept)::int AS changed,
  coalesce((SELECT user_id FROM kept), (SELECT user_id FROM owner)) AS user_id,
  (SELECT count(*) FROM notified)::int AS notified`,

    /** $1 user, $2 session id, $3 provider or null. */
    bySession: `SELECT ${columns()} FROM ${s}.kyc_decisions
  WHERE user_id = $1 AND session_id = $2 AND ($3::text IS NULL OR provider = $3) ${later}`,

    /** $1 user, $2 provider or null: the decision of the user's latest created session only. */
    byLatestSession: `WITH latest AS (
    SELECT provider, session_id, reference_id, created_at FROM ${s}.kyc_sessions
    WHERE user_id = $1 AND ($2::text IS NULL OR provider = $2) ORDER BY seq DESC LIMIT 1
  )
  SELECT ${columns('d.')}
  FROM ${s}.kyc_decisions d, latest
  WHERE d.user_id = $1 AND d.provider = latest.provider
    AND CASE WHEN latest.session_id IS NOT NULL THEN d.session_id = latest.session_id
      -- A session bound by a reference alone: a decision under it recorded after the binding (an earlier
      -- attempt's decision is not this one's).
      ELSE d.reference_id = latest.reference_id AND d.recorded_at >= latest.created_at
    END
  ORDER BY d.occurred_at DESC NULLS LAST, d.seq DESC LIMIT 1`,

    /** $1 user. */
    latest: `SELECT ${columns()} FROM ${s}.kyc_decisions WHERE user_id = $1 ${later}`,

    /** $1 provider, $2 event id, $3 lease ms: a row when the right to run its handler is taken. */
    claimHandling: `UPDATE ${s}.kyc_events SET lease_until = now() + $3::double precision * interval '1 millisecond'
  WHERE provider = $1 AND event_id = $2 AND pending AND (lease_until IS NULL OR lease_until <= now())
  RETURNING event_id`,

    /** $1 provider, $2 event id. */
    handled: `UPDATE ${s}.kyc_events SET pending = false, payload = NULL, lease_until = NULL
  WHERE provider = $1 AND event_id = $2`,

    /** $1 lease ms, $2 limit: pending events whose lease ran out, leased again (another instance skips them). */
    unhandled: `UPDATE ${s}.kyc_events e SET lease_until = now() + $1::double precision * interval '1 millisecond'
  FROM (
    SELECT provider, event_id FROM ${s}.kyc_events
    WHERE pending AND (lease_until IS NULL OR lease_until <= now())
    ORDER BY seq LIMIT $2 FOR UPDATE SKIP LOCKED
  ) due
  WHERE e.provider = due.provider AND e.event_id = due.event_id
  RETURNING e.provider, e.event_id, e.event, e.session_id, e.reference_id, e.decision, e.user_id, e.payload,
    (extract(epoch FROM e.occurred_at) * 1000)::float8 AS occurred_at_ms,
    EXISTS (SELECT 1 FROM ${s}.kyc_decisions d WHERE d.provider = e.provider AND d.event_id = e.event_id) AS changed`,

    /** $1 key, $2 window ms. */
    hit: `INSERT INTO ${s}.kyc_limits AS l (key, window_start, window_ms, count) VALUES ($1, now(), $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN l.window_start + l.window_ms * interval '1 millisecond' > now() THEN l.count + 1 ELSE 1 END,
    window_start = CASE WHEN l.window_start + l.window_ms * interval '1 millisecond' > now() THEN l.window_start ELSE now() END,
    window_ms = CASE WHEN l.window_start + l.window_ms * interval '1 millisecond' > now() THEN l.window_ms ELSE EXCLUDED.window_ms END
  RETURNING count, (extract(epoch FROM window_start) * 1000)::float8 + window_ms AS reset_at_ms`,

    /** $1 key. */
    openGet: `SELECT value FROM ${s}.kyc_open_sessions WHERE key = $1 AND expires_at > now()`,

    /** $1 key, $2 value (JSON), $3 ttl ms. A few rows that have expired go at the same time. */
    openSet: `WITH swept AS (
    DELETE FROM ${s}.kyc_open_sessions WHERE key IN (
      SELECT key FROM ${s}.kyc_open_sessions WHERE expires_at <= now() AND key <> $1 LIMIT 100 FOR UPDATE SKIP LOCKED)
  )
  INSERT INTO ${s}.kyc_open_sessions (key, value, expires_at)
  VALUES ($1, $2::jsonb, now() + $3::double precision * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,

    /** $1 key. */
    openDelete: `DELETE FROM ${s}.kyc_open_sessions WHERE key = $1`,

    /**
     * $1 key, $2 token, $3 ttl ms: a row when the claim is taken (none held, or the one held has expired). A
     * concurrent claim of the same key waits for this one's commit, then finds it held.
     */
    claim: `INSERT INTO ${s}.kyc_session_claims AS c (key, token, expires_at)
  VALUES ($1, $2, now() + $3::double precision * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at WHERE c.expires_at <= now()
  RETURNING token`,

    /** $1 key, $2 token: only a claim still ours. */
    release: `DELETE FROM ${s}.kyc_session_claims WHERE key = $1 AND token = $2`,

    /** $1 provider. */
    breakerGet: `SELECT state FROM ${s}.kyc_breakers WHERE provider = $1`,

    /** $1 provider, $2 the state read (JSON), $3 the new state (JSON): a row when nobody wrote in between. */
    breakerSwap: `UPDATE ${s}.kyc_breakers SET state = $3::jsonb WHERE provider = $1 AND state = $2::jsonb RETURNING provider`,

    /** $1 provider, $2 state (JSON): a row when it was not there yet. */
    breakerInsert: `INSERT INTO ${s}.kyc_breakers (provider, state) VALUES ($1, $2::jsonb) ON CONFLICT (provider) DO NOTHING RETURNING provider`,

    breakerAll: `SELECT provider, state FROM ${s}.kyc_breakers`,
  };
}
