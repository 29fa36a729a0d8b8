import { toNodeHandler } from '../../src/server/node';
import { createSessionHandler, type SessionHandlerOptions } from '../../src/server/session-handler';
import { listen, type Listening } from './helpers';

export const GOOD = { provider: 'persona', locale: 'en', refresh: false };

export interface App extends Listening {
  handler: ReturnType<typeof createSessionHandler>;
  /** POSTs a session request as the widget does (the app's own Origin unless told otherwise). */
  ask: (init?: {
    body?: unknown;
    user?: string;
    key?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  }) => Promise<Response>;
}

/** The session handler behind toNodeHandler on loopback; `options` gets the app's origin (for allowedOrigins). */
export async function serveHandler(options: (origin: string) => SessionHandlerOptions): Promise<App> {
  const slot: { node?: ReturnType<typeof toNodeHandler> } = {};
  const server = await listen((req, res) => slot.node!(req, res));
  const handler = createSessionHandler(options(server.origin));
  slot.node = toNodeHandler(handler);
  const ask: App['ask'] = ({ body = GOOD, user, key, headers = {}, signal } = {}) => {
    const sent: Record<string, string> = { 'Content-Type': 'application/json', Origin: server.origin, ...headers };
    if (user) sent['x-user'] = user;
    if (key) sent['Idempotency-Key'] = key;
    return fetch(server.origin + '/api/kyc-session', {
      method: 'POST',
      headers: sent,
      body: JSON.stringify(body),
      signal,
    });
  };
  return { ...server, handler, ask };
}

/** The test's signed-in user: the `x-user` header (a stand-in for a session cookie checked by the host). */
export const authorizeByHeader = (request: Request) => Promise.resolve(request.headers.get('x-user'));
