/**
 * The session endpoint's open sessions in PostgreSQL (`postgresStore(…).openSessions`, createSessionHandler's
 * `reuse.store`): every instance hands out the same session to a user, and a claim row lets one instance at a time
 * create it while the others wait for it in the table (the handler's reuse, src/server/reuse.ts).
 */
import type { SessionStore, StoredSession } from '../reuse';
import { isPlainObject, randomToken } from '../values';
import type { statements } from './postgres-sql';
import type { PgQueryable } from './postgres-pool';

/**
 * The handler's keys hold a NUL between provider and scope, which PostgreSQL's text cannot store: percent-encoded
 * (one to one), they can.
 */
const rowKey = (key: string) => encodeURIComponent(key);

const ttl = (ms: number) => Math.max(1, Math.ceil(ms));

export function postgresSessionStore(pool: PgQueryable, sql: ReturnType<typeof statements>): SessionStore {
  // Whose claim a row is: this store's (one per process), so that release never deletes another instance's claim.
  const token = randomToken();
  return {
    async get(key) {
      const value = (await pool.query(sql.openGet, [rowKey(key)])).rows[0]?.value;
      return isPlainObject(value) ? (value as unknown as StoredSession) : undefined;
    },
    async set(key, value, ttlMs) {
      await pool.query(sql.openSet, [rowKey(key), JSON.stringify(value), ttl(ttlMs)]);
    },
    async delete(key) {
      await pool.query(sql.openDelete, [rowKey(key)]);
    },
    async claim(key, ttlMs) {
      return (await pool.query(sql.claim, [rowKey(key), token, ttl(ttlMs)])).rows.length === 1;
    },
    async release(key) {
      await pool.query(sql.release, [rowKey(key), token]);
    },
  };
}
