/**
 * Readers for fields of a verified body. The body is authentic, but it is still data: every field is checked for
 * type, length and characters (the same kind of rules as the browser adapters' `idOf`), never copied through.
 */

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A provider's session, inquiry, applicant or scan id. */
export function idOf(value: unknown): string | undefined {
  return typeof value === 'string' && ID.test(value) ? value : undefined;
}

const REFERENCE = /^[A-Za-z0-9_.:@+=/|#~-]{1,255}$/;

/** Your own reference, echoed back: a wider set of safe characters (e-mail-like, paths, `key=value`), ≤ 255. */
export function referenceOf(value: unknown): string | undefined {
  return typeof value === 'string' && REFERENCE.test(value) ? value : undefined;
}

const EVENT = /^[A-Za-z0-9_.: -]{1,100}$/;

/** An event or status name; `''` when absent or not a short name. */
export function eventOf(value: unknown): string {
  return typeof value === 'string' && EVENT.test(value) ? value : '';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of an object (never an inherited one such as `constructor`). */
export function get(record: unknown, key: string): unknown {
  return isRecord(record) && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A nested own property along a path, or undefined. */
export function at(record: unknown, ...path: string[]): unknown {
  let value: unknown = record;
  for (const key of path) value = get(value, key);
  return value;
}

/** A trimmed, upper-cased short string, for comparing enum values in any case. */
export function upper(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 100 ? value.trim().toUpperCase() : undefined;
}

/** Leaves out optional fields that are undefined, so results compare and serialize cleanly. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
