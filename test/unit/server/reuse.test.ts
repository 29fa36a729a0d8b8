import { describe, expect, it } from 'vitest';
import { memorySessionStore, sessionReuse, type ReuseOptions, type SessionStore } from '../../../src/server/reuse';
import type { SessionProvider, SessionResult } from '../../../src/server/session-types';

/** What the handler keeps and hands out again, on a clock the test moves: the rules of docs/server.md. */

function setup(expiresInMs?: number, options: ReuseOptions = {}) {
  let clock = Date.UTC(2030, 0, 1);
  let made = 0;
  const now = () => clock;
  const reuse = sessionReuse({ store: memorySessionStore(100, now), ...options }, undefined, now);
  const request = new Request('https://app.example/');
  const ask = (scope: string | null, refresh = false, provider: SessionProvider = 'sumsub') =>
    reuse.obtain(scope, { provider, refresh, request }, () => {
      made++;
      const result: SessionResult = { sessionToken: `tok_${made}_${scope ?? 'anon'}` };
      if (expiresInMs !== undefined) result.expiresAt = new Date(clock + expiresInMs).toISOString();
      return Promise.resolve(result);
    });
  return { ask, reuse, made: () => made, advance: (ms: number) => (clock += ms) };
}

describe('sessionReuse', () => {
  it('the same user twice: one create, the same session', async () => {
    const { ask, made } = setup(600_000);
    const first = await ask('user:alice');
    expect(await ask('user:alice')).toEqual(first);
    expect(made()).toBe(1);
  });

  it('two users: two creates, never each other’s session', async () => {
    const { ask, made } = setup(600_000);
    const alice = await ask('user:alice');
    const bob = await ask('user:bob');
    expect(bob.sessionToken).not.toBe(alice.sessionToken);
    expect(bob.sessionToken).toContain('bob');
    expect(made()).toBe(2);
  });

  it('refresh of a session younger than the minimum age: that session, not a new one', async () => {
    const { ask, made, advance } = setup(600_000);
    const first = await ask('user:alice');
    advance(29_000);
    expect(await ask('user:alice', true)).toEqual(first);
    expect(made()).toBe(1);
  });

  it('refresh once the session is older than the minimum age: a new session, which is then the one reused', async () => {
    const { ask, made, advance } = setup(600_000);
    const first = await ask('user:alice');
    advance(30_001);
    const renewed = await ask('user:alice', true);
    expect(renewed.sessionToken).not.toBe(first.sessionToken);
    expect(await ask('user:alice')).toEqual(renewed);
    expect(await ask('user:alice', true)).toEqual(renewed); // itself younger than the minimum age now
    expect(made()).toBe(2);
  });

  it('expired (or in its last minute): a new session', async () => {
    const { ask, made, advance } = setup(600_000);
    await ask('user:alice');
    advance(540_001); // within 60 s of expiresAt
    await ask('user:alice');
    expect(made()).toBe(2);
  });

  it('a session shorter-lived than the margin is still the answer for the minimum age, never past its expiry', async () => {
    const { ask, made, advance } = setup(20_000);
    const first = await ask('user:alice');
    advance(10_000);
    expect(await ask('user:alice', true)).toEqual(first);
    advance(10_000); // expired, though younger than the minimum age
    expect(await ask('user:alice')).not.toEqual(first);
    expect(made()).toBe(2);
  });

  it('no expiresAt: reused for ttlMs (15 minutes) at most', async () => {
    const { ask, made, advance } = setup();
    await ask('user:alice');
    advance(14 * 60_000);
    await ask('user:alice');
    expect(made()).toBe(1);
    advance(2 * 60_000);
    await ask('user:alice');
    expect(made()).toBe(2);
  });

  it('no scope: never kept nor joined', async () => {
    const { ask, made } = setup(600_000);
    await Promise.all([ask(null), ask(null)]);
    expect(made()).toBe(2);
  });

  it('one user, two providers: two sessions', async () => {
    const { ask, made } = setup(600_000);
    await ask('user:alice', false, 'sumsub');
    await ask('user:alice', false, 'idenfy');
    expect(made()).toBe(2);
  });

  it('requests of one user at once, refresh or not: one create', async () => {
    const { ask, made } = setup(600_000);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => ask('user:alice', i % 2 === 0)));
    expect(new Set(all.map((result) => result.sessionToken)).size).toBe(1);
    expect(made()).toBe(1);
  });

  it('a slow store: requests that read it while a create starts still join that create', async () => {
    const slow = memorySessionStore();
    const store: SessionStore = {
      get: (key) => new Promise((resolve) => setTimeout(() => resolve(slow.get(key)), 20)),
      set: (key, value, ttl) => slow.set(key, value, ttl),
      delete: (key) => slow.delete(key),
    };
    const reuse = sessionReuse({ store });
    const request = new Request('https://app.example/');
    let made = 0;
    const create = () =>
      new Promise<SessionResult>((resolve) => setTimeout(() => resolve({ sessionToken: `t${++made}` }), 5));
    const asks = Array.from({ length: 10 }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i)).then(() =>
        reuse.obtain('user:a', { provider: 'veriff', refresh: true, request }, create),
      ),
    );
    const results = await Promise.all(asks);
    expect(new Set(results.map((result) => result.sessionToken)).size).toBe(1);
    expect(made).toBe(1);
  });

  it('another instance sharing the store: a refresh there gets the session younger than the minimum age', async () => {
    let clock = Date.UTC(2030, 0, 1);
    const now = () => clock;
    const shared = memorySessionStore(100, now);
    const [a, b] = [sessionReuse({ store: shared }, undefined, now), sessionReuse({ store: shared }, undefined, now)];
    const request = new Request('https://app.example/');
    let made = 0;
    const create = () => Promise.resolve<SessionResult>({ sessionToken: `t${++made}` });
    const first = await a.obtain('user:a', { provider: 'veriff', refresh: false, request }, create);
    clock += 10_000;
    expect(await b.obtain('user:a', { provider: 'veriff', refresh: true, request }, create)).toEqual(first);
    clock += 25_000;
    expect(await b.obtain('user:a', { provider: 'veriff', refresh: true, request }, create)).not.toEqual(first);
    expect(made).toBe(2);
  });

  it('a failed create is not kept: the next request creates again', async () => {
    const reuse = sessionReuse();
    const request = new Request('https://app.example/');
    let tries = 0;
    const failing = () => Promise.reject(new Error(`down ${++tries}`));
    await expect(reuse.obtain('user:a', { provider: 'veriff', refresh: false, request }, failing)).rejects.toThrow(
      'down 1',
    );
    await expect(reuse.obtain('user:a', { provider: 'veriff', refresh: false, request }, failing)).rejects.toThrow(
      'down 2',
    );
  });

  it('a store that fails to keep a session: the answer still arrives, and the failure is reported', async () => {
    const reported: unknown[] = [];
    const broken: SessionStore = {
      get: () => Promise.resolve(undefined),
      set: () => Promise.reject(new Error('store down')),
      delete: () => Promise.resolve(),
    };
    const reuse = sessionReuse({ store: broken }, (error) => reported.push(error));
    const request = new Request('https://app.example/');
    const result = await reuse.obtain('user:a', { provider: 'veriff', refresh: false, request }, () =>
      Promise.resolve({ sessionToken: 't' }),
    );
    expect(result).toEqual({ sessionToken: 't' });
    expect(String(reported[0])).toContain('store down');
    // This process still hands the young session to a burst of refreshes.
    const again = await reuse.obtain('user:a', { provider: 'veriff', refresh: true, request }, () =>
      Promise.resolve({ sessionToken: 'second' }),
    );
    expect(again).toEqual({ sessionToken: 't' });
  });

  it('forget drops a finished session', async () => {
    const { ask, made, reuse } = setup(600_000);
    await ask('user:alice');
    await reuse.forget('sumsub', 'user:alice');
    await ask('user:alice');
    expect(made()).toBe(2);
  });

  it('the memory store keeps at most its bound, dropping the oldest', async () => {
    const store = memorySessionStore(2);
    const entry = {
      result: { sessionToken: 't' },
      createdAt: Date.now(),
      reuseUntil: Date.now() + 60_000,
      expiresAt: Date.now() + 60_000,
    };
    await store.set('a', entry, 60_000);
    await store.set('b', entry, 60_000);
    await store.set('c', entry, 60_000);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('c')).toEqual(entry);
  });

  it('refuses a store without its methods, and negative durations, at construction', () => {
    expect(() => sessionReuse({ store: {} as never })).toThrow(TypeError);
    expect(() => sessionReuse({ minAgeMs: -1 })).toThrow(TypeError);
  });
});
