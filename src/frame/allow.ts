import { Problem } from './problem';

/**
 * Which URLs may be framed or fetched (README "Attributes and properties"): https anywhere, http only on loopback,
 * no credentials. Pure functions, unit-tested without a browser.
 */

/** https anywhere; http only on loopback. Everything else (javascript:, data:, blob:, file:, ftp:) is refused. */
export function isSecureScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * A URL the widget will frame or fetch, or the problem with `text` as the input `at`: `missing`, `syntax` (not a
 * URL against `base`), `absolute` (not a URL, and no base), `scheme` (not http/https; `got` is the scheme), `http`
 * (http off loopback), `credentials`.
 */
export function safeUrl(text: string | undefined, at: string, base?: string): URL | Problem {
  if (typeof text !== 'string' || text.trim() === '') return new Problem('missing', at);
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    return new Problem(base ? 'syntax' : 'absolute', at);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return new Problem('scheme', at, url.protocol);
  if (!isSecureScheme(url)) return new Problem('http', at);
  return url.username || url.password ? new Problem('credentials', at) : url;
}
