// A host's backend against the built package: `kyc-widget/server` as Node16/NodeNext/Bundler resolve it.
import {
  createSessionHandler,
  memoryLimitStore,
  sessionsByProvider,
  sumsubSessions,
  toNodeHandler,
  veriffSessions,
  verifyWebhook,
  type CreateSession,
  type LimitStore,
  type SessionHandler,
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
