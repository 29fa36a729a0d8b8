/**
 * Origin rules: which URLs may be framed and which origins may speak for the frame.
 * Pure functions, unit-tested without a browser.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname);
}

/** https anywhere; http only on loopback. Everything else (javascript:, data:, blob:, file:, ftp:) is refused. */
export function isSecureScheme(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
}

/** One allowlist entry: an exact origin, or an origin whose first DNS label is `*` (matches exactly one label). */
export interface OriginPattern {
  protocol: string;
  /** Host labels after the wildcard, or the whole host when there is none. */
  host: string;
  wildcard: boolean;
  port: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function parseOriginPattern(text: string): ParseResult<OriginPattern> {
  const match = /^(https?):\/\/(\*\.)?([^/:?#\s]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?\/?$/i.exec(text.trim());
  if (!match) return { ok: false, message: `"${text}" is not an origin (scheme://host[:port])` };
  const [, scheme, star, rawHost, port = ''] = match;
  if (rawHost.includes('*'))
    return { ok: false, message: `"${text}": a wildcard may only stand for the first label (https://*.example.com)` };
  const protocol = `${scheme.toLowerCase()}:`;
  let url: URL;
  try {
    url = new URL(`${protocol}//${star ? 'x.' : ''}${rawHost}${port ? `:${port}` : ''}`);
  } catch {
    return { ok: false, message: `"${text}" is not an origin` };
  }
  if (!isSecureScheme(url)) return { ok: false, message: `"${text}" must use https (http only on localhost)` };
  const host = star ? url.hostname.slice(2) : url.hostname;
  if (star && host.split('.').length < 2)
    return { ok: false, message: `"${text}": a wildcard needs a registrable domain after it` };
  return { ok: true, value: { protocol, host, wildcard: Boolean(star), port: url.port } };
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
  if (!url.hostname.endsWith(suffix)) return false;
  return LABEL.test(url.hostname.slice(0, -suffix.length));
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

/** Parses the `allowed-origins` attribute: space-separated origins or one-label wildcard patterns. */
export function parseAllowedOrigins(text: string | undefined): ParseResult<OriginPattern[]> {
  const patterns: OriginPattern[] = [];
  for (const entry of (text ?? '').split(/\s+/).filter(Boolean)) {
    const parsed = parseOriginPattern(entry);
    if (!parsed.ok) return { ok: false, message: `allowed-origins: ${parsed.message}` };
    patterns.push(parsed.value);
  }
  return { ok: true, value: patterns };
}

/** Parses a URL the widget will frame or fetch, with the scheme rules of README "Attributes and properties". */
export function parseSafeUrl(text: string | undefined, name: string, base?: string): ParseResult<URL> {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, message: `${name} is missing` };
  let url: URL;
  try {
    url = new URL(text.trim(), base);
  } catch {
    return { ok: false, message: base ? `${name} is not a valid URL` : `${name} must be an absolute URL (https://…)` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `${name} must be an https URL (got ${url.protocol})` };
  }
  if (!isSecureScheme(url)) {
    return {
      ok: false,
      message: `${name} must use https; plain http is allowed only on localhost, 127.0.0.1 and [::1]`,
    };
  }
  if (url.username || url.password) return { ok: false, message: `${name} must not carry credentials` };
  return { ok: true, value: url };
}
