import { leaker } from '../frame/secrets';
import type { KycErrorDetail } from '../element/events';

/**
 * Where a developer looks: a `kyc-error` the person cannot get past from here (`config-invalid`, and every error with
 * `recoverable: false`) is also one `console.error`, with or without `debug`, as the providers' own SDKs log theirs.
 * Once per cause on the page: the same code and message again (a retry, another element with the same mistake) says
 * nothing more. Never a secret: a URL's query and fragment are left out, and a message that carries the session
 * token is not repeated.
 */

const said = new Set<string>();

export function sayFinalError(detail: KycErrorDetail, secrets: unknown[]): void {
  if (detail.recoverable && detail.code !== 'config-invalid') return;
  const carries = leaker(secrets);
  const message = carries(detail.message)
    ? '(the message carries the session token: not shown)'
    : withoutQueries(detail.message);
  const extra = detail.providerCode ? ` (provider code ${detail.providerCode})` : '';
  const cause = `${detail.code} (${detail.provider}): ${message}${extra}`;
  if (said.has(cause)) return;
  said.add(cause);
  console.error(`[kyc-widget] ${cause}`);
}

/** URLs as scheme, host and path: their query and fragment may hold a token. */
function withoutQueries(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi, '$1?…');
}
