/**
 * The backend's smaller guards, over real HTTP: a per-instance cap on decision streams; a generic secret that is not
 * Standard Webhooks' whsec_<base64> refused at construction, and an unreadable webhook told to onError; the
 * tolerance in whole seconds; a session client's key never sent over plain http off this machine; a SessionRefusal
 * with a status it may not have answered as a failure; user ids with lone surrogate halves refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../sandbox/webhooks.mjs';
import { createKycBackend, SessionRefusal, veriffSessions } from '../../src/server/index';
import { SECRET, sessionIdFor, startBackend, webhookAt, type TestBackend } from './support/backend';
import { openDecisionStream } from './support/sse';

describe('decision streams per instance', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend({ decisionStream: { maxOpen: 2, maxPerUser: 5 } });
  });
  afterAll(() => backend?.close());

  it('past maxOpen, all users together, a stream is refused 503 with Retry-After; a closed one frees its place', async () => {
    const open = await Promise.all(
      ['s-1', 's-2'].map((user) => openDecisionStream(`${backend.origin}/decision`, { 'X-Test-User': user })),
    );
    expect(open.map((stream) => stream.status)).toEqual([200, 200]);
    const refused = await fetch(`${backend.origin}/decision`, {
      headers: { 'X-Test-User': 's-3', Accept: 'text/event-stream' },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('5');
    await refused.body?.cancel();
    // JSON reads are not streams: still served.
    expect(await backend.decision('s-3')).toEqual({ decision: null });
    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openDecisionStream(`${backend.origin}/decision`, { 'X-Test-User': 's-4' });
        again.close();
        return again.status;
      })
      .toBe(200);
    open[1]!.close();
  });
});

describe('configuration the backend refuses, and what it tells', () => {
  const base = {
    authorize: () => 'u',
    allowedOrigins: ['https://app.example'],
    createSession: () => Promise.resolve({ sessionUrl: 'https://verify.example/s' }),
  };

  it('a generic secret that is not whsec_<base64>: a TypeError at construction, not a silent 400 per delivery', () => {
    expect(() => createKycBackend({ ...base, webhookSecrets: { generic: 'not-base64-at-all!!-but-long' } })).toThrow(
      /generic secret is whsec_ followed by base64/,
    );
    expect(() => createKycBackend({ ...base, webhookSecrets: { generic: SECRET } })).not.toThrow();
  });

  it('toleranceSeconds below 0 or not a number: a TypeError', () => {
    for (const toleranceSeconds of [-1, Number.NaN, '300' as unknown as number])
      expect(() => createKycBackend({ ...base, webhookSecrets: {}, toleranceSeconds })).toThrow(/toleranceSeconds/);
  });

  it('a session client whose baseUrl is plain http off this machine: a TypeError (its key would cross the network)', () => {
    expect(() => veriffSessions({ apiKey: 'veriff-key-0123456789abcdef', baseUrl: 'http://api.example' })).toThrow(
      /https/,
    );
    expect(() =>
      veriffSessions({ apiKey: 'veriff-key-0123456789abcdef', baseUrl: 'http://127.0.0.1:9' }),
    ).not.toThrow();
  });
});

describe('over HTTP', () => {
  let backend: TestBackend;
  const errors: string[] = [];
  let refusal: SessionRefusal | null = null;
  beforeAll(async () => {
    backend = await startBackend({
      toleranceSeconds: 0,
      onError: (error) => void errors.push(String(error)),
      createSession: () =>
        refusal ? Promise.reject(refusal) : Promise.resolve({ sessionUrl: 'https://verify.example/s' }),
    });
  });
  afterAll(() => backend?.close());

  it('toleranceSeconds: 0 accepts a webhook signed in the same second, at any fraction of it', async () => {
    const second = Math.floor(Date.now() / 1000) * 1000;
    const webhook = webhookAt('persona', second, 'approved', sessionIdFor('persona'), 'tolerance');
    backend.clock.ms = second + 999;
    expect((await backend.deliver('persona', webhook))[0]).toBe(200);
    backend.clock.ms = second + 1999;
    const next = webhookAt('persona', second, 'approved', sessionIdFor('persona'), 'tolerance');
    expect((await backend.deliver('persona', next))[0]).toBe(401);
  });

  it('a signed body that is not a JSON object is a 400, and onError is told', async () => {
    backend.clock.ms = Date.now();
    const signed = webhookHeaders('generic', {
      payload: '["not", "an object"]',
      secret: SECRET,
      timestamp: Math.floor(backend.clock.ms / 1000),
    }) as { body: string; headers: Record<string, string> };
    const before = errors.length;
    const [status] = await backend.deliver('generic', signed);
    expect(status).toBe(400);
    expect(errors.slice(before).join()).toMatch(/webhook of generic not read/);
  });

  it('a SessionRefusal with a status it may not have (200) is a 502, told to onError; a 409 is answered as is', async () => {
    refusal = new SessionRefusal(200 as 400, 'looks-fine', 'not an error?');
    const before = errors.length;
    const [status, body] = await backend.startSession('refused-200', 'veriff');
    expect(status).toBe(502);
    expect(body).toMatchObject({ error: { code: 'session-failed' } });
    expect(errors.length).toBeGreaterThan(before);
    refusal = new SessionRefusal(409, 'busy', 'Already verifying.');
    expect((await backend.startSession('refused-409', 'veriff'))[0]).toBe(409);
    refusal = null;
  });

  it('user ids with lone surrogate halves are refused (500, told), never two users merged into one', async () => {
    // Headers cannot carry them: an authorize that reads a user id from elsewhere (a token's claim) can.
    for (const user of ['a\uD800', 'a\uDBFF']) {
      const told: unknown[] = [];
      const kyc = createKycBackend({
        authorize: () => user,
        allowedOrigins: ['https://app.example'],
        webhookSecrets: {},
        createSession: () => Promise.resolve({ sessionUrl: 'https://verify.example/s' }),
        onError: (error) => void told.push(error),
      });
      const response = await kyc.decision(new Request('https://app.example/decision'));
      expect(response.status).toBe(500);
      expect(told).toHaveLength(1);
    }
  });
});
