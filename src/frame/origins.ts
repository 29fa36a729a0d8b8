import { originPattern, safeUrl, type OriginPattern } from './allow';

/**
 * Origin rules with their sentences (the runtime's `config-invalid` messages), on top of allow.ts (the
 * boot chunk's, without words). Pure functions, unit-tested without a browser.
 */

export {
  isLoopback,
  isSecureScheme,
  matchesPattern,
  OriginAllowlist,
  originPattern,
  safeUrl,
  type OriginPattern,
} from './allow';

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
