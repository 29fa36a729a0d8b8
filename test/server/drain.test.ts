import { afterEach, describe, expect, it, vi } from 'vitest';
import { personaSessions } from '../../src/providers/persona/session';
import { createSessionHandler, type CreateSession, type SessionContext } from '../../src/server/session-handler';
import { fetchSession } from '../../src/runtime/session-client';
import { authorizeByHeader, GOOD, serveHandler, type App } from './app';
import { countingPersona, sleep, type ErrorBody } from './helpers';

/**
 * The session endpoint against someone trying to spend the host's money: every request goes over real HTTP on
 * loopback to the handler, and every provider create is counted where a provider would bill it, at a loopback
 * imitation of Persona's API (helpers.ts). Each test prints its figure.
 */

const KEY = 'persona_test_key_1';
const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function setup(
  delayMs: number,
  extra: (origin: string) => Partial<Parameters<typeof createSessionHandler>[0]> = () => ({}),
  clientTimeoutMs?: number,
) {
  const persona = await countingPersona({ delayMs });
  open.push(persona.api);
  const createSession = personaSessions({
    apiKey: KEY,
    templateId: 'itmpl_drain',
    baseUrl: persona.api.origin,
    timeoutMs: clientTimeoutMs,
  });
  const app: App = await serveHandler((origin) => ({
    createSession,
    authorize: authorizeByHeader,
    allowedOrigins: [origin],
    ...extra(origin),
  }));
  open.push(app);
  return { persona, app };
}

const tokenOf = async (response: Response) => ((await response.json()) as { sessionToken?: string }).sessionToken;

describe('one signed-in user cannot make more than one provider session at a time', () => {
  it('500 concurrent requests of one user, half with refresh: true: one provider create, one session for all', async () => {
    const { persona, app } = await setup(200);
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        app.ask({ user: 'mallory', key: `k-${i}`, body: { ...GOOD, refresh: i % 2 === 1 } }),
      ),
    );
    const statuses = new Set(responses.map((response) => response.status));
    const tokens = new Set(await Promise.all(responses.map(tokenOf)));
    console.log(`500 concurrent (250 refresh): ${persona.made()} provider creates, statuses ${[...statuses]}`);
    expect([...statuses]).toEqual([200]);
    expect(tokens.size).toBe(1);
    expect(persona.made()).toBe(1);
    // One reference of the session's own (sessionReference), never the user id.
    expect(persona.references).toEqual([expect.stringMatching(/^kyc_[0-9a-f]{32}$/)]);
  }, 60_000);

  it('50 sequential refresh requests: one create', async () => {
    const { persona, app } = await setup(0);
    const tokens = new Set<string | undefined>();
    for (let i = 0; i < 50; i++)
      tokens.add(await tokenOf(await app.ask({ user: 'mallory', key: `k-${i}`, body: { ...GOOD, refresh: true } })));
    console.log(`50 sequential refresh: ${persona.made()} provider creates`);
    expect(persona.made()).toBe(1);
    expect(tokens.size).toBe(1);
  });

  it('a refresh once the session is older than the minimum age: a new session, then the one every request gets', async () => {
    const { persona, app } = await setup(0, () => ({ reuse: { minAgeMs: 1000 } }));
    const first = await tokenOf(await app.ask({ user: 'mallory', body: { ...GOOD, refresh: true } }));
    // The provider said the session expired, and the stored one is older than the minimum age: a new session.
    await sleep(1100); // fixed wait: the minimum age (1 s) is the subject; the reuse store takes no clock
    const renewed = await tokenOf(await app.ask({ user: 'mallory', body: { ...GOOD, refresh: true } }));
    expect(persona.made()).toBe(2);
    expect(renewed).not.toBe(first);
    for (let i = 0; i < 10; i++) expect(await tokenOf(await app.ask({ user: 'mallory' }))).toBe(renewed);
    expect(persona.made()).toBe(2);
  });

  it('two users: two sessions, never each other’s', async () => {
    const { persona, app } = await setup(50);
    const [alice, bob] = await Promise.all(['alice', 'bob'].map((user) => app.ask({ user }).then(tokenOf)));
    expect(alice).not.toBe(bob);
    expect(new Set(persona.references).size).toBe(2);
    expect(persona.references.join()).not.toMatch(/alice|bob/);
  });

  it('authorize answering null: 401, nothing created', async () => {
    const { persona, app } = await setup(0);
    const response = await app.ask({});
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorBody).error.code).toBe('unauthenticated');
    expect(persona.requests()).toBe(0);
    expect((await app.ask({ user: 'alice' })).status).toBe(200); // the same handler does create for a user
    expect(persona.requests()).toBe(1);
  });

  it('one of two tabs waiting on one shared create goes away: the other still gets its session', async () => {
    // The tabs in order by markers, not by time: the first tab's create has reached the provider (the first is the
    // one whose create is shared), and the second tab's request has been authorized (it is in the handler) before
    // the first goes away. The provider answers after 3 s, long after both.
    let authorized = 0;
    const { persona, app } = await setup(3000, () => ({
      authorize: (request: Request) => (authorized++, authorizeByHeader(request)),
    }));
    const leaving = new AbortController();
    const first = app.ask({ user: 'alice', key: 'tab-1', signal: leaving.signal }).catch(() => 'aborted');
    await vi.waitFor(() => expect(persona.requests()).toBe(1), { timeout: 10_000, interval: 5 });
    const second = app.ask({ user: 'alice', key: 'tab-2' });
    await vi.waitFor(() => expect(authorized).toBe(2), { timeout: 10_000, interval: 5 });
    leaving.abort();
    expect(await first).toBe('aborted');
    const response = await second;
    console.log(`two tabs, one leaves: the other got HTTP ${response.status}, ${persona.made()} creates`);
    expect(response.status).toBe(200);
    expect(await tokenOf(response)).toMatch(/^tok_inq_/);
    expect(persona.made()).toBe(1);
  });

  it("a provider slower than the widget's timeout: one create per click across the widget's retries", async () => {
    // The widget's session client as it runs in the page (fetchSession: a timeout per try, up to 3 retries that
    // honour Retry-After), scaled down: a 1 s try against a handler that answers within 0.9 s and a provider that
    // takes 2.5 s. One Idempotency-Key for the click, the same on every retry.
    const { persona, app } = await setup(2500, () => ({ timeoutMs: 900, createTimeoutMs: 6000 }), 6000);
    let tries = 0;
    const widgetFetch: typeof fetch = (input, init) => {
      tries++;
      const headers = { ...(init?.headers as Record<string, string>), Origin: app.origin, 'x-user': 'carol' };
      return fetch(input, { ...init, headers: { ...headers, 'Idempotency-Key': 'click-1' } });
    };
    const answer = await fetchSession(
      new URL(app.origin + '/api/kyc-session'),
      { provider: 'persona', locale: 'en', refresh: false },
      { signal: new AbortController().signal, fetch: widgetFetch, timeoutMs: 1000, baseDelayMs: 50 },
    ).catch((error: unknown) => ({ sessionToken: String(error) }));
    console.log(
      `slow provider (2.5 s, widget try 1 s): ${tries} tries, ${persona.requests()} provider requests, ${answer.sessionToken}`,
    );
    expect(answer.sessionToken).toMatch(/^tok_inq_/);
    expect(tries).toBeGreaterThan(1);
    expect(persona.requests()).toBe(1);
  });

  it("a provider's own 429 is passed on as 503 with the provider's Retry-After", async () => {
    const { persona, app } = await setup(0);
    persona.setOutage({ status: 429, headers: { 'Retry-After': '7' } });
    const response = await app.ask({ user: 'dave' });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('7');
    expect(((await response.json()) as ErrorBody).error.code).toBe('provider-busy');
    persona.setOutage({ status: 503, headers: {} });
    const unavailable = await app.ask({ user: 'erin' });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('Retry-After')).toBe('1');
  });
});

describe('the limit on provider creates', () => {
  it('anonymous without anonymous: true is refused at construction', () => {
    const createSession: CreateSession = () => Promise.resolve({ sessionToken: 't' });
    expect(() => createSessionHandler({ createSession, allowedOrigins: ['https://app.example'] } as never)).toThrow(
      /authorize/,
    );
    expect(() =>
      createSessionHandler({ createSession, allowedOrigins: ['https://app.example'], anonymous: true }),
    ).not.toThrow();
  });

  it('500 anonymous requests from one IP: exactly the limit of creates, the rest 429 with Retry-After', async () => {
    const { persona, app } = await setup(20, () => ({
      authorize: undefined,
      anonymous: true,
      limit: { max: 10, windowMs: 60_000 },
    }));
    const responses = await Promise.all(Array.from({ length: 500 }, (_, i) => app.ask({ key: `anon-${i}` })));
    const ok = responses.filter((response) => response.status === 200).length;
    const limited = responses.filter((response) => response.status === 429);
    console.log(`500 anonymous from one IP, limit 10: ${persona.made()} creates, ${limited.length} × 429`);
    expect(persona.made()).toBe(10);
    expect(ok).toBe(10);
    expect(limited.length).toBe(490);
    const retryAfter = Number(limited[0].headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // No user id: a reference of each session's own.
    expect(persona.references.every((reference) => /^kyc_[0-9a-f]{32}$/.test(reference ?? ''))).toBe(true);
  });

  it('a signed-in user: the limit counts creates, not requests (reuse and joins are free)', async () => {
    const { persona, app } = await setup(0, () => ({ limit: { max: 2, windowMs: 60_000 }, reuse: { minAgeMs: 0 } }));
    for (let i = 0; i < 20; i++) expect((await app.ask({ user: 'frank' })).status).toBe(200);
    expect(persona.made()).toBe(1);
    expect((await app.ask({ user: 'frank', body: { ...GOOD, refresh: true } })).status).toBe(200);
    const over = await app.ask({ user: 'frank', body: { ...GOOD, refresh: true } });
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorBody).error.code).toBe('too-many-sessions');
    expect(persona.made()).toBe(2);
    expect((await app.ask({ user: 'grace' })).status).toBe(200); // another user has their own count
  });

  it('forwarded headers are believed only with trustProxy', async () => {
    const forged = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${i}` });
    const direct = await setup(0, () => ({
      authorize: undefined,
      anonymous: true,
      limit: { max: 3, windowMs: 60_000 },
    }));
    const spoofed = await Promise.all(Array.from({ length: 10 }, (_, i) => direct.app.ask({ headers: forged(i) })));
    expect(spoofed.filter((response) => response.status === 200).length).toBe(3);
    const proxied = await setup(0, () => ({
      authorize: undefined,
      anonymous: true,
      trustProxy: 1,
      limit: { max: 3, windowMs: 60_000 },
    }));
    const clients = await Promise.all(Array.from({ length: 10 }, (_, i) => proxied.app.ask({ headers: forged(i) })));
    expect(clients.filter((response) => response.status === 200).length).toBe(10);
    // Behind one proxy, the address it appended is the client's: what the client put before it is not.
    const chained = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        proxied.app.ask({ headers: { 'X-Forwarded-For': `198.51.100.${i}, 192.0.2.1` } }),
      ),
    );
    expect(chained.filter((response) => response.status === 200).length).toBe(3);
  });
});

describe('what createSession is given', () => {
  it('the authorized user id and the Idempotency-Key (bound to that user), never the request body’s', async () => {
    const seen: SessionContext[] = [];
    const app = await serveHandler((origin) => ({
      createSession: (context) => {
        seen.push(context);
        return Promise.resolve({ sessionToken: `t${seen.length}` });
      },
      authorize: authorizeByHeader,
      allowedOrigins: [origin],
    }));
    open.push(app);
    await app.ask({ user: 'heidi', key: '6f1c2a4e-1b7d-4c2e-9a51-3d0f7e8b9c10' });
    expect(seen[0].userId).toBe('heidi');
    expect(seen[0].idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    await app.ask({ user: 'ivan', key: '6f1c2a4e-1b7d-4c2e-9a51-3d0f7e8b9c10' });
    expect(seen[1].userId).toBe('ivan');
    expect(seen[1].idempotencyKey).not.toBe(seen[0].idempotencyKey);
    await app.ask({ user: 'judy' });
    expect(seen[2].idempotencyKey).toBeNull();
    for (const bad of ['', 'x'.repeat(256), 'a b', 'a;b', '{"k":1}', '\u00e9t\u00e9'])
      expect((await app.ask({ user: 'judy', headers: { 'Idempotency-Key': bad } })).status, bad).toBe(400);
    expect(seen.length).toBe(3);
  });
});
