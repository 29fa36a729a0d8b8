/**
 * Origin rules without words, for the boot chunk: which URLs may be framed or fetched, and which origins may
 * speak for the frame. A check that fails says which rule (a `Problem`); the sentences are the runtime's
 * (origins.ts). Pure functions, unit-tested without a browser.
 */

/** https anywhere; http only on loopback. Everything else (javascript:, data:, blob:, file:, ftp:) is refused. */
export function isSecureScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** One allowlist entry: an exact origin, or an origin whose first DNS label is `*` (matches exactly one label). */
export interface OriginPattern {
  protocol: string;
  /** Host labels after the wildcard, or the whole host when there is none. */
  host: string;
  wildcard: boolean;
  port: string;
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

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function originPattern(text: string): OriginPattern | Problem {
  const match = /^(https?):\/\/(\*\.)?([^/:?#\s]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i.exec(text.trim());
  if (!match) return 'syntax';
  const [, scheme, star, rawHost, port = ''] = match;
  if (rawHost.includes('*')) return 'label';
  const protocol = `${scheme.toLowerCase()}:`;
  let url: URL;
  try {
    url = new URL(`${protocol}//${star ? 'x.' : ''}${rawHost}${port ? `:${port}` : ''}`);
  } catch {
    return 'origin';
  }
  if (!isSecureScheme(url)) return 'http';
  const host = star ? url.hostname.slice(2) : url.hostname;
  if (star && host.split('.').length < 2) return 'domain';
  return { protocol, host, wildcard: Boolean(star), port: url.port };
}

export function matchesPattern(origin: string, pattern: OriginPattern): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin || url.protocol !== pattern.protocol || url.port !== pattern.port) return false;
  if (!pattern.wildcard) return url.hostname === pattern.host;
  const suffix = `.${pattern.host}`;
  return url.hostname.endsWith(suffix) && LABEL.test(url.hostname.slice(0, -suffix.length));
}

/** The origins the widget trusts for one session: exact strings compared first, patterns after. */
export class OriginAllowlist {
  readonly #exact = new Set<string>();
  readonly #patterns: OriginPattern[] = [];

  constructor(patterns: readonly OriginPattern[]) {
    for (const pattern of patterns) {
      if (pattern.wildcard) this.#patterns.push(pattern);
      else this.#exact.add(`${pattern.protocol}//${pattern.host}${pattern.port ? `:${pattern.port}` : ''}`);
    }
  }

  has(origin: string): boolean {
    if (typeof origin !== 'string' || origin === '' || origin === 'null') return false;
    return this.#exact.has(origin) || this.#patterns.some((pattern) => matchesPattern(origin, pattern));
  }
}
