/**
 * createKycBackend's webhook route over real HTTP (in-memory store): captured deliveries of every signing provider
 * replayed inside and outside the window, with rewritten headers, never change a decision; 1000 duplicate
 * deliveries are one recorded event; events delivered out of order leave the decision of the latest occurredAt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_PROVIDERS } from '../../sandbox/webhooks.mjs';
import { inBatches, sessionIdFor, startBackend, webhookAt, type Built, type TestBackend } from './support/backend';

let backend: TestBackend;
const events: string[] = [];

beforeAll(async () => {
  backend = await startBackend({ onEvent: (event) => void events.push(`${event.provider}:${event.eventId}`) });
});
afterAll(() => backend?.close());

const TIMESTAMPED = new Set(['persona', 'didit', 'generic']);
const MINUTE = 60_000;

/** The captured delivery with its headers rewritten the ways a replayer would try. */
function rewritten(provider: string, captured: Built, nowMs: number): Built[] {
  const lower = Object.fromEntries(Object.entries(captured.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const variants: Record<string, string>[] = [{ ...lower, 'x-forwarded-for': '203.0.113.9', 'user-agent': 'replayer' }];
  const seconds = String(Math.floor(nowMs / 1000));
  if (provider === 'didit') variants.push({ ...lower, 'x-timestamp': seconds });
  if (provider === 'sumsub')
    variants.push(Object.fromEntries(Object.entries(lower).filter(([k]) => k !== 'x-payload-digest-alg')));
  if (provider === 'veriff') variants.push({ ...lower, 'x-auth-client': 'another-client' });
  if (provider === 'persona')
    variants.push({ ...lower, 'persona-signature': lower['persona-signature']!.replace(/t=\d+/, `t=${seconds}`) });
  if (provider === 'generic') variants.push({ ...lower, 'webhook-timestamp': seconds });
  return variants.map((headers) => ({ body: captured.body, headers }));
}

describe.each(SIGNED_PROVIDERS)('%s: a captured webhook replayed never changes the decision', (provider) => {
  it('inside the window, outside it, and with rewritten headers', async () => {
    const user = `user-replay-${provider}`;
    expect((await backend.startSession(user, provider))[0]).toBe(200);
    const sessionId = sessionIdFor(provider);
    // The session is bound by its reference alone: only events that occurred after it was bound are its user's.
    const t0 = Date.now();
    backend.clock.ms = t0;
    const captured = webhookAt(provider, t0, 'approved', sessionId, user);
    expect(await backend.deliver(provider, captured)).toEqual([200, { received: true, duplicate: false }]);
    backend.clock.ms = t0 + MINUTE;
    const later = webhookAt(provider, t0 + MINUTE, 'declined', sessionId, user);
    expect(await backend.deliver(provider, later)).toEqual([200, { received: true, duplicate: false }]);
    const declined = await backend.decision(user, { provider });
    expect(declined).toMatchObject({ decision: 'declined', provider, sessionId });

    const replays: [string, number][] = [];
    for (const [label, at] of [
      ['inside the window', t0 + 2 * MINUTE],
      ['outside the window', t0 + 60 * MINUTE],
    ] as const) {
      backend.clock.ms = at;
      for (const replay of [captured, ...rewritten(provider, captured, at)]) {
        const [status, body] = await backend.deliver(provider, replay);
        replays.push([label, status]);
        // Refused (a stale or broken signature), or recognised as the event already recorded.
        if (status === 200) expect(body).toEqual({ received: true, duplicate: true });
        else expect(status).toBe(401);
        expect(await backend.decision(user, { provider })).toEqual(declined);
      }
    }
    // Timestamped providers refuse every replay outside the window; the others recognise it.
    const outside = replays.filter(([label]) => label === 'outside the window').map(([, status]) => status);
    expect(outside.every((status) => status === (TIMESTAMPED.has(provider) ? 401 : 200))).toBe(true);
    expect(await backend.kyc.decisionOf(user)).toMatchObject({ decision: 'declined', provider });

    // The control: a new event that occurred later does change it, so the replays above could have.
    backend.clock.ms = t0 + 61 * MINUTE;
    expect((await backend.deliver(provider, webhookAt(provider, t0 + 61 * MINUTE, 'review', sessionId, user)))[0]).toBe(
      200,
    );
    expect(await backend.decision(user, { provider })).toMatchObject({ decision: 'review' });
  });

  it('events delivered out of order leave the decision of the one that occurred last', async () => {
    const user = `user-order-${provider}`;
    await backend.startSession(user, provider);
    const sessionId = sessionIdFor(provider);
    const t0 = Date.now();
    const decisions = ['review', 'declined', 'approved', 'review', 'approved', 'declined'] as const;
    // Ten seconds apart: second-resolution times (Didit, iDenfy) keep them distinct.
    const built = decisions.map((decision, i) => webhookAt(provider, t0 + i * 10_000, decision, sessionId, user));
    backend.clock.ms = t0 + MINUTE;
    let latest = -1;
    for (const i of [3, 5, 0, 2, 4, 1]) {
      expect((await backend.deliver(provider, built[i]!))[0]).toBe(200);
      latest = Math.max(latest, i);
      expect(await backend.decision(user, { provider })).toMatchObject({ decision: decisions[latest] });
    }
    expect(await backend.decision(user, { provider, sessionId })).toMatchObject({ decision: 'declined', sessionId });
  });
});

describe('duplicates', () => {
  it.each(['idenfy', 'generic'])('%s: 1000 deliveries of one event are one recorded event', async (provider) => {
    const user = `user-dup-${provider}`;
    await backend.startSession(user, provider);
    backend.clock.ms = Date.now();
    const webhook = webhookAt(provider, backend.clock.ms, 'approved', sessionIdFor(provider), user);
    const before = events.length;
    const results = await inBatches(1000, 50, () => backend.deliver(provider, webhook));
    expect(results.every(([status]) => status === 200)).toBe(true);
    expect(results.filter(([, body]) => body.duplicate === false)).toHaveLength(1);
    expect(results.filter(([, body]) => body.duplicate === true)).toHaveLength(999);
    // onEvent runs after the answer: wait for the one it owes, then check nothing more came.
    await expect.poll(() => events.length).toBe(before + 1);
    expect(await backend.decision(user, { provider })).toMatchObject({ decision: 'approved' });
  });
});
