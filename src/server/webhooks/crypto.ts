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

function subtle(): SubtleCrypto {
  const api = (globalThis as { crypto?: Crypto }).crypto?.subtle;
  if (!api) throw new Error('Web Crypto (crypto.subtle) is not available in this runtime');
  return api;
}

export async function hmac(hash: HmacHash, secret: string, message: Uint8Array): Promise<Uint8Array> {
  const key = await subtle().importKey('raw', utf8(secret) as BufferSource, { name: 'HMAC', hash }, false, ['sign']);
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
 * Whether `signatureHex` is the HMAC of `message` under any of `secrets`. Every secret is tried (no early exit
 * on a match), so the time says nothing about which secret matched.
 */
export async function matchesAny(
  hash: HmacHash,
  secrets: readonly string[],
  message: Uint8Array,
  signatureHex: string,
): Promise<boolean> {
  const given = fromHex(signatureHex.trim());
  if (!given) return false;
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmac(hash, secret, message);
    if (timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
