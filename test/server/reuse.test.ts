import { describe, expect, it } from 'vitest';
import { memorySessionStore, reuseOpenSessions } from '../../src/server/reuse';
import type { SessionContext, SessionProvider, SessionResult } from '../../src/server/session-handler';

/** Providers charge per session: the same user gets their open session back, and nobody else does. */

function setup(expiresInMs?: number) {
  let clock = Date.UTC(2030, 0, 1);
  let made = 0;
  const provider = (context: SessionContext): Promise<SessionResult> => {
    made++;
    const result: SessionResult = { sessionToken: `tok_${made}_${context.request.headers.get('x-user') ?? 'anon'}` };
    if (expiresInMs !== undefined) result.expiresAt = clock + expiresInMs;
    return Promise.resolve(result);
  };
  const now = () => clock;
  const create = reuseOpenSessions(provider, {
    key: ({ request }) => request.headers.get('x-user'),
    now,
    store: memorySessionStore(100, now),
  });
  const ask = (user: string | null, refresh = false, name: SessionProvider = 'sumsub') =>
    create({
      provider: name,
      locale: 'en',
      refresh,
      request: new Request('https://app.example/', { headers: user ? { 'x-user': user } : {} }),
      signal: new AbortController().signal,
    });
  return { ask, made: () => made, advance: (ms: number) => (clock += ms), create };
}

describe('reuseOpenSessions', () => {
  it('the same user twice: one provider call, the same session', async () => {
    const { ask, made } = setup(600_000);
    const first = await ask('alice');
    expect(await ask('alice')).toEqual(first);
    expect(made()).toBe(1);
  });

  it('two users: two calls, never each other’s session', async () => {
    const { ask, made } = setup(600_000);
    const alice = await ask('alice');
    const bob = await ask('bob');
    expect(bob.sessionToken).not.toBe(alice.sessionToken);
    expect(bob.sessionToken).toContain('bob');
    expect(made()).toBe(2);
  });

  it('refresh: a new session, which is then the one reused', async () => {
    const { ask, made } = setup(600_000);
    const first = await ask('alice');
    const renewed = await ask('alice', true);
    expect(renewed.sessionToken).not.toBe(first.sessionToken);
    expect(await ask('alice')).toEqual(renewed);
    expect(made()).toBe(2);
  });

  it('expired (or in its last minute): a new session', async () => {
    const { ask, made, advance } = setup(600_000);
    await ask('alice');
    advance(540_001); // within 60 s of expiresAt
    await ask('alice');
    expect(made()).toBe(2);
  });

  it('no expiresAt: reused for ttlMs (15 minutes) at most', async () => {
    const { ask, made, advance } = setup();
    await ask('alice');
    advance(14 * 60_000);
    await ask('alice');
    expect(made()).toBe(1);
    advance(2 * 60_000);
    await ask('alice');
    expect(made()).toBe(2);
  });

  it('no key (no signed-in user): never reused', async () => {
    const { ask, made } = setup(600_000);
    await ask(null);
    await ask(null);
    expect(made()).toBe(2);
  });

  it('one user, two providers: two sessions', async () => {
    const { ask, made } = setup(600_000);
    await ask('alice', false, 'sumsub');
    await ask('alice', false, 'idenfy');
    expect(made()).toBe(2);
  });

  it('two requests of one user at once: one provider call', async () => {
    const { ask, made } = setup(600_000);
    const [a, b] = await Promise.all([ask('alice'), ask('alice')]);
    expect(a).toEqual(b);
    expect(made()).toBe(1);
  });

  it('forget drops a finished session', async () => {
    const { ask, made, create } = setup(600_000);
    await ask('alice');
    await create.forget('sumsub', 'alice');
    await ask('alice');
    expect(made()).toBe(2);
  });

  it('the memory store keeps at most its bound, dropping the oldest', async () => {
    const store = memorySessionStore(2);
    const entry = { result: { sessionToken: 't' }, expiresAt: Date.now() + 60_000 };
    await store.set('a', entry, 60_000);
    await store.set('b', entry, 60_000);
    await store.set('c', entry, 60_000);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('c')).toEqual(entry);
  });
});
