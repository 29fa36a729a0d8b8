/**
 * `createKycBackend({ development: true })`: the one switch that lets the backend work against the sandbox
 * (`kyc-widget sandbox`). Without it the backend refuses what only the sandbox uses, so that a development setup
 * copied into production fails where it was made instead of accepting forged webhooks:
 * - the sandbox's published keys as a webhook secret (anyone can sign with them);
 * - a session client whose API is plain http (no provider's is: only the sandbox, or a stand-in, answers there);
 * - a session answer whose frame is plain http (the sandbox's frame pages).
 */
import { SANDBOX_API_KEYS, SANDBOX_WEBHOOK_SECRET } from '../../sandbox/keys.mjs';

const PUBLISHED = new Set<string>([
  SANDBOX_WEBHOOK_SECRET,
  ...Object.values(SANDBOX_API_KEYS).flatMap((keys) => Object.values(keys)),
]);

const ADVICE = 'pass development: true only while you work against kyc-widget sandbox, never in production';

/** Why the backend's options need `development: true`, or undefined. */
export function needsDevelopment(options: {
  webhookSecrets?: Partial<Record<string, string | readonly string[]>>;
  createSession?: unknown;
}): string | undefined {
  for (const [provider, secret] of Object.entries(options.webhookSecrets ?? {})) {
    const list = typeof secret === 'string' ? [secret] : (secret ?? []);
    if (list.some((one) => PUBLISHED.has(one)))
      return `webhookSecrets.${provider} is the kyc-widget sandbox's published key: anyone can sign webhooks with it; ${ADVICE}`;
  }
  const api = (options.createSession as { plainHttpApi?: unknown } | undefined)?.plainHttpApi;
  if (typeof api === 'string')
    return `createSession calls ${api} over plain http: only the sandbox answers there, no provider's API does; ${ADVICE}`;
  return undefined;
}

/** A session answer that loads a plain-http frame (the sandbox's pages) needs `development: true`. */
export function developmentFrame(result: { sessionUrl?: unknown } | undefined): string | undefined {
  let url: URL | undefined;
  try {
    url = typeof result?.sessionUrl === 'string' ? new URL(result.sessionUrl) : undefined;
  } catch {
    return undefined; // the handler refuses a malformed answer itself
  }
  return url?.protocol === 'http:'
    ? `the session answer loads ${url.origin} over plain http: only the sandbox serves frames there; ${ADVICE}`
    : undefined;
}
