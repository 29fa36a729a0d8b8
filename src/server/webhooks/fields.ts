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

/** Dates between these bounds (1990 and 2200) are times a provider could send; anything else is junk. */
const EARLIEST_MS = Date.UTC(1990, 0, 1);
const LATEST_MS = Date.UTC(2200, 0, 1);
const inRange = (ms: number) => (Number.isFinite(ms) && ms >= EARLIEST_MS && ms <= LATEST_MS ? ms : undefined);

/** An ISO 8601 date-time with a zone (`2026-01-01T00:00:00.000Z`, `…+02:00`) → milliseconds, or undefined. */
export function isoTimeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return undefined;
  return inRange(Date.parse(value));
}

/** Unix seconds as a number or a string of digits → milliseconds, or undefined. */
export function unixTimeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return inRange(value * 1000);
  if (typeof value === 'string' && /^\d{1,12}$/.test(value)) return inRange(Number(value) * 1000);
  return undefined;
}

/** Sumsub's `createdAtMs`: `yyyy-MM-dd HH:mm:ss.fff` in UTC → milliseconds, or undefined. */
export function utcSpaceTimeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/.test(value)) return undefined;
  return inRange(Date.parse(`${value.replace(' ', 'T')}Z`));
}
