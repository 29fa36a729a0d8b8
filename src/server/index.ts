/**
 * `kyc-widget/server`: the host backend's half. Web-standard `Request`/`Response` and Web Crypto only, no
 * framework and no `node:` import, so it runs in Node ≥ 20, Next.js route handlers, Hono, Deno and workers.
 * Guide: docs/server.md.
 */
export {
  createSessionHandler,
  SESSION_PROVIDERS,
  type CreateSession,
  type SessionAnswerBody,
  type SessionClient,
  type SessionContext,
  type SessionHandler,
  type SessionHandlerOptions,
  type SessionProvider,
  type SessionResult,
} from './session-handler';
export { ProviderCallFailed, SessionRefusal, StoreUnavailable } from './errors';
export {
  nodeRequestOf,
  readRawBody,
  toNodeHandler,
  type NodeHandlerOptions,
  type NodeRequestLike,
  type NodeResponseLike,
  type RawBodyResult,
} from './node';
export { type AllowedOrigins } from './origins';
export { memoryLimitStore, type LimitHit, type LimitOptions, type LimitStore } from './limits';
export { memorySessionStore, type ReuseOptions, type SessionStore, type StoredSession } from './reuse';
export {
  redisBreakerStore,
  redisLimitStore,
  redisSessionStore,
  type RedisCommand,
  type RedisStoreOptions,
} from './redis';
export { sessionsByProvider, type ClientOptions } from './providers/call';
export { diditSessions, type DiditSessionOptions } from '../providers/didit/session';
export { idenfySessions, type IdenfySessionOptions } from '../providers/idenfy/session';
export { jumioSessions, type JumioRegion, type JumioSessionOptions } from '../providers/jumio/session';
export {
  onfidoSessions,
  type OnfidoApplicant,
  type OnfidoRegion,
  type OnfidoSessionOptions,
} from '../providers/onfido/session';
export { plaidSessions, type PlaidEnvironment, type PlaidSessionOptions } from '../providers/plaid/session';
export {
  plaidWebhooks,
  type PlaidVerificationStatus,
  type PlaidWebhooks,
  type PlaidWebhooksOptions,
} from '../providers/plaid/webhook-keys';
export { socureSessions, type SocureEnvironment, type SocureSessionOptions } from '../providers/socure/session';
export { stripeSessions, type StripeSessionOptions } from '../providers/stripe/session';
export { personaSessions, type PersonaSessionOptions } from '../providers/persona/session';
export { sumsubSessions, type SumsubSessionOptions } from '../providers/sumsub/session';
export { veriffSessions, type VeriffSessionOptions } from '../providers/veriff/session';
export {
  createKycBackend,
  type BackendSessionOptions,
  type KycBackend,
  type KycBackendOptions,
} from './backend/backend';
export { type DecisionAnswer, type DecisionStreamOptions } from './backend/decision-endpoint';
export {
  type BreakerOptions,
  type BreakerRow,
  type BreakerState,
  type BreakerStore,
  type ProviderHealth,
} from './backend/breaker';
export { type Health, type Route, type RouteContext } from './backend/routing';
export { type Attempt, type AttemptEnd, type AttemptOutcome, type StoredAttempt } from './backend/attempts';
export { type FailedProvider } from './session-request';
export { memoryStore, type MemoryStoreOptions } from './backend/memory-store';
export { POSTGRES_MIGRATION, postgresMigration } from './backend/postgres-sql';
export {
  postgresStore,
  type PgClient,
  type PgPool,
  type PgQueryable,
  type PostgresStore,
  type PostgresStoreOptions,
} from './backend/postgres-store';
export {
  type Decision,
  type DecisionListener,
  type DecisionQuery,
  type DecisionRecord,
  type KycStore,
  type PendingEvent,
  type RecordOutcome,
  type SessionBinding,
  type StoredEvent,
} from './backend/store';
export {
  verifyWebhook,
  type SumsubAlgorithm,
  type VerifyWebhookOptions,
  type WebhookDecision,
  type WebhookFailureReason,
  type WebhookHeaders,
  type WebhookKeyLookup,
  type WebhookKeys,
  type WebhookProvider,
  type WebhookResult,
} from './webhooks/verify';
export {
  KYC_CAPTURE_SHA256,
  KYC_RENDERED_HEADERS,
  renderKycWarmUp,
  renderKycWidget,
  type RenderKycWidgetInput,
} from './render';
