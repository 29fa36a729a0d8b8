import type { LimitStore } from './limits';
import type { SessionStore, StoredSession } from './reuse';
import { isPlainObject, randomToken } from './values';

/**
 * Redis for what several instances of the app must share: the limit's counters (an atomic increment with an
 * expiry: what Redis does in one step, where a table would need a row lock and a sweep) and the sessions handed out
 * again, with a claim so that one instance at a time makes a user's session. No client library is imported: give
 * the one you use as a function that sends one command.
 *
 * ```ts
 * const command = (args: string[]) => client.sendCommand(args); // node-redis (`redis`, `@redis/client`)
 * const command = (args: string[]) => client.call(...args);      // ioredis
 * ```
 */
export type RedisCommand = (args: string[]) => Promise<unknown>;

export interface RedisStoreOptions {
  command: RedisCommand;
  /** Put before every key (default `kyc:`), so that the store's keys never meet your own. */
  prefix?: string;
}

// The window starts at the first create: INCR, and PEXPIRE only then. A key found without an expiry (written by
// something else) is given one rather than counting forever.
const HIT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// Deletes the claim only when it is still ours (it may have expired and been taken by another instance).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

function checked(options: RedisStoreOptions, what: string): { command: RedisCommand; prefix: string } {
  if (typeof options?.command !== 'function')
    throw new TypeError(`${what}: command must be a function that sends one Redis command`);
  const prefix = options.prefix ?? 'kyc:';
  if (typeof prefix !== 'string') throw new TypeError(`${what}: prefix must be a string`);
  return { command: options.command, prefix };
}

/** The limit's counters in Redis: one key per user (or client address) per window, expiring with it. */
export function redisLimitStore(options: RedisStoreOptions): LimitStore {
  const { command, prefix } = checked(options, 'redisLimitStore');
  return {
    async hit(key, windowMs) {
      const reply = await command(['EVAL', HIT, '1', `${prefix}limit:${key}`, String(windowMs)]);
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [NaN, NaN];
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error('redisLimitStore: unexpected reply');
      return { count, resetAtMs: Date.now() + ttl };
    },
  };
}

/** The sessions handed out again, as JSON with the entry's expiry; a claim makes other instances wait for it. */
export function redisSessionStore(options: RedisStoreOptions): SessionStore {
  const { command, prefix } = checked(options, 'redisSessionStore');
  const sessionKey = (key: string) => `${prefix}session:${key}`;
  const claimKey = (key: string) => `${prefix}creating:${key}`;
  const token = randomToken();
  return {
    async get(key) {
      const text = await command(['GET', sessionKey(key)]);
      if (typeof text !== 'string') return undefined;
      try {
        const value = JSON.parse(text) as unknown;
        return isPlainObject(value) ? (value as unknown as StoredSession) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, value, ttlMs) {
      await command(['SET', sessionKey(key), JSON.stringify(value), 'PX', String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async delete(key) {
      await command(['DEL', sessionKey(key)]);
    },
    async claim(key, ttlMs) {
      const reply = await command(['SET', claimKey(key), token, 'NX', 'PX', String(Math.max(1, Math.ceil(ttlMs)))]);
      return reply === 'OK';
    },
    async release(key) {
      await command(['EVAL', RELEASE, '1', claimKey(key), token]);
    },
  };
}
