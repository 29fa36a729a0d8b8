import { isSecureScheme } from './allow';
import { Problem } from './problem';

/**
 * The allowlist: which origins may speak for a frame. One matcher for the whole widget, from the first message to the
 * last: exact origins compared as strings, and one-label wildcards (`https://*.web.emea-1.jumio.ai`). Pure functions,
 * unit-tested without a browser.
 */

/** One allowlist entry: an exact origin, or an origin whose first DNS label is `*` (matches exactly one label). */
export interface OriginPattern {
  protocol: string;
  /** Host labels after the wildcard, or the whole host when there is none. */
  host: string;
  wildcard: boolean;
  port: string;
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * An entry → its pattern, or why it is not one: `syntax` (not scheme://host[:port]), `label` (a `*` elsewhere than
 * the first label), `origin` (not a host), `http` (http off loopback), `domain` (a `*` before a bare name).
 */
export function originPattern(text: string): OriginPattern | Problem['code'] {
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

/** The space-separated entries of `allowed-origins`, or the first bad one (`entry-<why>`, the entry as `got`). */
export function allowedOrigins(text: string | undefined): OriginPattern[] | Problem {
  const patterns: OriginPattern[] = [];
  for (const entry of (text ?? '').split(/\s+/).filter(Boolean)) {
    const parsed = originPattern(entry);
    if (typeof parsed === 'string') return new Problem(`entry-${parsed}`, 'allowed-origins', entry);
    patterns.push(parsed);
  }
  return patterns;
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
