/**
 * HMAC through Web Crypto (`crypto.subtle`), so the verifier runs unchanged in Node ≥ 20, Deno, Bun, Next.js route
 * handlers and workers; no `node:` import anywhere.
 */

export type HmacHash = 'SHA-1' | 'SHA-256' | 'SHA-512';

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function subtle(): SubtleCrypto {
  const api = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!api) throw new Error('Web Crypto (crypto.subtle) is not available in this runtime');
  return api;
}

/** A secret is text (its UTF-8 bytes are the key) or, for Standard Webhooks' `whsec_…`, the decoded key bytes. */
export async function hmac(hash: HmacHash, secret: string | Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const raw = typeof secret === 'string' ? utf8(secret) : secret;
  const key = await subtle().importKey('raw', raw as BufferSource, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', key, message as BufferSource));
}

const HEX = /^[0-9a-fA-F]*$/;

/** Hex digits (either case) → bytes; anything else (odd length, other characters) → undefined. */
export function fromHex(text: string): Uint8Array | undefined {
  if (text.length % 2 !== 0 || !HEX.test(text)) return undefined;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Equal bytes, in time that depends only on the length (which is public: it is the hash's). Every byte is
 * visited whatever the first difference, so the comparison leaks no prefix of the expected signature.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Whether any of `candidates` is the HMAC of `message` under any of `secrets`. The HMAC is computed once per
 * secret, whatever the number of candidates (a header with eight signatures costs no more than one), and every
 * secret and candidate is compared (no early exit), so the time says nothing about which one matched.
 */
export async function anyMatches(
  hash: HmacHash,
  secrets: readonly (string | Uint8Array)[],
  message: Uint8Array,
  candidates: readonly Uint8Array[],
): Promise<boolean> {
  if (candidates.length === 0) return false;
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmac(hash, secret, message);
    for (const candidate of candidates) if (timingSafeEqual(expected, candidate)) matched = true;
  }
  return matched;
}

/** Whether `signatureHex` is the HMAC of `message` under any of `secrets`. */
export async function matchesAny(
  hash: HmacHash,
  secrets: readonly string[],
  message: Uint8Array,
  signatureHex: string,
): Promise<boolean> {
  const given = fromHex(signatureHex.trim());
  return given ? anyMatches(hash, secrets, message, [given]) : false;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** The SHA-256 digest of bytes, in lowercase hex. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', bytes as BufferSource)));
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard base64 (with its padding) → bytes; anything else → undefined. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (!BASE64.test(text)) return undefined;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
