/**
 * Helpers for building frame URLs from the host's inputs (first chunk, with every provider's frame.ts).
 * The host's `options` and token are input, not frame data, but they are still checked.
 */

/** Sets a query parameter unless the host's URL already has it (the host's explicit choice wins). */
export function setMissing(url: URL, name: string, value: string | undefined): void {
  if (value && !url.searchParams.has(name)) url.searchParams.set(name, value);
}

/** A secret as the host passed it: non-empty, bounded, no whitespace or control characters. */
export function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value) ? value : undefined;
}

/** A per-attempt id that no other frame on the page can guess. */
export function randomId(prefix: string): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return prefix + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Standard base64 of the UTF-8 bytes (btoa alone only takes Latin-1). */
export function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** An option the host may leave out; present but of the wrong kind is an error the host must see. */
export function optionString(options: Record<string, unknown>, key: string): { value?: string; bad?: true } {
  if (!Object.prototype.hasOwnProperty.call(options, key) || options[key] === undefined || options[key] === null)
    return {};
  const value = options[key];
  return typeof value === 'string' && value.trim() !== '' ? { value: value.trim() } : { bad: true };
}

/** A required session URL, or the sentence saying what the provider needs instead. */
export function requireUrl(
  sessionUrl: URL | undefined,
  what: string,
): { ok: true; url: URL } | { ok: false; message: string } {
  return sessionUrl ? { ok: true, url: new URL(sessionUrl.href) } : { ok: false, message: what };
}
