import { matchesAny, type HmacHash } from './crypto';
import type { SignedRequest, Verdict } from './types';

/**
 * The most common scheme: one header holding the hex HMAC of the raw body (Sumsub, Veriff, iDenfy, Didit's
 * `X-Signature`). The first header name present wins; a header sent twice is refused, not guessed at.
 */
export async function verifyBodyHmac(
  request: SignedRequest,
  headerNames: readonly string[],
  hash: HmacHash,
  message: Uint8Array = request.body,
): Promise<Verdict> {
  const name = headerNames.find((candidate) => request.header(candidate).length > 0);
  if (name === undefined) {
    return { ok: false, reason: 'missing-signature', message: `no ${headerNames.join(' or ')} header` };
  }
  const values = request.header(name);
  if (values.length !== 1) return { ok: false, reason: 'bad-signature', message: `${name} was sent more than once` };
  if (!(await matchesAny(hash, request.secrets, message, values[0]!))) {
    return { ok: false, reason: 'bad-signature', message: `${name} matches none of the secrets` };
  }
  return { ok: true };
}

/**
 * Whether a unix time in whole seconds is within the tolerance of now, either way. Now is taken in whole seconds too
 * (the providers sign whole seconds): `toleranceSeconds: 0` accepts the same second, not only a fractional zero.
 */
export function fresh(request: SignedRequest, seconds: number): boolean {
  return Math.abs(Math.floor(request.nowSeconds) - seconds) <= request.toleranceSeconds;
}

const UNIX = /^\d{1,12}$/;

/** A unix timestamp in seconds from a header value, or undefined. */
export function unixSeconds(text: string | undefined): number | undefined {
  const trimmed = text?.trim();
  return trimmed && UNIX.test(trimmed) ? Number(trimmed) : undefined;
}
