import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROVIDER_IDS } from '../../src/index';
import { SessionRefusal } from '../../src/server/errors';
import { nodeRequestOf, toNodeHandler, type NodeRequestLike } from '../../src/server/node';
import {
  createSessionHandler,
  SESSION_PROVIDERS,
  type CreateSession,
  type SessionContext,
} from '../../src/server/session-handler';
import { fetchSession } from '../../src/runtime/session-client';
import { listen, type ErrorBody } from './helpers';

/**
 * The session endpoint as a browser and an attacker meet it: over real HTTP on loopback through the
 * node:http adapter, and called directly with Web Requests.
 */

const PROVIDER_SECRET = 'sk_live_provider_said_THIS_must_not_leak';
const calls: SessionContext[] = [];
let behaviour: CreateSession = () => Promise.resolve({ sessionUrl: 'https://verify.example/s/1' });
const createSession: CreateSession = (context) => {
  calls.push(context);
  return behaviour(context);
};
const reported: unknown[] = [];
// A new user on every request: these tests are about what one request may send and get, not about reuse
// (drain.test.ts), which would otherwise hand a later test the session an earlier one made.
const authorize = () => Promise.resolve(crypto.randomUUID());
let handler: ReturnType<typeof createSessionHandler>;

let server: Awaited<ReturnType<typeof listen>>;
let url: string;
beforeAll(async () => {
  const slot: { node?: ReturnType<typeof toNodeHandler> } = {};
  server = await listen((req, res) => slot.node!(req, res));
  handler = createSessionHandler({
    createSession,
    authorize,
    allowedOrigins: [server.origin],
    timeoutMs: 300,
    // Far enough past timeoutMs that a loaded machine cannot blur the two (the 504, then the create's abort).
    createTimeoutMs: 2000,
    onError: (error) => reported.push(error),
  });
  slot.node = toNodeHandler(handler);
  url = `${server.origin}/api/kyc-session`;
});
afterAll(() => server?.close());

const GOOD = { provider: 'veriff', locale: 'en', refresh: false };

async function post(
  body: unknown,
  { origin = server.origin, contentType = 'application/json' }: { origin?: string | null; contentType?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (origin !== null) headers.Origin = origin;
  return fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
}

async function expectError(response: Response, status: number, code: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  return body;
}

describe('createSessionHandler over real HTTP', () => {
  it("answers the widget's own session client", async () => {
    behaviour = (context) =>
      Promise.resolve({
        sessionUrl: `https://verify.example/s/${context.locale}`,
        sessionToken: 'tok_1',
        expiresAt: new Date(Date.UTC(2030, 0, 1)),
      });
    // The widget's fetch as a browser sends it: the page's Origin on a same-origin POST.
    const browserFetch: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Origin: server.origin } });
    const answer = await fetchSession(
      new URL(url),
      { provider: 'veriff', locale: 'pt-BR', refresh: false },
      { signal: new AbortController().signal, fetch: browserFetch, retries: 0 },
    );
    expect(answer).toEqual({
      provider: 'veriff',
      sessionUrl: 'https://verify.example/s/pt-BR',
      sessionToken: 'tok_1',
      expiresAt: '2030-01-01T00:00:00.000Z',
    });
    const context = calls.at(-1)!;
    expect([context.provider, context.locale, context.refresh]).toEqual(['veriff', 'pt-BR', false]);
    expect(context.request.headers.get('Origin')).toBe(server.origin);
  });

  it('answers only POST: 405 with Allow for GET, OPTIONS, PUT, DELETE', async () => {
    for (const method of ['GET', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(url, { method, headers: { Origin: server.origin } });
      await expectError(response, 405, 'method-not-allowed');
      expect(response.headers.get('Allow')).toBe('POST');
    }
  });

  it('refuses a content type other than JSON (415), a form post included', async () => {
    await expectError(await post(GOOD, { contentType: 'text/plain' }), 415, 'unsupported-media-type');
    await expectError(
      await post('provider=veriff', { contentType: 'application/x-www-form-urlencoded' }),
      415,
      'unsupported-media-type',
    );
    await expectError(
      await post(GOOD, { contentType: 'application/json; charset=latin1' }),
      415,
      'unsupported-media-type',
    );
    expect((await post(GOOD, { contentType: 'application/json; charset=UTF-8' })).status).toBe(200);
  });

  it('refuses a huge body (413) without reading it all, streamed or declared', async () => {
    const before = calls.length;
    const huge = JSON.stringify({ ...GOOD, pad: 'x'.repeat(2_000_000) });
    const readBefore = server.bytesRead();
    // Declared: refused from Content-Length, and the connection closed rather than the 2 MB read on (what Node's
    // own count of the bytes it read from the socket shows; a handler that buffered the body would read them all).
    // The client may see the reset before the answer: either way it is refused, and the bytes stay unread.
    const declared = await post(huge).catch(() => null);
    if (declared) await expectError(declared, 413, 'payload-too-large');
    expect(server.bytesRead() - readBefore).toBeLessThan(1_000_000);
    // Streamed without a Content-Length, 2 MB offered in 16 KB pieces: the handler pulls just past its 4 KB.
    let pulled = 0;
    const offered = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 16384;
        if (pulled > 2_000_000) controller.close();
        else controller.enqueue(new Uint8Array(16384).fill(0x20));
      },
    });
    const streamed = await handler(
      new Request(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.origin },
        body: offered,
        duplex: 'half',
      } as RequestInit),
    );
    await expectError(streamed, 413, 'payload-too-large');
    expect(pulled).toBeLessThanOrEqual(4 * 16384);
    expect(calls.length).toBe(before);
  });

  it('refuses bad JSON, the wrong shape, wrong types and extra fields (400), before createSession runs', async () => {
    const before = calls.length;
    await expectError(await post('{"provider": "veriff",'), 400, 'bad-json');
    await expectError(await post(''), 400, 'bad-json');
    await expectError(await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), 400, 'bad-json'); // not UTF-8
    for (const body of [
      [],
      null,
      'veriff',
      42,
      {},
      { provider: 'veriff', locale: 'en' },
      { ...GOOD, extra: 1 },
      '{"provider":"veriff","locale":"en","refresh":false,"__proto__":{"admin":true}}',
      '{"provider":"veriff","locale":"en","refresh":false,"refresh":true,"x":1}',
      { ...GOOD, provider: 7 },
      { ...GOOD, provider: 'acme' },
      { ...GOOD, provider: 'VERIFF' },
      { ...GOOD, provider: 'toString' },
      { ...GOOD, locale: 1 },
      { ...GOOD, locale: '' },
      { ...GOOD, locale: '<script>' },
      { ...GOOD, locale: 'en_US' },
      { ...GOOD, refresh: 'false' },
      { ...GOOD, refresh: 0 },
      { ...GOOD, refresh: null },
    ]) {
      await expectError(
        await post(typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body)),
        400,
        'bad-request',
      );
    }
    expect(calls.length).toBe(before);
  });

  it('refuses a foreign, a missing and an opaque Origin (403)', async () => {
    const before = calls.length;
    await expectError(await post(GOOD, { origin: 'https://evil.example' }), 403, 'origin-not-allowed');
    await expectError(
      await post(GOOD, { origin: server.origin.replace('127.0.0.1', 'localhost') }),
      403,
      'origin-not-allowed',
    );
    await expectError(await post(GOOD, { origin: null }), 403, 'origin-not-allowed');
    await expectError(await post(GOOD, { origin: 'null' }), 403, 'origin-not-allowed');
    expect(calls.length).toBe(before);
  });

  it("decides by allowedOrigins alone: neither the request's URL nor its Host header (a framework rebuilds them)", async () => {
    // next start hands route handlers http://localhost:PORT/… whatever address the browser used.
    const listed = createSessionHandler({ createSession, authorize, allowedOrigins: ['http://127.0.0.1:3123'] });
    const ask = (origin: string, host: string) =>
      listed(
        new Request('http://localhost:3123/api/kyc-session', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: origin, Host: host },
          body: JSON.stringify(GOOD),
        }),
      );
    behaviour = () => Promise.resolve({ sessionToken: 'tok' });
    expect((await ask('http://127.0.0.1:3123', 'localhost:3123')).status).toBe(200);
    await expectError(await ask('http://localhost:3123', 'localhost:3123'), 403, 'origin-not-allowed');
    await expectError(await ask('https://evil.example', 'evil.example'), 403, 'origin-not-allowed');
  });

  it('maps a throwing createSession to 502 with Retry-After, and never shows its text', async () => {
    behaviour = () => Promise.reject(new Error(`upstream said: invalid key ${PROVIDER_SECRET}`));
    const response = await post(GOOD);
    expect(response.headers.get('Retry-After')).toBe('1');
    const body = await expectError(response, 502, 'session-failed');
    expect(JSON.stringify(body)).not.toContain(PROVIDER_SECRET);
    expect(JSON.stringify(body)).not.toMatch(/upstream|at .*\.ts|Error:/);
    expect(String(reported.at(-1))).toContain(PROVIDER_SECRET); // the host's log gets it

    behaviour = () => {
      throw new TypeError(PROVIDER_SECRET); // thrown synchronously, not a rejection
    };
    const sync = await expectError(await post(GOOD), 502, 'session-failed');
    expect(JSON.stringify(sync)).not.toContain(PROVIDER_SECRET);
  });

  it('maps a createSession answer of the wrong shape to 502', async () => {
    const junk: unknown[] = [
      undefined,
      null,
      'https://verify.example/s/1',
      {},
      [],
      { sessionUrl: 'javascript:alert(1)' },
      { sessionUrl: 'http://verify.example/s/1' }, // http off loopback
      { sessionUrl: 'https://user:pw@verify.example/' },
      { sessionUrl: '/relative' },
      { sessionToken: 5 },
      { sessionToken: '' },
      { sessionToken: 'x'.repeat(9000) },
      { sessionToken: 'tok', expiresAt: 'never' },
      { sessionToken: 'tok', sessionUrl: 42 },
      // A session's options for the vendor's script: short names to short strings, nothing else.
      { sessionToken: 'tok', options: 'workflowRunId=1' },
      { sessionToken: 'tok', options: { workflowRunId: 42 } },
      { sessionToken: 'tok', options: { workflowRunId: { id: '1' } } },
      { sessionToken: 'tok', options: { 'workflow-run': '1' } },
      { sessionToken: 'tok', options: { workflowRunId: 'x'.repeat(257) } },
      { sessionToken: 'tok', options: Object.fromEntries([...'abcdefghi'].map((name) => [name, '1'])) },
    ];
    for (const result of junk) {
      behaviour = () => Promise.resolve(result as never);
      await expectError(await post(GOOD), 502, 'session-failed');
    }
  });

  it('passes only the known fields of a good answer, and a loopback http URL', async () => {
    behaviour = () =>
      Promise.resolve({ sessionUrl: 'http://127.0.0.1:5174/generic', secret: 'x', provider: 'sumsub' } as never);
    const response = await post(GOOD);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ provider: 'veriff', sessionUrl: 'http://127.0.0.1:5174/generic' });
  });

  it("passes a session's options for the vendor's script (Onfido's workflow run id)", async () => {
    behaviour = () => Promise.resolve({ sessionToken: 'tok', options: { workflowRunId: 'run-1' }, sessionId: 'run-1' });
    const response = await post(GOOD);
    expect(await response.json()).toEqual({
      provider: 'veriff',
      sessionToken: 'tok',
      options: { workflowRunId: 'run-1' },
    });
  });

  it('answers 504 when createSession is too slow; the create goes on to its own deadline, then its signal aborts', async () => {
    let signal: AbortSignal | undefined;
    behaviour = (context) => {
      signal = context.signal;
      return new Promise(() => undefined);
    };
    const response = await post(GOOD);
    await expectError(response, 504, 'session-timeout');
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(signal?.aborted).toBe(false); // answered at timeoutMs (300): the create may still be joined by a retry
    // Then the create's own deadline (createTimeoutMs, 2000) aborts it.
    await vi.waitFor(() => expect(signal?.aborted).toBe(true), { timeout: 10_000, interval: 10 });
  });

  it('sends a SessionRefusal as its own 4xx (the widget does not retry it)', async () => {
    behaviour = () => Promise.reject(new SessionRefusal(401, 'unauthenticated', 'Sign in first.'));
    const body = await expectError(await post(GOOD), 401, 'unauthenticated');
    expect(body.error.message).toBe('Sign in first.');
  });

  it('takes a body that Express already parsed (express.json() in front)', async () => {
    behaviour = ({ request }) =>
      Promise.resolve({
        sessionToken: `tok_${String(nodeRequestOf<NodeRequestLike & { user?: string }>(request)?.user)}`,
      });
    const slot: { adapter?: ReturnType<typeof toNodeHandler> } = {};
    const parsed = await listen((req: IncomingMessage & { body?: unknown; user?: string }, res: ServerResponse) => {
      req.user = 'parsed'; // what an auth middleware leaves on the request
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        req.body = JSON.parse(text) as unknown;
        slot.adapter!(req, res);
      });
    });
    slot.adapter = toNodeHandler(createSessionHandler({ createSession, authorize, allowedOrigins: [parsed.origin] }));
    try {
      const response = await fetch(parsed.origin, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: parsed.origin },
        body: JSON.stringify(GOOD),
      });
      expect(await response.json()).toEqual({ provider: 'veriff', sessionToken: 'tok_parsed' });
    } finally {
      await parsed.close();
    }
  });
});

describe('createSessionHandler with Web Requests', () => {
  const origin = 'https://app.example';
  const web = createSessionHandler({ createSession, authorize, allowedOrigins: [origin] });
  const request = (init: RequestInit & { duplex?: 'half' }, headers: Record<string, string> = {}) =>
    new Request(`${origin}/api/kyc-session`, {
      method: 'POST',
      ...init,
      headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    });

  it('never throws: a body stream that fails is a 400', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error(PROVIDER_SECRET));
      },
    });
    const response = await web(request({ body: failing, duplex: 'half' }));
    const body = await expectError(response, 400, 'bad-request');
    expect(JSON.stringify(body)).not.toContain(PROVIDER_SECRET);
  });

  it('honours an allowlist (and a throwing allow function refuses)', async () => {
    behaviour = () => Promise.resolve({ sessionToken: 'tok' });
    const listed = createSessionHandler({ createSession, authorize, allowedOrigins: ['https://shop.example'] });
    expect((await listed(request({ body: JSON.stringify(GOOD) }, { Origin: 'https://shop.example' }))).status).toBe(
      200,
    );
    await expectError(await listed(request({ body: JSON.stringify(GOOD) })), 403, 'origin-not-allowed');
    const throwing = createSessionHandler({
      createSession,
      authorize,
      allowedOrigins: () => {
        throw new Error('boom');
      },
    });
    await expectError(await throwing(request({ body: JSON.stringify(GOOD) })), 403, 'origin-not-allowed');
  });

  it('serves only the providers it is given', async () => {
    const only = createSessionHandler({ createSession, authorize, allowedOrigins: [origin], providers: ['sumsub'] });
    await expectError(await only(request({ body: JSON.stringify(GOOD) })), 400, 'unsupported-provider');
  });

  it('an authorize that throws or answers junk: 500, told to onError, nothing created', async () => {
    const before = calls.length;
    const errors: unknown[] = [];
    for (const broken of [() => Promise.reject(new Error(PROVIDER_SECRET)), () => Promise.resolve(42 as never)]) {
      const guarded = createSessionHandler({
        createSession,
        authorize: broken,
        allowedOrigins: [origin],
        onError: (error) => errors.push(error),
      });
      const body = await expectError(await guarded(request({ body: JSON.stringify(GOOD) })), 500, 'internal-error');
      expect(JSON.stringify(body)).not.toContain(PROVIDER_SECRET);
    }
    expect(errors.length).toBe(2);
    expect(calls.length).toBe(before);
  });

  it('a failing create is told to onError once, however many requests wait on it; a failing store too', async () => {
    const errors: unknown[] = [];
    const fail: { now?: () => void } = {};
    const shared = createSessionHandler({
      createSession: () => new Promise((_resolve, reject) => (fail.now = () => reject(new Error('provider down')))),
      authorize: () => Promise.resolve('one-user'),
      allowedOrigins: [origin],
      onError: (error) => errors.push(error),
    });
    const waiting = Array.from({ length: 5 }, () => shared(request({ body: JSON.stringify(GOOD) })));
    while (!fail.now) await new Promise((resolve) => setTimeout(resolve, 5)); // fixed wait: a poll
    fail.now();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([502, 502, 502, 502, 502]);
    expect(errors.map(String)).toEqual(['Error: provider down']);
    const brokenStore = createSessionHandler({
      createSession,
      authorize,
      allowedOrigins: [origin],
      onError: (error) => errors.push(error),
      reuse: {
        store: {
          get: () => Promise.reject(new Error('store down')),
          set: () => Promise.resolve(),
          delete: () => Promise.resolve(),
        },
      },
    });
    await expectError(await brokenStore(request({ body: JSON.stringify(GOOD) })), 502, 'session-failed');
    expect(String(errors.at(-1))).toBe('Error: store down');
  });

  it('knows exactly the providers the element knows, but for the SDK-hosted ones the browser defers', () => {
    // onfido, stripe and plaid have their browser adapters (src/sdk/): the lists agree on them. socure and incode
    // are deferred in the browser (docs/providers/socure.md, incode.md say why): the server's list is a superset by
    // exactly those two ids and no other.
    const deferred = ['socure', 'incode'];
    const browser = [...(PROVIDER_IDS as readonly string[])].sort();
    expect(SESSION_PROVIDERS.filter((id) => !deferred.includes(id)).sort()).toEqual(browser);
    for (const id of deferred) {
      expect(SESSION_PROVIDERS, id).toContain(id);
      expect(browser, id).not.toContain(id);
    }
  });

  it('refuses a createSession that is not a function at once', () => {
    expect(() => createSessionHandler({} as never)).toThrow(TypeError);
  });
});
