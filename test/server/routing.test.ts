/**
 * createKycBackend's routing over real HTTP (toNodeHandler on loopback, memoryStore, an injected clock): the widget's
 * `provider: "auto"` request answered with the provider chosen; a failing create gives way to the next candidate
 * within the request; the providers the widget reports failed are left, and only sessions this backend handed out
 * count against them; a user's open session keeps its provider; the breaker opens, probes once after its cool-down,
 * and closes; health() says so. The session clients are the test's own functions standing in for providers' APIs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createKycBackend, memoryStore, toNodeHandler, type KycBackendOptions } from '../../src/server/index';
import { ProviderCallFailed } from '../../src/server/errors';
import type { SessionContext } from '../../src/server/session-types';
import { listen, type Listening } from './helpers';

const ORIGIN = 'https://app.example';
let servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A provider whose creates the test controls: `down` fails them as a 503 would; `calls` counts them per user. */
function provider(name: string) {
  const state = { down: false, calls: 0, byUser: new Map<string, number>(), next: 0 };
  const client = (context: SessionContext) => {
    state.calls++;
    state.byUser.set(context.userId!, (state.byUser.get(context.userId!) ?? 0) + 1);
    if (state.down) return Promise.reject(new ProviderCallFailed(name, 'answered 503', 503));
    const id = `${name}-${++state.next}`;
    return Promise.resolve({ sessionUrl: `https://${name}.example/s/${id}`, sessionId: id });
  };
  return Object.assign(state, { client });
}

interface Answer {
  provider?: string;
  sessionUrl?: string;
  decision?: string;
  error?: { code: string };
}

async function backend(options: Partial<KycBackendOptions> = {}) {
  const clock = { now: 1_000_000 };
  const errors: unknown[] = [];
  const kyc = createKycBackend({
    authorize: (request) => Promise.resolve(request.headers.get('x-user')),
    allowedOrigins: [ORIGIN],
    webhookSecrets: {},
    store: memoryStore(),
    limit: { max: 1000, windowMs: 60_000 },
    now: () => clock.now,
    onError: (error) => errors.push(error),
    ...options,
  } as KycBackendOptions);
  const server = await listen(toNodeHandler(kyc.session));
  servers.push(server);
  const ask = async (user: string, body: Record<string, unknown> = {}) => {
    const answer = await fetch(server.origin, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'x-user': user },
      body: JSON.stringify({ provider: 'auto', locale: 'en', refresh: false, ...body }),
    });
    return { status: answer.status, body: (await answer.json()) as Answer };
  };
  return { kyc, ask, clock, errors };
}

describe('provider "auto"', () => {
  it('answers with the first candidate and names it; a request naming a served provider gets that one', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const { ask } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    const first = await ask('ana');
    expect(first).toMatchObject({
      status: 200,
      body: { provider: 'veriff', sessionUrl: 'https://veriff.example/s/veriff-1' },
    });
    const named = await ask('bo', { provider: 'persona' });
    expect(named).toMatchObject({ status: 200, body: { provider: 'persona' } });
    expect((await ask('cy', { provider: 'sumsub' })).body.error?.code).toBe('unsupported-provider');
  });

  it('follows route (given who asks and what failed) and skips ids it does not serve, each once', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const asked: unknown[] = [];
    const { ask } = await backend({
      providers: { veriff: veriff.client, persona: persona.client },
      route: (context) => {
        asked.push({ userId: context.userId, locale: context.locale, failed: context.failed });
        return ['sumsub', 'nobody', 'persona', 'persona', 'veriff'];
      },
    });
    expect((await ask('ana', { locale: 'pt-BR' })).body.provider).toBe('persona');
    expect(asked).toEqual([{ userId: 'ana', locale: 'pt-BR', failed: [] }]);
  });

  it('a create that fails gives way to the next candidate within the same request', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    veriff.down = true;
    const { ask } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    expect(await ask('ana')).toMatchObject({ status: 200, body: { provider: 'persona' } });
    expect([veriff.calls, persona.calls]).toEqual([1, 1]);
  });

  it('enters every attempt in the ledger once: a failed create, a provider the widget left, a session made', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const { ask, kyc } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    const ledger = async (user: string) =>
      (await kyc.attempts(user)).map((a) => [a.provider, a.outcome, a.ended ?? null, a.sessionId ?? null]);
    veriff.down = true;
    expect((await ask('ana')).body.provider).toBe('persona');
    expect(await ledger('ana')).toEqual([
      ['veriff', 'failed', 'create-failed', null],
      ['persona', 'open', null, 'persona-1'],
    ]);
    veriff.down = false;
    const left = { refresh: true, failed: [{ provider: 'persona', code: 'frame-load-timeout' }] };
    expect((await ask('ana', left)).body.provider).toBe('veriff');
    // The widget's retry of the same request: its report counts once, and the open Veriff session is kept.
    expect((await ask('ana', left)).body.provider).toBe('veriff');
    expect(await ledger('ana')).toEqual([
      ['veriff', 'failed', 'create-failed', null],
      ['persona', 'failed', 'frame-load-timeout', 'persona-1'],
      ['veriff', 'open', null, 'veriff-1'],
    ]);
    // A report on a provider this backend never handed the user ends nothing.
    expect((await ask('bo', { refresh: true, failed: [{ provider: 'veriff', code: 'session-expired' }] })).status).toBe(
      200,
    );
    expect(await ledger('bo')).toEqual([['persona', 'open', null, 'persona-2']]);
  });

  it('every candidate failing: 503 no-provider with Retry-After', async () => {
    const veriff = provider('veriff');
    veriff.down = true;
    const { ask } = await backend({ providers: { veriff: veriff.client } });
    const answer = await ask('ana');
    expect(answer).toMatchObject({ status: 503, body: { error: { code: 'no-provider' } } });
  });

  it('refuses a malformed failed list, and failed without auto', async () => {
    const veriff = provider('veriff');
    const { ask } = await backend({ providers: { veriff: veriff.client } });
    for (const failed of [
      'veriff',
      [{ provider: 'veriff' }],
      [{ provider: 'veriff', code: 'Frame Load' }],
      [{ provider: 'nobody', code: 'frame-load-timeout' }],
      [{ provider: 'veriff', code: 'x', extra: 1 }],
      [
        { provider: 'veriff', code: 'x' },
        { provider: 'veriff', code: 'y' },
      ],
      Array.from({ length: 17 }, () => ({ provider: 'veriff', code: 'x' })),
    ])
      expect((await ask('ana', { failed })).status).toBe(400);
    expect((await ask('ana', { provider: 'veriff', failed: [] })).status).toBe(400);
    expect(veriff.calls).toBe(0);
  });

  it('a provider the widget reports failed is left: the next answers, and its session is not handed out again', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const { ask, kyc } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    expect((await ask('ana')).body.provider).toBe('veriff');
    const failed = [{ provider: 'veriff', code: 'frame-load-timeout' }];
    expect((await ask('ana', { refresh: true, failed })).body.provider).toBe('persona');
    // Asked again without failed (a reload): Persona's open session, not a new Veriff one.
    expect((await ask('ana')).body.provider).toBe('persona');
    expect([veriff.calls, persona.calls]).toEqual([1, 1]);
    // Counted once by the breaker: the report of a session it handed out.
    expect((await kyc.health()).providers.veriff.failures).toBe(1);
    await ask('ana', { refresh: true, failed });
    expect((await kyc.health()).providers.veriff.failures).toBe(1);
  });

  it('a script reporting failures of a provider it was never given changes nothing', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const { ask, kyc } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    for (let i = 0; i < 20; i++)
      await ask(`mallory-${i}`, { refresh: true, failed: [{ provider: 'veriff', code: 'frame-load-timeout' }] });
    expect((await kyc.health()).providers.veriff).toMatchObject({ state: 'closed', failures: 0 });
    expect((await ask('ana')).body.provider).toBe('veriff');
  });

  it('a user’s open session keeps its provider: never a second billable session', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    veriff.down = true;
    const { ask } = await backend({ providers: { veriff: veriff.client, persona: persona.client } });
    expect((await ask('ana')).body.provider).toBe('persona');
    veriff.down = false;
    // Veriff first again, and working: Ana keeps her Persona session (a reload, another tab, a retry).
    expect((await ask('ana')).body.provider).toBe('persona');
    expect((await ask('ana', { refresh: true })).body.provider).toBe('persona');
    expect(persona.byUser.get('ana')).toBe(1);
    expect(veriff.byUser.get('ana')).toBe(1);
    expect((await ask('bo')).body.provider).toBe('veriff');
  });

  it('a user already decided is answered with the decision and the provider that made it', async () => {
    const veriff = provider('veriff');
    const store = memoryStore();
    const { ask } = await backend({ providers: { veriff: veriff.client }, store });
    const first = await ask('ana');
    await store.record({
      provider: 'veriff',
      eventId: 'e1',
      event: 'decision',
      sessionId: first.body.sessionUrl!.split('/').pop()!,
      decision: 'approved',
      occurredAtMs: 1_000_000,
    });
    expect(await ask('ana')).toMatchObject({ status: 200, body: { provider: 'veriff', decision: 'approved' } });
  });

  it('a webhook of a provider the user left, arriving late, is recorded and never overwrites the later decision', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    const store = memoryStore();
    const { ask, kyc } = await backend({ providers: { veriff: veriff.client, persona: persona.client }, store });
    const left = await ask('ana');
    const failed = [{ provider: 'veriff', code: 'frame-load-timeout' }];
    const moved = await ask('ana', { refresh: true, failed });
    const id = (answer: { body: Answer }) => answer.body.sessionUrl!.split('/').pop()!;
    await store.record({
      provider: 'persona',
      eventId: 'p1',
      event: 'approved',
      sessionId: id(moved),
      decision: 'approved',
      occurredAtMs: 2000,
    });
    const late = await store.record({
      provider: 'veriff',
      eventId: 'v1',
      event: 'declined',
      sessionId: id(left),
      decision: 'declined',
      occurredAtMs: 1000,
    });
    expect(late).toMatchObject({ duplicate: false, userId: 'ana' });
    expect(await kyc.decisionOf('ana')).toMatchObject({ provider: 'persona', decision: 'approved' });
  });

  it('route throwing or answering junk: a JSON 500, told to onError, nothing created', async () => {
    const veriff = provider('veriff');
    for (const route of [
      () => {
        throw new Error('route failed');
      },
      () => 'veriff' as unknown as string[],
    ]) {
      const { ask, errors } = await backend({ providers: { veriff: veriff.client }, route });
      expect(await ask('ana')).toMatchObject({ status: 500, body: { error: { code: 'internal-error' } } });
      expect(errors).toHaveLength(1);
    }
    expect(veriff.calls).toBe(0);
  });

  it('construction refuses createSession with providers, unknown ids, and route without providers', () => {
    const base = { authorize: () => Promise.resolve('u'), allowedOrigins: [ORIGIN], webhookSecrets: {} };
    const client = provider('veriff').client;
    expect(() => createKycBackend({ ...base, createSession: client, providers: { veriff: client } })).toThrow(
      /not both/,
    );
    expect(() => createKycBackend({ ...base, providers: { nobody: client } })).toThrow(/not a provider id/);
    expect(() => createKycBackend({ ...base, providers: {} })).toThrow(/names no provider/);
    expect(() => createKycBackend({ ...base, createSession: client, route: () => [] })).toThrow(/need providers/);
    expect(() => createKycBackend({ ...base, providers: { veriff: client }, breaker: { failures: 0 } })).toThrow(
      /breaker.failures/,
    );
    const store = { breaker: () => Promise.reject(new Error('unused')) } as never;
    expect(() => createKycBackend({ ...base, providers: { veriff: client }, breaker: { store } })).toThrow(
      /breaker.store must have breaker\(\) and breakers\(\)/,
    );
  });
});

describe('the breaker', () => {
  it('opens after its failures, skips the provider, lets one probe through after the cool-down, closes on success', async () => {
    const veriff = provider('veriff');
    const persona = provider('persona');
    veriff.down = true;
    const { ask, kyc, clock } = await backend({
      providers: { veriff: veriff.client, persona: persona.client },
      breaker: { failures: 3, windowMs: 60_000, coolDownMs: 10_000 },
    });
    for (let i = 0; i < 10; i++) expect((await ask(`u${i}`)).body.provider).toBe('persona');
    expect(veriff.calls).toBe(3);
    expect((await kyc.health()).providers.veriff).toMatchObject({ state: 'open', failures: 3, successRate: 0 });

    clock.now += 10_000;
    expect((await kyc.health()).providers.veriff.state).toBe('half-open');
    // The probe fails: open again for another cool-down.
    expect((await ask('p1')).body.provider).toBe('persona');
    expect(veriff.calls).toBe(4);
    expect((await ask('p2')).body.provider).toBe('persona');
    expect(veriff.calls).toBe(4);

    veriff.down = false;
    clock.now += 10_000;
    expect((await ask('p3')).body.provider).toBe('veriff');
    expect((await ask('p4')).body.provider).toBe('veriff');
    const health = (await kyc.health()).providers;
    expect(health.veriff).toMatchObject({ state: 'closed', failures: 0 });
    expect(health.persona).toMatchObject({ state: 'closed', successRate: 1 });
    expect(health.veriff.successRate).toBeCloseTo(2 / 6, 3);
  });

  it('half-open lets one probe at a time, however many ask at once', async () => {
    const slow = { release: () => undefined as void, calls: 0, down: true };
    const held = new Promise<void>((resolve) => (slow.release = resolve));
    const persona = provider('persona');
    const veriffClient = async () => {
      slow.calls++;
      if (slow.down) throw new ProviderCallFailed('veriff', 'answered 503', 503);
      await held;
      return { sessionUrl: 'https://veriff.example/s/ok', sessionId: `v-${slow.calls}` };
    };
    const { ask, clock } = await backend({
      providers: { veriff: veriffClient, persona: persona.client },
      breaker: { failures: 1, windowMs: 60_000, coolDownMs: 5_000 },
    });
    expect((await ask('a')).body.provider).toBe('persona');
    slow.down = false;
    clock.now += 5_000;
    const probing = ask('probe');
    await expect.poll(() => slow.calls).toBe(2);
    const others = await Promise.all(['b', 'c', 'd'].map((user) => ask(user)));
    expect(others.map((o) => o.body.provider)).toEqual(['persona', 'persona', 'persona']);
    expect(slow.calls).toBe(2);
    slow.release();
    expect((await probing).body.provider).toBe('veriff');
    expect((await ask('e')).body.provider).toBe('veriff');
  });
});
