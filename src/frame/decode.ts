import type { Decoded } from '../providers/types';

/** Frames send objects, bare strings or JSON strings; anything larger than this is not a protocol message. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/**
 * Turns whatever `postMessage` delivered into a plain object or a bare string, or null.
 * Never throws: cyclic, huge, exotic (Blob, ArrayBuffer, arrays) and non-JSON data all give null
 * or a bare string.
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
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Field readers that validate instead of trusting: a wrong type reads as undefined. */
export function str(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

export function num(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export function obj(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    const decoded = decodeMessage(value);
    return decoded?.kind === 'object' ? decoded.value : undefined;
  }
  return isPlainObject(value) ? value : undefined;
}

/** A sane frame height in CSS pixels, or undefined. */
export function height(value: unknown): number | undefined {
  const n = num(value);
  return n !== undefined && n >= 50 && n <= 10000 ? Math.round(n) : undefined;
}
