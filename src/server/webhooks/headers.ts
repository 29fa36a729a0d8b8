import type { WebhookHeaders } from './types';

/**
 * Header lookup in any letter case, over a `Headers` object (fetch, Next.js, Deno, workers) or a plain record
 * (node:http's `req.headers`, Express), whose values may be strings or arrays of strings.
 */
export type HeaderLookup = (name: string) => string[];

/** A lookup, or undefined when `headers` is neither a Headers-like object nor a record. null/undefined: no headers. */
export function headerLookup(headers: unknown): HeaderLookup | undefined {
  if (headers === undefined || headers === null) return () => [];
  if (typeof headers !== 'object' || Array.isArray(headers)) return undefined;
  const get = (headers as { get?: unknown }).get;
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return fromHeaders(headers);
  if (typeof get === 'function' && typeof (headers as { forEach?: unknown }).forEach === 'function') {
    return fromHeaders(headers as Headers);
  }
  return fromRecord(headers as Exclude<WebhookHeaders, Headers>);
}

function fromHeaders(headers: Headers): HeaderLookup {
  return (name) => {
    const value: unknown = headers.get(name);
    return typeof value === 'string' ? [value] : [];
  };
}

function fromRecord(record: Record<string, unknown>): HeaderLookup {
  const folded = new Map<string, string[]>();
  for (const key of Object.keys(record)) {
    const values = valuesOf(record[key]);
    if (values.length === 0) continue;
    const lower = key.toLowerCase();
    folded.set(lower, [...(folded.get(lower) ?? []), ...values]);
  }
  return (name) => folded.get(name.toLowerCase()) ?? [];
}

function valuesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

/** The one value of a single-valued header, or undefined when absent, empty or sent more than once. */
export function single(values: string[]): string | undefined {
  const present = values.map((value) => value.trim()).filter((value) => value !== '');
  return present.length === 1 ? present[0] : undefined;
}
