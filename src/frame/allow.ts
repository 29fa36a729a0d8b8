/**
 * URL rules without words, for the boot chunk: which URLs may be framed or fetched. A check that fails says which
 * rule (a `Problem`); the sentences, and the allowlist's patterns, are the runtime's (origins.ts). Pure functions,
 * unit-tested without a browser.
 */

/** https anywhere; http only on loopback. Everything else (javascript:, data:, blob:, file:, ftp:) is refused. */
export function isSecureScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Why a check failed: 'missing', 'syntax', 'origin' (not a host), 'scheme' (not http/https), 'http' (http off
 * loopback), 'credentials', 'label' (a misplaced `*`), 'domain' (a `*` before a bare name).
 */
export type Problem = 'missing' | 'syntax' | 'origin' | 'scheme' | 'http' | 'credentials' | 'label' | 'domain';

/** A URL the widget will frame or fetch, with the scheme rules of README "Attributes and properties". */
export function safeUrl(text: string | undefined, base?: string): URL | Problem {
  if (typeof text !== 'string' || text.trim() === '') return 'missing';
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    return 'syntax';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (!isSecureScheme(url)) return 'http';
  return url.username || url.password ? 'credentials' : url;
}
