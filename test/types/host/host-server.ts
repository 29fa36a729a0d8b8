// A host's backend against the built package: `kyc-widget/server` as Node16/NodeNext/Bundler resolve it.
import {
  createKycBackend,
  createSessionHandler,
  memoryLimitStore,
  memoryStore,
  postgresStore,
  sessionsByProvider,
  sumsubSessions,
  toNodeHandler,
  veriffSessions,
  verifyWebhook,
  type CreateSession,
  type KycStore,
  type LimitStore,
  type PgPool,
  type SessionContext,
  type SessionHandler,
  type SessionResult,
  type SessionStore,
} from 'kyc-widget/server';

const userOf = (request: Request): string | null => request.headers.get('x-user');

const sumsub = sumsubSessions({ appToken: 'app', secretKey: 'sumsub-secret-1', levelName: 'basic-kyc-level' });
const veriff: CreateSession = veriffSessions({ apiKey: 'veriff-key-1' });
const store: SessionStore = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};
const limits: LimitStore = memoryLimitStore();
export const POST: SessionHandler = createSessionHandler({
  createSession: sessionsByProvider({ sumsub, veriff }),
  authorize: (request) => Promise.resolve(userOf(request)),
  allowedOrigins: ['https://app.example'],
  limit: { max: 10, windowMs: 3_600_000, store: limits },
  reuse: { store },
});
export const anonymous: (request: Request) => Promise<Response> = createSessionHandler({
  createSession: veriff,
  anonymous: true,
  trustProxy: 1,
  allowedOrigins: (origin) => origin.endsWith('.app.example'),
});
export const node = toNodeHandler(POST);
void POST.forget('sumsub', 'user-1');

export async function webhook(request: Request): Promise<Response> {
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const result = await verifyWebhook('sumsub', { rawBody, headers: request.headers, secret: ['old', 'new'] });
  if (!result.ok) return new Response(result.reason, { status: 401 });
  const decision: 'approved' | 'declined' | 'review' | null = result.decision;
  return new Response(decision ?? 'none');
}

// The whole loop: createKycBackend on a store that is also the limit's and the open sessions' store.
declare const pool: PgPool;
declare const onPostgres: boolean;
const shared: KycStore = postgresStore({ pool, schema: 'kyc' });
const kyc = createKycBackend({
  authorize: (request) => Promise.resolve(userOf(request)),
  createSession: async (context: SessionContext): Promise<SessionResult> => {
    const made = await sessionsByProvider({ sumsub, veriff })(context);
    const id: string | undefined = made.sessionId;
    return { ...made, referenceId: id ? undefined : (context.userId ?? undefined) };
  },
  webhookSecrets: {
    sumsub: 'sumsub-webhook-secret-0001',
    veriff: ['veriff-secret-new-0001', 'veriff-secret-old-0001'],
  },
  allowedOrigins: ['https://app.example'],
  store: onPostgres ? shared : memoryStore(),
  limit: { max: 5, windowMs: 3_600_000 },
});
const counters: LimitStore = kyc.store;
const kept: SessionStore = kyc.store.openSessions;
void [counters, kept];
export const decisionRoute = toNodeHandler(kyc.decision);
export const sessionRoute: (request: Request) => Promise<Response> = kyc.session;
export const webhookRoute = (request: Request) => kyc.webhook(request, 'sumsub');
export const latest = kyc.decisionOf('user-1').then((record) => record?.decision ?? null);
