/**
 * `createKycBackend`: the whole loop in one object (docs/server.md). Three routes and one question:
 * - `session(request)`: the widget's `session-endpoint` (createSessionHandler: authorize, origin, limit, reuse);
 *   each created session is bound to the user who asked, by the ids its session client answers;
 * - `webhook(request, provider)`: a provider's webhook URL; verified, recorded once, 2xx once recorded;
 * - `decision(request)`: the widget's `decision-endpoint`; the signed-in user's server-confirmed decision;
 * - `decisionOf(userId)`: the same for the host's own code.
 */
import { failure, json } from '../answers';
import type { LimitOptions } from '../limits';
import {
  createSessionHandler,
  type CreateSession,
  type SessionHandlerOptions,
  type SessionProvider,
} from '../session-handler';
import type { PlaidWebhooks } from '../../providers/plaid/webhook-keys';
import { readBounded } from '../session-request';
import { signedInUser } from '../values';
import type { SumsubAlgorithm, WebhookResult } from '../webhooks/types';
import { checkedSecrets, verifyWebhook } from '../webhooks/verify';
import {
  answerOf,
  corsCheck,
  decisionStream,
  queryOf,
  wantsStream,
  type DecisionStreamOptions,
} from './decision-endpoint';
import { needsDevelopment } from '../development';
import { withDeadlines } from './deadline';
import { memoryStore } from './memory-store';
import { withPlaidStatus } from './plaid-status';
import { attemptsOf, type Attempt } from './attempts';
import { boundCreate, ledgerOf } from './bound-create';
import type { BreakerOptions } from './breaker';
import { checkedTimes } from './options';
import { backendRouting, type Health, type Route, type RoutingOptions } from './routing';
import type { Decision, KycStore, RecordOutcome } from './store';

/** The session handler's options that the backend leaves to you (it sets the others from its own). */
export type BackendSessionOptions = Omit<
  Partial<SessionHandlerOptions>,
  'createSession' | 'authorize' | 'anonymous' | 'allowedOrigins' | 'limit' | 'onError'
>;

export interface KycBackendOptions {
  /**
   * The signed-in user's id for a request (from your session cookie or token, never from the body), or null: 401,
   * nothing created or answered. Required: the session endpoint and the decision endpoint both ask it.
   */
  authorize: NonNullable<SessionHandlerOptions['authorize']>;
  /**
   * Makes a provider session: a session client (`personaSessions(…)`, `sessionsByProvider(…)`) or your own. Its
   * `sessionId` (and `referenceId`) bind the session to the user; without either, the user id is taken to be the
   * reference the provider echoes back.
   */
  createSession?: CreateSession;
  /**
   * Instead of `createSession`: one session client per provider (`{ sumsub: sumsubSessions(…), veriff:
   * veriffSessions(…) }`). The widget's `provider="auto"` then lets this backend choose: `route`'s candidates in
   * order, the first whose breaker is not open; a create that fails gives way to the next (docs/server.md, "Routing
   * and failover"). A request naming one of these providers gets that one.
   */
  providers?: RoutingOptions['providers'];
  /** The candidates for one `auto` request, in order (default: the order of `providers`). */
  route?: Route;
  /**
   * When a provider is skipped by every instance: `{ failures, windowMs, coolDownMs }` (default 5, 60 s, 30 s), and
   * `store` when the rows are kept elsewhere than in `store` (`redisBreakerStore({ command })`).
   */
  breaker?: BreakerOptions;
  /** Per provider: its webhook secret, or `[new, old]` during a rotation. A provider left out has no webhook. */
  webhookSecrets: Partial<Record<string, string | readonly string[]>>;
  /**
   * Plaid, which signs with a key pair and whose webhooks carry no status: `plaidWebhooks({ clientId, secret,
   * environment })` fetches its keys and reads each identity verification's status. Gives Plaid a webhook route.
   */
  plaid?: PlaidWebhooks;
  /** Origins whose pages may ask for sessions and read decisions, exactly as browsers send them. Required. */
  allowedOrigins: SessionHandlerOptions['allowedOrigins'];
  /**
   * Where events, decisions, bindings, the limit's counters and the open sessions are kept. Default:
   * `memoryStore()` (one process); several instances share `postgresStore({ pool })`.
   */
  store?: KycStore;
  /**
   * How long one store call may take before the route gives up on it and answers 503 with `Retry-After` (default
   * 3000 ms; `decisionOf` throws StoreUnavailable). Set your driver's own timeouts under it (docs/server.md).
   */
  storeTimeoutMs?: number;
  /** Provider creates per user per window (default 10 an hour), counted in `store` unless you give `limit.store`. */
  limit?: LimitOptions;
  /**
   * Whether a user whose latest decision with a provider is `decision` may start a new verification with it. When
   * not, the session endpoint answers that decision instead of a session (the widget shows it as its result, and
   * nothing is created or charged). Default: only after `declined`.
   */
  newSessionAfter?: (decision: Decision) => boolean;
  /** For the providers that sign a time (default 300 s). */
  toleranceSeconds?: number;
  /** Sumsub's accepted digest algorithms (default SHA-256 and SHA-512). */
  sumsubAlgorithms?: readonly SumsubAlgorithm[];
  /** Largest webhook body (default 1 MiB) and how long its reading may take (default 10 s). */
  maxWebhookBytes?: number;
  webhookReadTimeoutMs?: number;
  decisionStream?: DecisionStreamOptions;
  /** The session handler's other options (providers, maxBodyBytes, timeoutMs, reuse's times, …). */
  sessionOptions?: BackendSessionOptions;
  /**
   * Told of each recorded event, after it is recorded (not awaited: the webhook's 2xx does not wait for it), at
   * least once with a store that keeps pending events (memoryStore, postgresStore): an event whose handler did not
   * finish (it threw, or the process died) is handed to it again, on the provider's retry of the event and by a
   * sweep at start and every `onEventLeaseMs`. Make it idempotent (key your work by `event.eventId`).
   */
  onEvent?: (event: WebhookResult & { ok: true }, outcome: RecordOutcome) => void | Promise<void>;
  /**
   * How long one run of `onEvent` holds its event before it may be handed out again (default 60 000 ms), and how
   * often the sweep looks for such events. Longer than your handler takes.
   */
  onEventLeaseMs?: number;
  /** The clock webhook timestamps are checked against, in ms (for tests). Default `Date.now`. */
  now?: () => number;
  /**
   * Work against the sandbox (`npx kyc-widget sandbox`): accept its published keys as webhook secrets, session
   * clients whose `baseUrl` is plain http, and sessions whose frame is plain http. Without it each is refused (at
   * construction, or the session with a 403 and the reason to `onError`), so that a development setup never serves in production. Default false.
   */
  development?: boolean;
  /** Told of failures the browser or the provider only sees as a generic error (for your logs). */
  onError?: (error: unknown, where: 'session' | 'authorize' | 'webhook' | 'decision') => void;
}

export interface KycBackend {
  session(request: Request): Promise<Response>;
  webhook(request: Request, provider: string): Promise<Response>;
  decision(request: Request): Promise<Response>;
  decisionOf(
    userId: string,
  ): Promise<{ provider: string; sessionId?: string; decision: Decision; occurredAt: string } | null>;
  /**
   * Each routed provider's breaker state, recent success rate and median create time (with `providers`), as every
   * instance sees it: for your monitoring, behind your own authorization.
   */
  health(): Promise<Health>;
  /**
   * The user's attempts, oldest first (the latest 100; memoryStore keeps 20 per user): each provider session made,
   * each create that failed, with its outcome and why it ended (docs/server.md, "The attempts ledger"). None when
   * the store keeps no ledger (a store of your own without `attempts`).
   */
  attempts(userId: string): Promise<Attempt[]>;
  /** The store in use (for `close()` at shutdown). */
  store: KycStore;
}

export function createKycBackend(options: KycBackendOptions): KycBackend {
  const { storeTimeoutMs, leaseMs } = checkedTimes(options);
  const secrets = checkedSecrets(options.webhookSecrets);
  const sandbox = options.development === true ? undefined : needsDevelopment(options);
  if (sandbox) throw new TypeError(`createKycBackend: ${sandbox}`);
  const kept = options.store ?? memoryStore();
  // Every call below has a deadline; the host gets the store itself (for close()).
  const store = withDeadlines(kept, storeTimeoutMs);
  const newSessionAfter = options.newSessionAfter ?? ((decision: Decision) => decision === 'declined');
  const routed = options.providers
    ? backendRouting(options as RoutingOptions, store, options.now ?? Date.now, newSessionAfter, storeTimeoutMs)
    : undefined;
  const createSession = routed?.createSession ?? options.createSession!;
  const cors = corsCheck(options.allowedOrigins);
  const stream = {
    heartbeatMs: options.decisionStream?.heartbeatMs ?? 15_000,
    lifetimeMs: options.decisionStream?.lifetimeMs ?? 60_000,
    maxPerUser: options.decisionStream?.maxPerUser ?? 5,
    maxOpen: options.decisionStream?.maxOpen ?? 1000,
    retryMs: options.decisionStream?.retryMs ?? 3000,
  };
  const report = (error: unknown, where: Parameters<NonNullable<KycBackendOptions['onError']>>[1]) => {
    try {
      options.onError?.(error, where);
    } catch {
      // A throwing logger changes nothing.
    }
  };

  const atLeastOnce = !!options.onEvent && !!store.claimHandling && !!store.handled && !!store.unhandled;

  /** Runs the handler; marks the event handled once it finished (a throw leaves it pending: handed out again). */
  const handle = async (event: WebhookResult & { ok: true }, outcome: RecordOutcome): Promise<void> => {
    try {
      await options.onEvent!(event, outcome);
      if (atLeastOnce) await store.handled!(event.provider, event.eventId);
    } catch (error) {
      report(error, 'webhook');
    }
  };

  /** Hands every pending event whose lease ran out to the handler again (at start, then every leaseMs). */
  const sweep = async (): Promise<void> => {
    try {
      for (;;) {
        const due = await store.unhandled!(leaseMs, 100);
        for (const { payload, userId, changed, occurredAtMs, ...rest } of due) {
          const event = {
            ok: true as const,
            ...rest,
            payload,
            ...(occurredAtMs !== undefined && { occurredAt: new Date(occurredAtMs).toISOString() }),
          };
          void handle(event, { duplicate: false, changed, userId });
        }
        if (due.length < 100) return;
      }
    } catch (error) {
      report(error, 'webhook');
    }
  };
  if (atLeastOnce) {
    void Promise.resolve().then(sweep);
    const timer = setInterval(() => void sweep(), leaseMs) as { unref?: () => void };
    timer.unref?.();
  }

  /** Open decision streams per user, in this process, and in all. */
  const streams = new Map<string, number>();
  let openStreams = 0;

  const ledger = ledgerOf(store, (error) => report(error, 'session'));
  const createBound = boundCreate(createSession, store, ledger, options.development === true, (error) =>
    report(error, 'session'),
  );

  const handler = createSessionHandler({
    ...options.sessionOptions,
    // The client's own timeout travels with it: the handler's deadline for a create is never shorter.
    createSession: Object.assign(createBound, {
      timeoutMs: (createSession as { timeoutMs?: unknown }).timeoutMs,
    }),
    ...(routed && {
      routing: { ...routed.routing, left: (provider, userId, reason) => ledger({ provider, userId, reason }) },
      providers: routed.routing.providers,
    }),
    authorize: options.authorize,
    anonymous: false,
    allowedOrigins: options.allowedOrigins,
    limit: { ...options.limit, store: options.limit?.store ?? store },
    reuse: { ...options.sessionOptions?.reuse, store: options.sessionOptions?.reuse?.store ?? store.openSessions },
    decided: async ({ provider, userId }) => {
      const latest = await store.latest(userId);
      if (!latest || latest.provider !== provider) return null;
      return newSessionAfter(latest.decision) ? null : latest.decision;
    },
    onError: (error) => report(error, 'session'),
  });

  return {
    store: kept,

    session: handler,

    async webhook(request, provider) {
      if (request.method !== 'POST') return failure(405, 'method-not-allowed', 'Use POST.', { Allow: 'POST' });
      const secret = Object.hasOwn(secrets, provider) ? secrets[provider] : undefined;
      const keys = provider === 'plaid' ? options.plaid : undefined;
      if (!secret && !keys) return failure(404, 'unknown-webhook', 'No webhook is configured for this provider.');
      const maxBytes = options.maxWebhookBytes ?? 1_048_576;
      const body = await readBounded(request, maxBytes, Date.now() + (options.webhookReadTimeoutMs ?? 10_000));
      if (body === 'too-large') return failure(413, 'payload-too-large', `The body is over ${maxBytes} bytes.`);
      if (body === 'too-slow') return failure(408, 'body-timeout', 'The body did not arrive in time.');
      if (body === 'unreadable') return failure(400, 'bad-request', 'The body could not be read.');
      const verified = await verifyWebhook(provider, {
        rawBody: body,
        headers: request.headers,
        ...(keys ? { keys } : { secret: secret! }),
        ...(options.toleranceSeconds !== undefined && { toleranceSeconds: options.toleranceSeconds }),
        ...(options.now && { now: options.now() }),
        ...(options.sumsubAlgorithms && { algorithms: options.sumsubAlgorithms }),
      });
      if (!verified.ok) {
        if (verified.reason === 'malformed') {
          // A body that is not JSON, or a setting of ours the verifier refused: either way, the host should know.
          report(new Error(`webhook of ${provider} not read: ${verified.message ?? 'malformed'}`), 'webhook');
          return failure(400, 'malformed', 'The webhook could not be read.');
        }
        if (verified.reason === 'unavailable') {
          report(new Error(`webhook of ${provider} not verified: ${verified.message ?? 'key unavailable'}`), 'webhook');
          return failure(503, 'unavailable', 'The webhook could not be verified yet; retry.', { 'Retry-After': '30' });
        }
        return failure(401, verified.reason, 'The webhook is not verified.');
      }
      let result = verified;
      if (keys) {
        try {
          result = await withPlaidStatus(verified, keys, options.now?.() ?? Date.now());
        } catch (error) {
          report(error, 'webhook');
          return failure(503, 'not-recorded', 'The status could not be read; retry.', { 'Retry-After': '30' });
        }
      }
      let outcome: RecordOutcome;
      try {
        outcome = await store.record({
          provider,
          eventId: result.eventId,
          event: result.event,
          decision: result.decision,
          ...(result.sessionId && { sessionId: result.sessionId }),
          ...(result.referenceId && { referenceId: result.referenceId }),
          ...(result.occurredAt && { occurredAtMs: Date.parse(result.occurredAt) }),
          ...(atLeastOnce && { pending: { payload: result.payload } }),
        });
      } catch (error) {
        report(error, 'webhook');
        // Not recorded: the provider retries (and a retry that finds it recorded is a duplicate).
        return failure(503, 'not-recorded', 'The event could not be recorded; retry.', { 'Retry-After': '5' });
      }
      if (outcome.changed && outcome.userId) {
        // A decided verification's session is not handed out again: the user's next start makes a new one.
        await handler.forget(provider as SessionProvider, outcome.userId).catch((error: unknown) => {
          report(error, 'webhook');
        });
      }
      if (atLeastOnce) {
        // New or a retry of an event whose handler has not finished: whoever takes the lease runs it.
        const mine = await store.claimHandling!(provider, result.eventId, leaseMs).catch((error: unknown) => {
          report(error, 'webhook');
          return false;
        });
        if (mine) void handle(result, outcome);
      } else if (!outcome.duplicate && options.onEvent) {
        void Promise.resolve().then(() => handle(result, outcome));
      }
      return json(200, { received: true, duplicate: outcome.duplicate });
    },

    async decision(request) {
      if (request.method !== 'GET') return failure(405, 'method-not-allowed', 'Use GET.', { Allow: 'GET' });
      const headers = cors(request);
      if (!headers) return failure(403, 'origin-not-allowed', 'This origin may not ask for decisions.');
      const userId = await signedInUser(options.authorize, request);
      if (userId !== null && typeof userId !== 'string') {
        report(userId.failed, 'authorize');
        return failure(500, 'internal-error', 'The decision endpoint failed.', headers);
      }
      if (!userId) return failure(401, 'unauthenticated', 'Sign in to see your verification decision.', headers);
      const query = queryOf(new URL(request.url), userId);
      if (typeof query === 'string') return failure(400, 'bad-request', query, headers);
      if (!wantsStream(request)) {
        try {
          return json(200, answerOf(await store.current(query)), headers);
        } catch (error) {
          report(error, 'decision');
          return failure(503, 'unavailable', 'The decision could not be read; retry.', {
            ...headers,
            'Retry-After': '2',
          });
        }
      }
      const open = streams.get(userId) ?? 0;
      if (open >= stream.maxPerUser)
        return failure(429, 'too-many-streams', 'Too many open decision streams.', { ...headers, 'Retry-After': '5' });
      if (openStreams >= stream.maxOpen)
        return failure(503, 'unavailable', 'Too many open decision streams here; retry.', {
          ...headers,
          'Retry-After': '5',
        });
      streams.set(userId, open + 1);
      openStreams++;
      const release = () => {
        openStreams--;
        const left = (streams.get(userId) ?? 1) - 1;
        if (left > 0) streams.set(userId, left);
        else streams.delete(userId);
      };
      return decisionStream(store, query, request.signal, stream, headers, release);
    },

    health: () => routed?.health() ?? Promise.resolve({ providers: {} }),

    attempts: async (userId) => attemptsOf(store.attempts ? await store.attempts(userId) : []),

    async decisionOf(userId) {
      const record = await store.latest(userId);
      if (!record) return null;
      const { provider, sessionId, decision, occurredAt } = record;
      return { provider, ...(sessionId && { sessionId }), decision, occurredAt };
    },
  };
}
