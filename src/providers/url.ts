import { Problem } from '../frame/problem';

/** Helpers for building frame URLs from the host's inputs. The host's `options` and token are checked too. */

/** Sets a query parameter unless the host's URL already has it (the host's explicit choice wins). */
export function setMissing(url: URL, name: string, value: string | undefined): void {
  if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
}

/** A secret as the host passed it: non-empty, bounded, no whitespace or control characters. */
export function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

/**
 * The host's token for `provider`: undefined when it gave none, the problem `token` when it gave a malformed one
 * (the provider's id as `at`: the sentence names the kind of token).
 */
export function givenToken(token: string | undefined, provider: string): string | undefined | Problem {
  return token === undefined ? undefined : (tokenOf(token) ?? new Problem('token', provider));
}

/** A copy of a URL the host gave (the builders add to it). */
export const copy = (url: URL): URL => new URL(url.href);

/** A per-attempt id that no other frame on the page can guess. */
export function randomId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What `provider` needs that the host did not give (`needs`, said per provider). */
export const needs = (provider: string): Problem => new Problem('needs', provider);

/** The session URL as issued, for providers whose frame is just that. */
export const sessionUrlOnly =
  (provider: string) =>
  ({ sessionUrl }: { sessionUrl?: URL }): { url: URL } | Problem =>
    sessionUrl ? { url: copy(sessionUrl) } : needs(provider);
