/**
 * createKycBackend's `providers`, `route` and `breaker` (docs/server.md, "Routing and failover"): one session client
 * per provider, the host's order of candidates per request, and the breaker kept in the store, so that every
 * instance skips a provider that is down.
 */
import type { FailedProvider } from '../session-request';
import type { Routing } from '../session-routing';
import { SESSION_PROVIDERS, type CreateSession, type SessionProvider } from '../session-types';
import {
  admit,
  breakerSettings,
  healthOf,
  settle,
  type BreakerOptions,
  type BreakerRow,
  type BreakerStore,
  type ProviderHealth,
  type Verdict,
} from './breaker';
import { breakerWithDeadlines } from './deadline';
import type { Decision, KycStore } from './store';

/** How long a create waits for the outcomes of those under way before its provider is skipped, and how often it looks. */
const ADMIT_WAIT_MS = 2000;
const ADMIT_POLL_MS = 25;

/** What `route` is asked: who, from where, in which language, and what already failed in this attempt. */
export interface RouteContext {
  userId: string | null;
  request: Request;
  locale: string;
  failed: readonly FailedProvider[];
}

export type Route = (context: RouteContext) => readonly string[] | Promise<readonly string[]>;

export interface RoutingOptions {
  providers: Partial<Record<string, CreateSession>>;
  route?: Route;
  breaker?: BreakerOptions;
}

export interface Health {
  providers: Record<string, ProviderHealth>;
}

export interface BackendRouting {
  routing: Routing;
  /** The session client of the provider a request names. */
  createSession: CreateSession;
  health(): Promise<Health>;
}

/** Checks `providers` (known ids, functions) and builds the routing over `store`; throws TypeError on bad options. */
export function backendRouting(
  options: RoutingOptions,
  store: KycStore,
  now: () => number,
  newSessionAfter: (decision: Decision) => boolean,
  storeTimeoutMs: number,
): BackendRouting {
  const clients = options.providers;
  if (typeof clients !== 'object' || clients === null || Array.isArray(clients))
    throw new TypeError('createKycBackend: providers must be an object of session clients by provider id');
  const ids = Object.keys(clients);
  if (ids.length === 0) throw new TypeError('createKycBackend: providers names no provider');
  for (const id of ids) {
    if (!(SESSION_PROVIDERS as readonly string[]).includes(id))
      throw new TypeError(`createKycBackend: providers.${id} is not a provider id`);
    if (typeof clients[id] !== 'function')
      throw new TypeError(`createKycBackend: providers.${id} must be a session client (a function)`);
  }
  if (options.route !== undefined && typeof options.route !== 'function')
    throw new TypeError('createKycBackend: route must be a function');
  const settings = breakerSettings(options.breaker);
  const served = ids as SessionProvider[];
  const rows = breakerRows(options.breaker?.store, store, storeTimeoutMs);

  const createSession: CreateSession = (context) => clients[context.provider]!(context);
  const longest = Math.max(0, ...ids.map((id) => Number((clients[id] as { timeoutMs?: unknown }).timeoutMs) || 0));
  if (longest > 0) Object.assign(createSession, { timeoutMs: longest });

  const routing: Routing = {
    providers: served,
    candidates: async (context) => (options.route ? await options.route(context) : served),
    async admit(provider) {
      // Waits while the attempts under way decide (a cold start, or after a failure), at most ADMIT_WAIT_MS.
      for (let waited = 0; ; waited += ADMIT_POLL_MS) {
        const seen: { verdict: Verdict } = { verdict: 'skip' };
        await rows.breaker(provider, (row) => {
          const next = admit(row, now(), settings);
          seen.verdict = next.verdict;
          return next.row;
        });
        if (seen.verdict !== 'wait') return seen.verdict;
        if (waited >= ADMIT_WAIT_MS) return 'skip';
        await new Promise((resolve) => setTimeout(resolve, ADMIT_POLL_MS));
      }
    },
    async settle(provider, outcome) {
      await rows.breaker(provider, (row) => settle(row, outcome, now(), settings));
    },
    async decided(userId) {
      const latest = await store.latest(userId);
      if (!latest || newSessionAfter(latest.decision)) return null;
      return { provider: latest.provider, decision: latest.decision };
    },
  };

  return {
    routing,
    createSession,
    async health() {
      const kept = await rows.breakers();
      const at = now();
      return { providers: Object.fromEntries(served.map((id) => [id, healthOf(kept[id], at, settings)])) };
    },
  };
}

/**
 * Where the breaker's rows are kept: `breaker.store` (under the backend's store deadline), else the backend's store
 * when it keeps them (memoryStore, postgresStore), else this instance's own Map (a store of yours without them).
 */
function breakerRows(own: BreakerStore | undefined, store: KycStore, timeoutMs: number): BreakerStore {
  if (own) return breakerWithDeadlines(own, timeoutMs);
  if (store.breaker && store.breakers) return store as BreakerStore;
  const local = new Map<string, BreakerRow>();
  return {
    breaker(provider, change) {
      const row = change(local.get(provider));
      local.set(provider, row);
      return Promise.resolve(row);
    },
    breakers: () => Promise.resolve(Object.fromEntries(local)),
  };
}
