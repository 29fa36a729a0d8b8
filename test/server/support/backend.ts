/**
 * One `createKycBackend` over real HTTP on loopback, with a clock the test moves, and the helpers the backend tests
 * share: create a session as a signed-in user, deliver a built webhook, read the decision as JSON.
 */
import { buildWebhook, SIGNED_PROVIDERS } from '../../../sandbox/webhooks.mjs';
import { createKycBackend, toNodeHandler, type KycBackendOptions, type KycStore } from '../../../src/server/index';
import { routesOf, serve, testUser } from './serve.mjs';

export const SECRET = `whsec_${Buffer.from('backend-tests-webhook-secret-0001').toString('base64')}`;
export const PAGE_ORIGIN = 'https://app.example';
export type Provider = (typeof SIGNED_PROVIDERS)[number];
export type Built = { body: string; headers: Record<string, string> };

/** A session id of the provider's own shape, unique per call. */
let counter = 0;
export function sessionIdFor(provider: string): string {
  counter++;
  const hex = (counter + 0x10000).toString(16);
  if (provider === 'persona') return `inq_test${hex}`;
  if (provider === 'sumsub') return `5cb56e8e0a975a35f33${hex}`;
  return `11111111-2222-3333-4444-5555555${hex}`;
}

export interface TestBackend {
  origin: string;
  clock: { ms: number };
  kyc: ReturnType<typeof createKycBackend>;
  created: { userId: string | null; idempotencyKey?: string; provider: string }[];
  /** POST /session as `userId` (null: signed out); returns the status, the JSON answer and the headers. */
  startSession(
    userId: string | null,
    provider: string,
    headers?: Record<string, string>,
    refresh?: boolean,
  ): Promise<[number, unknown, Headers]>;
  deliver(provider: string, webhook: Built): Promise<[number, { received?: boolean; duplicate?: boolean }]>;
  decision(userId: string, query?: Record<string, string>): Promise<unknown>;
  close(): Promise<void>;
}

export async function startBackend(
  options: Partial<KycBackendOptions> & {
    store?: KycStore;
    sessionIdOf?: (provider: string) => string | undefined;
  } = {},
): Promise<TestBackend> {
  const clock = { ms: Date.now() };
  const created: TestBackend['created'] = [];
  const kyc = createKycBackend({
    authorize: testUser,
    allowedOrigins: [PAGE_ORIGIN],
    webhookSecrets: Object.fromEntries(SIGNED_PROVIDERS.map((provider) => [provider, SECRET])),
    now: () => clock.ms,
    createSession: ({ provider, userId, idempotencyKey }) => {
      created.push({ provider, userId, ...(idempotencyKey && { idempotencyKey }) });
      const sessionId = options.sessionIdOf?.(provider);
      return Promise.resolve({ sessionUrl: 'https://verify.example/session', ...(sessionId && { sessionId }) });
    },
    ...options,
  });
  const server = await serve(toNodeHandler(routesOf(kyc)));
  const user = (userId: string | null): Record<string, string> => (userId ? { 'X-Test-User': userId } : {});
  return {
    origin: server.origin,
    clock,
    kyc,
    created,
    async startSession(userId, provider, headers = {}, refresh = false) {
      const response = await fetch(`${server.origin}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: PAGE_ORIGIN, ...user(userId), ...headers },
        body: JSON.stringify({ provider, locale: 'en', refresh }),
      });
      return [response.status, await response.json(), response.headers];
    },
    async deliver(provider, webhook) {
      const response = await fetch(`${server.origin}/webhook/${provider}`, {
        method: 'POST',
        headers: webhook.headers,
        body: webhook.body,
      });
      return [response.status, (await response.json()) as { received?: boolean; duplicate?: boolean }];
    },
    async decision(userId, query = {}) {
      const url = new URL(`${server.origin}/decision`);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return (await (await fetch(url, { headers: user(userId) })).json()) as unknown;
    },
    close: server.close,
  };
}

/** A provider's decision webhook, built and signed as the provider does (sandbox/webhooks.mjs), at `ms`. */
export function webhookAt(
  provider: string,
  ms: number,
  decision: 'approved' | 'declined' | 'review',
  sessionId: string,
  referenceId: string,
): Built {
  return buildWebhook(provider, { sessionId, referenceId, decision, secret: SECRET, now: ms }) as Built;
}

/** Sends `count` deliveries of `send`, at most `parallel` at a time; resolves every result in order. */
export async function inBatches<T>(count: number, parallel: number, send: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let done = 0; done < count; done += parallel) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(parallel, count - done) }, send))));
  }
  return results;
}
