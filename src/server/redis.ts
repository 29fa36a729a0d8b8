import { swapRow, rowOf, type BreakerRow, type BreakerStore } from './backend/breaker';
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

// Compare-and-set of one field of the breakers' hash: ARGV[2] '1' when a value was read (it must still be ARGV[3]),
// '0' when none was (there must still be none); then HSET. 1 when written.
const SWAP = `local current = redis.call('HGET', KEYS[1], ARGV[1])
if ARGV[2] == '1' then
  if current ~= ARGV[3] then return 0 end
elseif current then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[4])
return 1`;

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

/**
 * The routing's circuit breaker in Redis (`createKycBackend({ breaker: { store: redisBreakerStore({ command }) } })`):
 * one hash, `<prefix>breakers`, a field per provider holding its row as JSON, changed by compare-and-set (a Lua
 * script compares the text read and writes only if it is unchanged; a lost race reads again), so that every
 * instance sharing the Redis counts the same failures and lets one probe through. A value that is not a row (written
 * by something else) counts as none and is replaced.
 */
export function redisBreakerStore(options: RedisStoreOptions): BreakerStore {
  const { command, prefix } = checked(options, 'redisBreakerStore');
  const key = `${prefix}breakers`;
  const parsed = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };
  return {
    breaker: (provider, change) =>
      swapRow(
        async () => {
          const text = await command(['HGET', key, provider]);
          return typeof text === 'string' ? { before: text, value: parsed(text) } : undefined;
        },
        async (before, after) =>
          Number(
            await command(['EVAL', SWAP, '1', key, provider, before === undefined ? '0' : '1', before ?? '', after]),
          ) === 1,
        change,
      ),
    async breakers() {
      const reply = await command(['HGETALL', key]);
      const out: Record<string, BreakerRow> = {};
      // RESP2 answers a flat list of field, value; RESP3 clients may answer an object.
      const pairs = Array.isArray(reply)
        ? Array.from({ length: reply.length >> 1 }, (_, i) => [reply[2 * i], reply[2 * i + 1]] as unknown[])
        : isPlainObject(reply)
          ? Object.entries(reply)
          : [];
      for (const [provider, text] of pairs) {
        const row = typeof text === 'string' ? rowOf(parsed(text)) : undefined;
        if (typeof provider === 'string' && row) out[provider] = row;
      }
      return out;
    },
  };
}
