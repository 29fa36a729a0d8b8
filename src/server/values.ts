/** Checks of values that reach the browser or a provider, shared by the handler and the session clients. */
import { toHex } from './webhooks/crypto';

const MAX_URL_LENGTH = 8192;

/** An absolute https URL, or http on a loopback host (local sandboxes and tests), without credentials. */
export function isSessionUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopback(url.hostname);
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function isoDate(value: unknown): string | null {
  const time =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && value
          ? Date.parse(value)
          : NaN;
  return Number.isFinite(time) && Math.abs(time) <= 8.64e15 ? new Date(time).toISOString() : null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const MAX_USER_ID_LENGTH = 512;

function isUserId(value: unknown): value is string {
  // No control characters, and no lone surrogate halves (PostgreSQL's text would store them as one replacement
  // character, so that two such ids would be one user there and two in memory).
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_USER_ID_LENGTH &&
    !/\p{Cc}/u.test(value) &&
    !/\p{Cs}/u.test(value)
  );
}

/** The host's `authorize`: who a request is from. */
export type Authorize = (request: Request) => Promise<string | null> | string | null;

/**
 * Asks `authorize` once: the user id, null for nobody signed in (null, undefined or ''), or `{ failed }` when it threw
 * or answered something that is not a user id (a string of at most 512 characters without control characters): a
 * bug of the host's, which the endpoints answer 500 and tell to `onError`.
 */
export async function signedInUser(
  authorize: Authorize,
  request: Request,
): Promise<string | null | { failed: unknown }> {
  let id: unknown;
  try {
    id = await authorize(request);
  } catch (error) {
    return { failed: error };
  }
  if (id === null || id === undefined || id === '') return null;
  return isUserId(id) ? id : { failed: new TypeError('authorize must resolve a user id (a string) or null') };
}

/** 32 random hex digits (128 bits), in Web Crypto: whose claim a row or key is. */
export function randomToken(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}

/** A positive integer option, or its default; anything else is the host's mistake, said at construction. */
export function positiveInteger(value: unknown, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new TypeError(`createSessionHandler: ${name} must be a whole number of at least 0`);
  return value;
}
