/**
 * The app's own part of the session endpoint: ask the provider for a session, with the secret key kept on the
 * server. Here the provider is the repository's sandbox (its generic protocol); a real app calls its provider's
 * API through one of kyc-widget/server's session clients (the README's "Your backend"). The token reaches the browser only as the
 * answer to the widget's (or the page's) POST: never in the server-rendered HTML.
 */
export interface SessionRequest {
  provider: string;
  locale: string;
  refresh: boolean;
  request: Request;
}

export interface Session {
  sessionUrl?: string;
  sessionToken?: string;
  expiresAt?: string;
}

/** The sandbox's origin (set when the server starts; `node scripts/examples.mjs` passes its own). */
export const SANDBOX_ORIGIN = process.env.SANDBOX_ORIGIN ?? 'http://localhost:5174';

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
