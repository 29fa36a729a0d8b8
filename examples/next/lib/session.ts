/**
 * The app's own part of the backend (lib/kyc.ts): ask the provider for a session, with the secret key kept on the
 * server. Here the provider is the repository's sandbox (its generic protocol); a real app calls its provider's
 * API through one of kyc-widget/server's session clients (the README's "Your backend"). The token reaches the browser only as the
 * answer to the widget's (or the page's) POST: never in the server-rendered HTML.
 */
export interface SessionRequest {
  provider: string;
  locale: string;
  refresh: boolean;
  request: Request;
  userId: string | null;
}

export interface Session {
  sessionUrl?: string;
  sessionToken?: string;
  expiresAt?: string;
}

/** The sandbox's origin (set when the server starts; `node scripts/examples.mjs` passes its own). */
export const SANDBOX_ORIGIN = process.env.SANDBOX_ORIGIN ?? 'http://localhost:5174';

/** The page's own origin, the only one allowed to ask for a session (`node scripts/examples.mjs` serves on PORT). */
export const APP_ORIGIN = process.env.APP_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

/**
 * The example has no sign-in: its visitor is a random id in an HttpOnly cookie that proxy.ts sets on the pages. A
 * real app's `authorize` returns its signed-in user's id from its own session instead.
 */
export const VISITOR_COOKIE = 'kyc_example_visitor';

export function visitorOf(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([0-9a-f]{32})(?:;|$)`).exec(
    request.headers.get('cookie') ?? '',
  );
  return match ? match[1] : null;
}

const SCRIPT = 'ready,start,progress:document:1:2,submit,complete:approved';
const LIFETIME_MS = 10 * 60_000;

export async function createSession({ provider }: SessionRequest): Promise<Session> {
  if (provider !== 'generic') throw new Error(`this example has no ${provider} account`);
  return {
    sessionUrl: `${SANDBOX_ORIGIN}/generic?script=${SCRIPT}&session=example_next`,
    sessionToken: 'sbx_tok_example_secret',
    expiresAt: new Date(Date.now() + LIFETIME_MS).toISOString(),
  };
}
