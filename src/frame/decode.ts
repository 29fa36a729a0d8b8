/**
 * What `postMessage` delivered → a plain object or a bare string, or null. The bridge runs this after
 * its source and origin checks; adapters only ever see a `Decoded`.
 */

/** A frame message after decoding: a parsed JSON object, or a bare string. Never anything else. */
export type Decoded = { kind: 'object'; value: Record<string, unknown> } | { kind: 'string'; value: string };

/** Frames send objects, bare strings or JSON strings; anything larger than this is not a protocol message. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/**
 * Never throws: cyclic, huge, exotic (Blob, ArrayBuffer, arrays, class instances) and non-JSON data
 * all give null or a bare string.
 */
export function decodeMessage(data: unknown): Decoded | null {
  if (typeof data === 'string') {
    if (data.length > MAX_MESSAGE_CHARS) return null;
    const text = data.trim();
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        return isPlainObject(parsed) ? { kind: 'object', value: parsed } : null;
      } catch {
        return { kind: 'string', value: text };
      }
    }
    return text ? { kind: 'string', value: text } : null;
  }
  if (isPlainObject(data)) {
    try {
      const size = JSON.stringify(data)?.length ?? 0;
      return size <= MAX_MESSAGE_CHARS ? { kind: 'object', value: data } : null;
    } catch {
      return null; // cyclic or otherwise not plain data
    }
  }
  return null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
