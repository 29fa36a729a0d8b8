import { isSecureScheme, safeUrl, type Problem } from './allow';

/**
 * Origin rules with their sentences (the runtime's `config-invalid` messages), on top of allow.ts (the boot
 * chunk's URL rules, without words), and the allowlist's patterns: the runtime's alone (the boot's own allowlist
 * takes only canonical origins, boot.ts). Pure functions, unit-tested without a browser.
 */

export { isLoopback, isSecureScheme, safeUrl } from './allow';

/** One allowlist entry: an exact origin, or an origin whose first DNS label is `*` (matches exactly one label). */
export interface OriginPattern {
  protocol: string;
  /** Host labels after the wildcard, or the whole host when there is none. */
  host: string;
  wildcard: boolean;
  port: string;
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

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseOriginPattern(text: string): ParseResult<OriginPattern> {
  const parsed = originPattern(text);
  if (typeof parsed === 'object') return { ok: true, value: parsed };
  const message = {
    label: `"${text}": a wildcard may only stand for the first label (https://*.example.com)`,
    http: `"${text}" must use https (http only on localhost)`,
    domain: `"${text}": a wildcard needs a registrable domain after it`,
    origin: `"${text}" is not an origin`,
  }[parsed as string];
  return { ok: false, message: message ?? `"${text}" is not an origin (scheme://host[:port])` };
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
  const parsed = safeUrl(text, base);
  if (typeof parsed === 'object') return { ok: true, value: parsed };
  const message = {
    missing: `${name} is missing`,
    syntax: base ? `${name} is not a valid URL` : `${name} must be an absolute URL (https://…)`,
    scheme: `${name} must be an https URL (got ${parsed === 'scheme' ? new URL(text!.trim(), base).protocol : ''})`,
    http: `${name} must use https; plain http is allowed only on localhost, 127.0.0.1 and [::1]`,
    credentials: `${name} must not carry credentials`,
  }[parsed as string]!;
  return { ok: false, message };
}
