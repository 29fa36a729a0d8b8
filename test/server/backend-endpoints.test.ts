/**
 * createKycBackend's session and decision routes over real HTTP (in-memory store): who may ask, what is bound, and
 * the decision endpoint's wire format as docs/server.md gives it (a browser-free client in support/sse.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKycBackend, memoryStore, type KycStore } from '../../src/server/index';
import { PAGE_ORIGIN, SECRET, sessionIdFor, startBackend, webhookAt, type TestBackend } from './support/backend';
import { openDecisionStream } from './support/sse';

let backend: TestBackend;
let persona = '';

beforeAll(async () => {
  backend = await startBackend({
    // Persona's session client knows the inquiry id it created; the others bind by reference (the user id).
    sessionIdOf: (provider) => (provider === 'persona' ? persona : undefined),
    decisionStream: { heartbeatMs: 100, lifetimeMs: 3000, maxPerUser: 3 },
  });
});
afterAll(() => backend?.close());

const streamUrl = (query: Record<string, string> = {}) => {
  const url = new URL(`${backend.origin}/decision`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.href;
};

describe('session: the widget’s session endpoint', () => {
  it('refuses a signed-out request with 401 and creates nothing', async () => {
    const before = backend.created.length;
    const [status, body] = await backend.startSession(null, 'veriff');
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: { code: 'unauthenticated' } });
    expect(backend.created.length).toBe(before);
  });

  it('hands createSession the user and the Idempotency-Key bound to them; the widget never sees the binding ids', async () => {
    persona = sessionIdFor('persona');
    const [status, body] = await backend.startSession('user-s1', 'persona', { 'Idempotency-Key': 'attempt-1' });
    expect(status).toBe(200);
    expect(body).toEqual({ provider: 'persona', sessionUrl: 'https://verify.example/session' });
    const mine = backend.created.at(-1)!;
    expect(mine).toMatchObject({ provider: 'persona', userId: 'user-s1' });
    // A digest of the user, the provider and the widget's key: another user's same key names another create.
    expect(mine.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    await backend.startSession('user-s1b', 'persona', { 'Idempotency-Key': 'attempt-1' });
    expect(backend.created.at(-1)).toMatchObject({ userId: 'user-s1b' });
    expect(backend.created.at(-1)!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(backend.created.at(-1)!.idempotencyKey).not.toBe(mine.idempotencyKey);
  });

  it('binds the session to its user: the webhook’s decision reaches that user only', async () => {
    persona = sessionIdFor('persona');
    await backend.startSession('user-s2', 'persona');
    backend.clock.ms = Date.now();
    const webhook = webhookAt('persona', backend.clock.ms, 'approved', persona, 'not-the-user-id');
    expect((await backend.deliver('persona', webhook))[0]).toBe(200);
    expect(await backend.decision('user-s2', { provider: 'persona', sessionId: persona })).toMatchObject({
      decision: 'approved',
      provider: 'persona',
      sessionId: persona,
    });
    // Another signed-in user asking for that very session gets nothing, and neither does anyone's "latest".
    expect(await backend.decision('user-other', { provider: 'persona', sessionId: persona })).toEqual({
      decision: null,
    });
    expect(await backend.decision('user-other')).toEqual({ decision: null });
    expect(await backend.kyc.decisionOf('user-other')).toBeNull();
    expect(await backend.kyc.decisionOf('user-s2')).toMatchObject({ decision: 'approved', sessionId: persona });
  });
});

describe('session: one authorize, one limit, one count per create', () => {
  it('hands the open session out again until a webhook decides it; the next start then creates a new one', async () => {
    const made: string[] = [];
    const one = await startBackend({
      sessionIdOf: (provider) => {
        made.push(sessionIdFor(provider));
        return made.at(-1);
      },
    });
    try {
      await one.startSession('user-f', 'persona');
      await one.startSession('user-f', 'persona');
      expect(one.created).toHaveLength(1);
      one.clock.ms = Date.now();
      await one.deliver('persona', webhookAt('persona', one.clock.ms, 'declined', made[0]!, 'user-f'));
      await one.startSession('user-f', 'persona');
      expect(one.created).toHaveLength(2);
    } finally {
      await one.close();
    }
  });

  it('a user already approved (or under review) gets the decision instead of a new session; after a decline, a new one', async () => {
    const made: string[] = [];
    const one = await startBackend({
      sessionIdOf: (provider) => {
        made.push(sessionIdFor(provider));
        return made.at(-1);
      },
    });
    try {
      // The control: a first start creates a session.
      expect((await one.startSession('user-d', 'persona'))[0]).toBe(200);
      expect(one.created).toHaveLength(1);
      one.clock.ms = Date.now();
      await one.deliver('persona', webhookAt('persona', one.clock.ms, 'approved', made[0]!, 'user-d'));
      // Approved: the next start (a reload) is told so, and nothing is created or charged.
      const [status, body] = await one.startSession('user-d', 'persona');
      expect(status).toBe(200);
      expect(body).toEqual({ provider: 'persona', decision: 'approved' });
      expect(one.created).toHaveLength(1);
      // Another provider is another verification.
      await one.startSession('user-d', 'veriff');
      expect(one.created).toHaveLength(2);
      // Declined: the person may try again, with a new session.
      one.clock.ms = Date.now() + 1000;
      await one.deliver('persona', webhookAt('persona', one.clock.ms, 'declined', made[0]!, 'user-d'));
      const [, again] = await one.startSession('user-d', 'persona');
      expect(again).toMatchObject({ provider: 'persona', sessionUrl: expect.any(String) as string });
      expect(one.created).toHaveLength(3);
    } finally {
      await one.close();
    }
  });

  it('asks authorize once per request, and nothing more of a signed-out one', async () => {
    const asked: string[] = [];
    const one = await startBackend({
      authorize: (request) => {
        asked.push(new URL(request.url).pathname);
        return request.headers.get('X-Test-User');
      },
    });
    try {
      expect((await one.startSession('user-a1', 'persona'))[0]).toBe(200); // a create
      expect((await one.startSession('user-a1', 'persona'))[0]).toBe(200); // the open session again
      expect((await one.startSession(null, 'persona'))[0]).toBe(401);
      expect(asked).toEqual(['/session', '/session', '/session']);
      expect(one.created).toHaveLength(1);
      await one.decision('user-a1');
      expect(asked).toEqual(['/session', '/session', '/session', '/decision']);
    } finally {
      await one.close();
    }
  });

  it('answers 500 for an authorize that throws or names no string, on both endpoints, and tells onError where', async () => {
    const told: string[] = [];
    const one = await startBackend({
      authorize: (request) => {
        const user = request.headers.get('X-Test-User');
        if (user === 'throws') throw new Error('the session store is down');
        return (user === 'number' ? 42 : user) as string | null;
      },
      onError: (_, where) => told.push(where),
    });
    try {
      for (const user of ['throws', 'number']) {
        expect((await one.startSession(user, 'persona'))[0]).toBe(500);
        expect((await fetch(`${one.origin}/decision`, { headers: { 'X-Test-User': user } })).status).toBe(500);
      }
      expect(one.created).toHaveLength(0);
      expect(told).toEqual(['session', 'authorize', 'session', 'authorize']);
    } finally {
      await one.close();
    }
  });

  it("counts each create once, in the backend's store; over the limit: 429 with Retry-After, nothing created", async () => {
    const store = memoryStore();
    const hits: string[] = [];
    const counting: KycStore = {
      ...store,
      hit: (key, windowMs) => {
        hits.push(key);
        return store.hit(key, windowMs);
      },
    };
    const one = await startBackend({ store: counting, limit: { max: 2, windowMs: 60_000 } });
    try {
      expect((await one.startSession('user-l', 'persona'))[0]).toBe(200);
      // The open session handed out again: no create, nothing counted.
      expect((await one.startSession('user-l', 'persona'))[0]).toBe(200);
      expect((await one.startSession('user-l', 'veriff'))[0]).toBe(200);
      const [status, body, headers] = await one.startSession('user-l', 'didit');
      expect(status).toBe(429);
      expect(body).toMatchObject({ error: { code: 'too-many-sessions' } });
      const retryAfter = Number(headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(one.created.map((made) => made.provider)).toEqual(['persona', 'veriff']);
      // One hit per create tried (two made, one refused), in the store the backend was given.
      expect(hits).toEqual(['user:user-l', 'user:user-l', 'user:user-l']);
      // Another user has a limit of their own.
      expect((await one.startSession('user-m', 'didit'))[0]).toBe(200);
    } finally {
      await one.close();
    }
  });
});

describe('decision: JSON', () => {
  it('is {decision: null} until a verified webhook decides, then the decision; 401 signed out', async () => {
    await backend.startSession('user-j', 'idenfy');
    expect(await backend.decision('user-j', { provider: 'idenfy' })).toEqual({ decision: null });
    backend.clock.ms = Date.now();
    const scanRef = sessionIdFor('idenfy');
    await backend.deliver('idenfy', webhookAt('idenfy', backend.clock.ms, 'declined', scanRef, 'user-j'));
    const answer = await backend.decision('user-j', { provider: 'idenfy' });
    expect(answer).toEqual({
      decision: 'declined',
      provider: 'idenfy',
      sessionId: scanRef,
      occurredAt: new Date(Math.floor(backend.clock.ms / 1000) * 1000).toISOString(),
    });
    const signedOut = await fetch(streamUrl({ provider: 'idenfy' }));
    expect(signedOut.status).toBe(401);
  });

  it('refuses a malformed query, another method, and an origin that is not allowed; answers CORS to an allowed one', async () => {
    const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
      fetch(url, { method, headers: { 'X-Test-User': 'user-j', ...headers } });
    expect((await get(streamUrl({ provider: 'Not A Provider' }))).status).toBe(400);
    expect((await get(streamUrl({ sessionId: 'a b' }))).status).toBe(400);
    expect((await get(streamUrl(), {}, 'POST')).status).toBe(405);
    expect((await get(streamUrl(), { Origin: 'https://evil.example' })).status).toBe(403);
    const allowed = await get(streamUrl(), { Origin: PAGE_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(PAGE_ORIGIN);
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true');
  });
});

describe('decision: Server-Sent Events', () => {
  it('delivers the decision recorded while the stream is open, then ends the stream', async () => {
    await backend.startSession('user-e', 'didit');
    const stream = await openDecisionStream(streamUrl({ provider: 'didit' }), { 'X-Test-User': 'user-e' });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => stream.seen.length).toBeGreaterThan(0);
    expect(stream.seen[0]).toEqual({ event: 'retry', data: '3000' });
    backend.clock.ms = Date.now();
    const sessionId = sessionIdFor('didit');
    await backend.deliver('didit', webhookAt('didit', backend.clock.ms, 'approved', sessionId, 'user-e'));
    const got = await stream.decision;
    expect(got?.data).toMatchObject({ decision: 'approved', provider: 'didit', sessionId });
    await stream.ended;
  });

  it('answers at once when the decision is known, keeps the stream alive with heartbeats, and ends it after its lifetime', async () => {
    await backend.startSession('user-k', 'veriff');
    backend.clock.ms = Date.now();
    await backend.deliver('veriff', webhookAt('veriff', backend.clock.ms, 'review', sessionIdFor('veriff'), 'user-k'));
    const known = await openDecisionStream(streamUrl({ provider: 'veriff' }), { 'X-Test-User': 'user-k' });
    expect((await known.decision)?.data).toMatchObject({ decision: 'review' });

    const waiting = await openDecisionStream(streamUrl({ provider: 'sumsub' }), { 'X-Test-User': 'user-nobody' });
    const opened = performance.now();
    await waiting.ended;
    // The lifetime is 3 s (a deadline the endpoint enforces): generous margins either way.
    expect(performance.now() - opened).toBeGreaterThan(2500);
    expect(waiting.seen.filter((one) => one.event === ':' && one.data === 'heartbeat').length).toBeGreaterThan(5);
    expect(await waiting.decision).toBeNull();
  });

  it('never sends one user’s decision to another user’s stream', async () => {
    await backend.startSession('user-a', 'sumsub');
    const mine = await openDecisionStream(streamUrl({ provider: 'sumsub' }), { 'X-Test-User': 'user-a' });
    const theirs = await openDecisionStream(streamUrl({ provider: 'sumsub' }), { 'X-Test-User': 'user-b' });
    backend.clock.ms = Date.now();
    await backend.deliver(
      'sumsub',
      webhookAt('sumsub', backend.clock.ms, 'approved', sessionIdFor('sumsub'), 'user-a'),
    );
    // user-a's stream proves the decision was delivered; user-b's then runs to its end with nothing.
    expect((await mine.decision)?.data).toMatchObject({ decision: 'approved' });
    await theirs.ended;
    expect(await theirs.decision).toBeNull();
  });

  it('limits open streams per user (429), and a closed one frees its place', async () => {
    const open = await Promise.all(
      [1, 2, 3].map(() => openDecisionStream(streamUrl({ provider: 'caf' }), { 'X-Test-User': 'user-s' })),
    );
    expect(open.map((one) => one.status)).toEqual([200, 200, 200]);
    const fourth = await fetch(streamUrl({ provider: 'caf' }), {
      headers: { Accept: 'text/event-stream', 'X-Test-User': 'user-s' },
    });
    expect(fourth.status).toBe(429);
    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openDecisionStream(streamUrl({ provider: 'caf' }), { 'X-Test-User': 'user-s' });
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const one of open) one.close();
  });
});

describe('createKycBackend: configuration mistakes are errors at construction', () => {
  const base = {
    authorize: () => 'u',
    createSession: () => Promise.resolve({ sessionUrl: 'https://verify.example/' }),
    webhookSecrets: { persona: SECRET },
    allowedOrigins: [PAGE_ORIGIN],
  };
  it.each([
    ['no authorize', { authorize: undefined }, /authorize/],
    ['no allowedOrigins', { allowedOrigins: undefined }, /allowedOrigins/],
    ['a placeholder secret', { webhookSecrets: { sumsub: 'undefined' } }, /sumsub.*secret/],
    ['a blank secret in a rotation', { webhookSecrets: { veriff: [SECRET, ' '] } }, /veriff.*secret/],
  ])('%s', (_, change, message) => {
    expect(() => createKycBackend({ ...base, ...change } as never)).toThrow(message);
  });
});
