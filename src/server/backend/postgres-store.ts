/**
 * `postgresStore({ pool })`: events, decisions, session bindings, limit counters and open sessions in PostgreSQL,
 * shared by every instance of your backend; `LISTEN/NOTIFY` tells each instance of a decision recorded by another,
 * so the one holding a widget's decision stream answers it. The pool is any `pg`-compatible Pool (`new pg.Pool(…)`): nothing
 * here imports a driver. The statements are in postgres-sql.ts.
 */
import { canonical, rowOf, swapRow, type BreakerRow } from './breaker';
import { postgresAttempts } from './postgres-attempts';
import type { PgClient, PgPool } from './postgres-pool';
import { postgresSessionStore } from './postgres-sessions';
import { postgresMigration, schemaName, statements } from './postgres-sql';
import { isPlainObject } from '../values';
import {
  REFERENCE_SKEW_MS,
  sessionKeyOf,
  type DecisionListener,
  type DecisionRecord,
  type KycStore,
  type PendingEvent,
  type RecordOutcome,
  type StoredEvent,
} from './store';

export type { PgClient, PgPool, PgQueryable } from './postgres-pool';

export interface PostgresStoreOptions {
  pool: PgPool;
  /** The schema holding the tables (default `public`): lower-case letters, digits and _. */
  schema?: string;
  /** The NOTIFY channel (default `kyc_widget_decisions`, suffixed with the schema when it is not `public`). */
  channel?: string;
  /** For tests only: runs inside the recording transaction, after the statement and before COMMIT. */
  beforeCommit?: (event: StoredEvent) => Promise<void>;
}

export interface PostgresStore extends KycStore {
  /** Creates the schema and tables if they are missing (idempotent; safe when instances start together). */
  migrate(): Promise<void>;
}

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

export function postgresStore(options: PostgresStoreOptions): PostgresStore {
  if (typeof options?.pool?.query !== 'function' || typeof options.pool.connect !== 'function')
    throw new TypeError('postgresStore: pool must be a pg-compatible Pool (query and connect)');
  const { pool } = options;
  const schema = schemaName(options.schema ?? 'public');
  const channel = (
    options.channel ?? (schema === 'public' ? 'kyc_widget_decisions' : `kyc_widget_decisions_${schema}`)
  ).slice(0, 63);
  const sql = statements(schema);
  const listeners = new Set<DecisionListener>();
  let listening: Promise<PgClient | null> | null = null;
  /** Releases the listening connection once (an error, its end, and close() may each try). */
  let stopListening: (error?: Error) => void = () => undefined;
  let closed = false;
  let attempt = 0;

  const dispatch = (payload: string | undefined) => {
    let change: { u?: unknown; p?: unknown };
    try {
      change = JSON.parse(payload ?? '') as { u?: unknown; p?: unknown };
    } catch {
      return;
    }
    if (typeof change.u !== 'string' || typeof change.p !== 'string') return;
    for (const listener of [...listeners]) {
      try {
        listener({ userId: change.u, provider: change.p });
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  /** One connection LISTENs for the whole process, from the first subscriber on; it reconnects when it drops. */
  const listen = (): Promise<PgClient | null> => {
    listening ??= (async () => {
      let client: PgClient | undefined;
      try {
        client = await pool.connect();
        const mine = client;
        let dropped = false;
        const drop = (error?: Error) => {
          if (dropped) return;
          dropped = true;
          mine.release(error ?? true);
          listening = null;
          // Streams look again at every heartbeat meanwhile: a notification lost here costs at most that.
          if (!closed && listeners.size > 0) {
            setTimeout(() => void listen(), RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]);
          }
        };
        stopListening = drop;
        client.on('notification', (message) => {
          if (message.channel === channel) dispatch(message.payload);
        });
        client.on('error', (error) => drop(error));
        client.on('end', () => drop());
        await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
        attempt = 0;
        return client;
      } catch (error) {
        client?.release(error instanceof Error ? error : true);
        listening = null;
        if (!closed && listeners.size > 0) {
          setTimeout(() => void listen(), RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]);
        }
        return null;
      }
    })();
    return listening;
  };

  return {
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // One migration at a time across instances (CREATE … IF NOT EXISTS alone can race).
        await client.query("SELECT pg_advisory_xact_lock(hashtext('kyc-widget:migrate'))");
        await client.query(postgresMigration(schema));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    async bind(binding) {
      await pool.query(sql.bind, [
        binding.provider,
        binding.userId,
        binding.sessionId ?? null,
        binding.referenceId ?? null,
      ]);
    },

    async record(event): Promise<RecordOutcome> {
      const values = [
        event.provider,
        event.eventId,
        event.event,
        event.sessionId ?? null,
        event.referenceId ?? null,
        event.decision,
        event.occurredAtMs ?? null,
        sessionKeyOf(event) ?? null,
        channel,
        REFERENCE_SKEW_MS,
        !!event.pending,
        event.pending ? JSON.stringify(event.pending.payload) : null,
      ];
      const client = await pool.connect();
      let row: Record<string, unknown> | undefined;
      try {
        await client.query('BEGIN');
        row = (await client.query(sql.record, values)).rows[0];
        await options.beforeCommit?.(event);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      client.release();
      return {
        duplicate: row?.inserted === 0,
        changed: row?.changed === 1,
        userId: typeof row?.user_id === 'string' ? row.user_id : null,
      };
    },

    async current(query) {
      const { rows } = query.sessionId
        ? await pool.query(sql.bySession, [query.userId, query.sessionId, query.provider ?? null])
        : await pool.query(sql.byLatestSession, [query.userId, query.provider ?? null]);
      return recordOf(rows[0]);
    },

    async latest(userId) {
      return recordOf((await pool.query(sql.latest, [userId])).rows[0]);
    },

    async claimHandling(provider, eventId, leaseMs) {
      return (await pool.query(sql.claimHandling, [provider, eventId, Math.max(1, leaseMs)])).rows.length === 1;
    },

    async handled(provider, eventId) {
      await pool.query(sql.handled, [provider, eventId]);
    },

    async unhandled(leaseMs, limit) {
      const { rows } = await pool.query(sql.unhandled, [Math.max(1, leaseMs), limit]);
      return rows.map((row): PendingEvent => {
        const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
        const sessionId = text(row.session_id);
        const referenceId = text(row.reference_id);
        const occurredAtMs = typeof row.occurred_at_ms === 'number' ? row.occurred_at_ms : undefined;
        return {
          provider: String(row.provider),
          eventId: String(row.event_id),
          event: String(row.event),
          ...(sessionId && { sessionId }),
          ...(referenceId && { referenceId }),
          decision: (text(row.decision) ?? null) as PendingEvent['decision'],
          ...(occurredAtMs !== undefined && { occurredAtMs }),
          payload: isPlainObject(row.payload) ? row.payload : {},
          userId: text(row.user_id) ?? null,
          changed: row.changed === true,
        };
      });
    },

    subscribe(listener) {
      listeners.add(listener);
      void listen();
      return () => listeners.delete(listener);
    },

    breaker: (provider, change) =>
      swapRow(
        async () => {
          const found = (await pool.query(sql.breakerGet, [provider])).rows[0] as { state?: unknown } | undefined;
          return found && { before: canonical(found.state), value: found.state };
        },
        async (before, after) => {
          const written =
            before === undefined
              ? await pool.query(sql.breakerInsert, [provider, after])
              : await pool.query(sql.breakerSwap, [provider, before, after]);
          return written.rows.length === 1;
        },
        change,
      ),

    async breakers() {
      const { rows } = await pool.query(sql.breakerAll, []);
      const out: Record<string, BreakerRow> = {};
      for (const { provider, state } of rows as { provider: string; state: unknown }[]) {
        const row = rowOf(state);
        if (row) out[provider] = row;
      }
      return out;
    },

    async hit(key, windowMs) {
      const row = (await pool.query(sql.hit, [key, Math.max(1, Math.round(windowMs))])).rows[0];
      return { count: Number(row?.count), resetAtMs: Number(row?.reset_at_ms) };
    },

    ...postgresAttempts(pool, schema),

    openSessions: postgresSessionStore(pool, sql),

    async close() {
      closed = true;
      listeners.clear();
      await listening;
      listening = null;
      stopListening();
    },
  };
}

function recordOf(row: Record<string, unknown> | undefined): DecisionRecord | null {
  if (!row || typeof row.user_id !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const sessionId = text(row.session_id);
  const referenceId = text(row.reference_id);
  return {
    provider: String(row.provider),
    ...(sessionId && { sessionId }),
    ...(referenceId && { referenceId }),
    decision: row.decision as DecisionRecord['decision'],
    occurredAt: new Date(row.shown_at as string | Date).toISOString(),
    eventId: String(row.event_id),
    userId: row.user_id,
  };
}
