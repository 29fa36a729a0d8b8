// A host's backend against the built package: `kyc-widget/server` as Node16/NodeNext/Bundler resolve it.
import {
  createSessionHandler,
  reuseOpenSessions,
  sessionsByProvider,
  sumsubSessions,
  toNodeHandler,
  veriffSessions,
  verifyWebhook,
  type CreateSession,
  type SessionStore,
} from 'kyc-widget/server';

const userOf = (request: Request): string | null => request.headers.get('x-user');

const sumsub = sumsubSessions({
  appToken: 'app',
  secretKey: 'secret',
  levelName: 'basic-kyc-level',
  userId: ({ request }) => userOf(request),
});
const veriff: CreateSession = veriffSessions({ apiKey: 'key' });
const store: SessionStore = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};
const createSession = reuseOpenSessions(sessionsByProvider({ sumsub, veriff }), {
  key: ({ request }) => userOf(request),
  store,
});
export const POST: (request: Request) => Promise<Response> = createSessionHandler({
  createSession,
  allowedOrigins: ['https://app.example'],
});
export const node = toNodeHandler(POST);
void createSession.forget('sumsub', 'user-1');

export async function webhook(request: Request): Promise<Response> {
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const result = await verifyWebhook('sumsub', { rawBody, headers: request.headers, secret: ['old', 'new'] });
  if (!result.ok) return new Response(result.reason, { status: 401 });
  const decision: 'approved' | 'declined' | 'review' | null = result.decision;
  return new Response(decision ?? 'none');
}
