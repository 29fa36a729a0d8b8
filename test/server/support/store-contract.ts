/**
 * The rules every KycStore keeps (src/server/backend/store.ts), as one suite run against memoryStore and against
 * postgresStore on the real PostgreSQL.
 */
import { expect, it } from 'vitest';
import { attemptsOf } from '../../../src/server/backend/attempts';
import type { KycStore, StoredEvent } from '../../../src/server/index';

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const T = Date.UTC(2026, 0, 1);

const event = (over: Partial<StoredEvent> & Pick<StoredEvent, 'sessionId'>): StoredEvent => ({
  provider: 'persona',
  eventId: unique('evt'),
  event: 'inquiry.approved',
  decision: 'approved',
  occurredAtMs: T,
  ...over,
});

export function storeContract(store: () => KycStore): void {
  it('records an event once per (provider, eventId); the same id under another provider is another event', async () => {
    const user = unique('u');
    const sessionId = unique('inq');
    await store().bind({ provider: 'persona', userId: user, sessionId });
    const first = event({ sessionId });
    expect(await store().record(first)).toEqual({ duplicate: false, changed: true, userId: user });
    expect(await store().record(first)).toEqual({ duplicate: true, changed: false, userId: user });
    expect(await store().record({ ...first, decision: 'declined', occurredAtMs: T + 1 })).toMatchObject({
      duplicate: true,
    });
    expect(await store().current({ userId: user, sessionId })).toMatchObject({ decision: 'approved' });
    expect(await store().record({ ...first, provider: 'veriff' })).toMatchObject({ duplicate: false });
  });

  it('keeps per session the decision that occurred last, whatever the order of arrival', async () => {
    const user = unique('u');
    const sessionId = unique('inq');
    await store().bind({ provider: 'persona', userId: user, sessionId });
    const at = (s: number, decision: 'approved' | 'declined' | 'review') =>
      event({ sessionId, decision, occurredAtMs: T + s * 1000 });
    expect(await store().record(at(2, 'declined'))).toMatchObject({ changed: true });
    expect(await store().record(at(1, 'approved'))).toMatchObject({ duplicate: false, changed: false });
    expect(await store().current({ userId: user, sessionId })).toMatchObject({ decision: 'declined' });
    expect(await store().record(at(3, 'review'))).toMatchObject({ changed: true });
    const kept = await store().current({ userId: user, sessionId });
    expect(kept).toMatchObject({
      decision: 'review',
      occurredAt: new Date(T + 3000).toISOString(),
      provider: 'persona',
    });
    // A tie: the one recorded last wins (distinct events with one second-resolution time).
    expect(await store().record(at(3, 'approved'))).toMatchObject({ changed: true });
    expect(await store().current({ userId: user, sessionId })).toMatchObject({ decision: 'approved' });
  });

  it('an event without a time never replaces a decision with one; one with a time replaces one without', async () => {
    const user = unique('u');
    const sessionId = unique('inq');
    await store().bind({ provider: 'persona', userId: user, sessionId });
    expect(await store().record(event({ sessionId, occurredAtMs: undefined, decision: 'review' }))).toMatchObject({
      changed: true,
    });
    expect(await store().record(event({ sessionId, occurredAtMs: undefined, decision: 'declined' }))).toMatchObject({
      changed: true,
    });
    expect(await store().record(event({ sessionId, decision: 'approved' }))).toMatchObject({ changed: true });
    expect(await store().record(event({ sessionId, occurredAtMs: undefined, decision: 'declined' }))).toMatchObject({
      changed: false,
    });
    expect(await store().current({ userId: user, sessionId })).toMatchObject({ decision: 'approved' });
  });

  it('records events without a decision, and they change no decision', async () => {
    const user = unique('u');
    const sessionId = unique('inq');
    await store().bind({ provider: 'persona', userId: user, sessionId });
    const started = event({ sessionId, event: 'inquiry.started', decision: null, occurredAtMs: T + 5000 });
    expect(await store().record(started)).toEqual({ duplicate: false, changed: false, userId: user });
    expect(await store().record(started)).toMatchObject({ duplicate: true });
    expect(await store().current({ userId: user, sessionId })).toBeNull();
  });

  it('gives a decision to the user bound by session id, else by reference; the first binding owns an id', async () => {
    const [alice, bob] = [unique('alice'), unique('bob')];
    const [s1, s2, s3] = [unique('inq'), unique('inq'), unique('inq')];
    await store().bind({ provider: 'persona', userId: alice, sessionId: s1 });
    await store().bind({ provider: 'persona', userId: bob, sessionId: s1 });
    await store().bind({ provider: 'sumsub', userId: bob, referenceId: bob });
    expect(await store().record(event({ sessionId: s1, referenceId: bob }))).toMatchObject({ userId: alice });
    // A session id that no binding has: its reference counts only for a binding made without a session id (bob's
    // sumsub), and only for an event after that binding.
    expect(
      await store().record(event({ provider: 'sumsub', sessionId: s2, referenceId: bob, occurredAtMs: Date.now() })),
    ).toMatchObject({ userId: bob });
    expect(
      await store().record(
        event({ provider: 'sumsub', sessionId: unique('inq'), referenceId: bob, occurredAtMs: Date.now() - 3_600_000 }),
      ),
    ).toMatchObject({ userId: null });
    // Alice's persona binding has a session id: her user id as a reference on another session gives her nothing.
    await store().bind({ provider: 'persona', userId: alice, sessionId: unique('inq'), referenceId: alice });
    expect(await store().record(event({ sessionId: unique('inq'), referenceId: alice }))).toMatchObject({
      userId: null,
    });
    // Nobody created s3 and its reference is nobody's: recorded, but nobody's decision.
    expect(await store().record(event({ sessionId: s3, referenceId: unique('stranger') }))).toEqual({
      duplicate: false,
      changed: true,
      userId: null,
    });
    expect(await store().current({ userId: bob, sessionId: s1 })).toBeNull();
    expect(await store().current({ userId: alice, sessionId: s1 })).toMatchObject({ decision: 'approved' });
    expect(await store().current({ userId: bob, provider: 'sumsub' })).toMatchObject({
      sessionId: s2,
      decision: 'approved',
    });
    expect(await store().current({ userId: alice, sessionId: s3 })).toBeNull();
  });

  it('answers the widget with its latest created session, and decisionOf with the decision that occurred last', async () => {
    const user = unique('u');
    const [old, current] = [unique('veriff'), unique('veriff')];
    await store().bind({ provider: 'veriff', userId: user, sessionId: old });
    await store().record(event({ provider: 'veriff', sessionId: old, decision: 'declined', occurredAtMs: T }));
    await store().bind({ provider: 'veriff', userId: user, sessionId: current });
    // The new session has no decision yet: the widget waits rather than showing the old one.
    expect(await store().current({ userId: user, provider: 'veriff' })).toBeNull();
    expect(await store().latest(user)).toMatchObject({ sessionId: old, decision: 'declined' });
    await store().record(
      event({ provider: 'veriff', sessionId: current, decision: 'approved', occurredAtMs: T + 60_000 }),
    );
    expect(await store().current({ userId: user, provider: 'veriff' })).toMatchObject({
      sessionId: current,
      decision: 'approved',
    });
    expect(await store().current({ userId: user })).toMatchObject({ sessionId: current });
    expect(await store().latest(user)).toMatchObject({ sessionId: current, decision: 'approved', userId: user });
    expect(await store().latest(unique('nobody'))).toBeNull();
  });

  it('tells subscribers of a change for its user, and of nothing else', async () => {
    const user = unique('u');
    const sessionId = unique('inq');
    await store().bind({ provider: 'persona', userId: user, sessionId });
    const heard: { userId: string; provider: string }[] = [];
    // Another user's changes are the marker that the subscription is live (PostgreSQL: its LISTEN connection is up):
    // a change recorded before that would not be heard, so the probe is recorded again until one is.
    const probeUser = unique('probe');
    const probeSession = unique('inq');
    await store().bind({ provider: 'persona', userId: probeUser, sessionId: probeSession });
    let probed = false;
    const stop = store().subscribe((change) => {
      if (change.userId === user) heard.push(change);
      if (change.userId === probeUser) probed = true;
    });
    try {
      for (let i = 1; !probed; i++) {
        await store().record(event({ sessionId: probeSession, occurredAtMs: T + i }));
        await expect
          .poll(() => probed, { timeout: 250, interval: 10 })
          .toBe(true)
          .catch(() => expect(i, 'the subscription never heard a change').toBeLessThan(40));
      }
      const first = event({ sessionId, occurredAtMs: T + 10_000 });
      await store().record(first);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toEqual({ userId: user, provider: 'persona' });
      await store().record(first); // a duplicate
      await store().record(event({ sessionId, occurredAtMs: T })); // older: no change
      await store().record(event({ sessionId, occurredAtMs: T + 20_000, decision: 'declined' }));
      // A fence: notifications arrive in commit order, so once this Veriff change is heard, any notification the
      // duplicate or the older event had caused would have been heard before it.
      const fence = unique('veriff');
      await store().bind({ provider: 'veriff', userId: user, sessionId: fence });
      await store().record(event({ provider: 'veriff', sessionId: fence }));
      await expect.poll(() => heard.some((change) => change.provider === 'veriff')).toBe(true);
      expect(heard.filter((change) => change.provider === 'persona')).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('counts hits in a fixed window per key', async () => {
    // Counting in a window that a loaded machine cannot outlast (a minute); the end of a window on a key of its own.
    const key = unique('limit');
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await store().hit(key, 60_000)).count);
    expect(counts).toEqual([1, 2, 3]);
    expect((await store().hit(unique('limit'), 60_000)).count).toBe(1);
    const { resetAtMs } = await store().hit(key, 60_000);
    expect(resetAtMs).toBeGreaterThan(Date.now());
    const short = unique('limit');
    expect((await store().hit(short, 300)).count).toBe(1);
    // fixed wait: the window's end is the subject, and the store takes no clock; 300 ms past a 300 ms window
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await store().hit(short, 300)).count).toBe(1);
  });

  it('keeps the open sessions the session endpoint hands out again, until their time-to-live; forgets on delete', async () => {
    const sessions = store().openSessions;
    // The handler's keys: provider, NUL, the user's scope.
    const key = `persona\u0000user:${unique('u')}`;
    const other = `persona\u0000user:${unique('u')}`;
    const kept = {
      result: { sessionUrl: 'https://verify.example/s', sessionId: 'inq_kept1' },
      createdAt: Date.now(),
      reuseUntil: Date.now() + 60_000,
      expiresAt: Date.now() + 60_000,
    };
    expect(await sessions.get(key)).toBeUndefined();
    await sessions.set(key, kept, 60_000);
    expect(await sessions.get(key)).toEqual(kept);
    expect(await sessions.get(other)).toBeUndefined();
    // The handler gives the time-to-live as the entry's own expiresAt, from now.
    await sessions.set(other, { ...kept, reuseUntil: Date.now() + 300, expiresAt: Date.now() + 300 }, 300);
    // fixed wait: the time-to-live's end is the subject, and the store takes no clock (the kept key lives a minute)
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sessions.get(other)).toBeUndefined();
    await sessions.delete(key);
    expect(await sessions.get(key)).toBeUndefined();
  });

  it('keeps the attempts ledger: each attempt once, its end once, its outcome from its own session', async () => {
    const s = store();
    const user = unique('u');
    const veriff = unique('vs');
    const persona = unique('inq');
    const ledger = async (userId: string) =>
      attemptsOf(await s.attempts!(userId)).map((a) => [a.provider, a.outcome, a.ended ?? null]);
    await s.bind({ provider: 'veriff', userId: user, sessionId: veriff });
    expect(await ledger(user)).toEqual([['veriff', 'open', null]]);
    // The widget left Veriff; a second report (a retried request, another instance) changes nothing.
    await s.attemptEnded!({ provider: 'veriff', userId: user, reason: 'frame-load-timeout' });
    await s.attemptEnded!({ provider: 'veriff', userId: user, reason: 'provider-error' });
    // Another user's report ends nothing of this user's.
    await s.attemptEnded!({ provider: 'persona', userId: unique('u'), reason: 'frame-load-timeout' });
    await s.attemptEnded!({ provider: 'persona', userId: user, reason: 'create-failed', sessionless: true });
    await s.bind({ provider: 'persona', userId: user, sessionId: persona });
    await s.record(event({ sessionId: persona, decision: 'review', occurredAtMs: T + 1000 }));
    await s.record(event({ sessionId: persona, decision: 'approved', occurredAtMs: T + 2000 }));
    // A late webhook of the provider the user left: its own attempt's outcome, never the user's decision.
    await s.record(event({ provider: 'veriff', sessionId: veriff, decision: 'declined', occurredAtMs: T + 1500 }));
    expect(await ledger(user)).toEqual([
      ['veriff', 'declined', 'frame-load-timeout'],
      ['persona', 'failed', 'create-failed'],
      ['persona', 'approved', 'decided'],
    ]);
    expect(await s.latest(user)).toMatchObject({ provider: 'persona', decision: 'approved' });
    const [left, , decided] = attemptsOf(await s.attempts!(user));
    expect(left).toMatchObject({ sessionId: veriff });
    expect(decided).toMatchObject({ sessionId: persona, endedAt: new Date(T + 2000).toISOString() });

    // A session replaced by a later one before it ended; a report on a provider whose latest attempt ended already.
    const other = unique('u');
    await s.bind({ provider: 'sumsub', userId: other, referenceId: other });
    await s.bind({ provider: 'sumsub', userId: other, referenceId: other });
    expect(await ledger(other)).toEqual([
      ['sumsub', 'replaced', 'replaced'],
      ['sumsub', 'open', null],
    ]);
    await s.attemptEnded!({ provider: 'sumsub', userId: other, reason: 'session-expired' });
    await s.attemptEnded!({ provider: 'sumsub', userId: other, reason: 'frame-load-timeout' });
    expect(await ledger(other)).toEqual([
      ['sumsub', 'replaced', 'replaced'],
      ['sumsub', 'failed', 'session-expired'],
    ]);
  });
}
