import { isPlainObject } from './json';
/**
 * What `postMessage` delivered → a plain object or a bare string, or null. The bridge runs this after
 * its source and origin checks; adapters only ever see a `Decoded`.
 */

/** A frame message after decoding: a parsed JSON object, or a bare string. Never anything else. */
export type Decoded = { kind: 'object'; value: Record<string, unknown> } | { kind: 'string'; value: string };

/** Frames send objects, bare strings or JSON strings; anything larger than this is not a protocol message. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/**
 * Never throws, and its work is bounded whatever the shape (at most MAX_MESSAGE_NODES values visited):
 * cyclic, shared, huge, wide and non-JSON data, and exotic messages (Blob, ArrayBuffer, arrays, class
 * instances), all give null or a bare string.
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
      return isBoundedTree(data) ? { kind: 'object', value: data } : null;
    } catch {
      return null; // not plain data after all
    }
  }
  return null;
}

/** Beyond this many values (objects, arrays, fields, items) a message is not a protocol message. */
export const MAX_MESSAGE_NODES = 10_000;

/**
 * Whether `root` is JSON-like data of at most MAX_MESSAGE_CHARS (as JSON, roughly) and MAX_MESSAGE_NODES values:
 * a tree of plain objects, arrays, strings, finite numbers, booleans and null. A structured clone keeps cycles
 * and shared references, which a walk as a tree (JSON.stringify) would follow for ever or 2^depth times: an
 * object met twice ends the walk with false, as does running out of budget. Other objects a clone keeps (Date,
 * Map, Set, typed arrays, Blob) are leaves, never walked; a BigInt is not JSON. One loop with its own stack: no
 * recursion, so depth costs no call stack either. The one cost outside the budget: the engine lists an object's
 * keys whole before the first can be read (no API reads only the first few), linear in that object's width and
 * a fraction of what the browser already spent deserializing it.
 */
export function isBoundedTree(root: object): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let nodes = 0;
  let chars = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++nodes > MAX_MESSAGE_NODES || chars > MAX_MESSAGE_CHARS) return false;
    switch (typeof value) {
      case 'string':
        chars += value.length + 2;
        continue;
      case 'number':
        chars += 8;
        continue;
      case 'boolean':
      case 'undefined':
        chars += 5;
        continue;
      case 'bigint':
      case 'symbol':
      case 'function':
        return false;
    }
    if (value === null) {
      chars += 4;
      continue;
    }
    const object = value as object;
    if (seen.has(object)) return false; // a cycle, or a reference shared with another branch
    seen.add(object);
    chars += 2;
    if (Array.isArray(object)) {
      // Checked before any item is read: a sparse array's length costs nothing to send and a lot to walk.
      if (object.length > MAX_MESSAGE_NODES - nodes) return false;
      for (let i = 0; i < object.length; i++) stack.push(object[i]);
      continue;
    }
    if (!isPlainObject(object)) continue; // Date, Map, typed array…: a leaf
    let keys = 0;
    for (const key in object) {
      if (++keys > MAX_MESSAGE_NODES - nodes) return false;
      if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
      chars += key.length + 3;
      stack.push(object[key]);
    }
  }
  return chars <= MAX_MESSAGE_CHARS;
}

// ---- readers: every one takes `unknown` and returns a validated value or undefined -------------------

export function str(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** A finite number, or a string that holds one. */
export function num(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** An object, or a string holding a JSON object. */
export function obj(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    const decoded = decodeMessage(value);
    return decoded?.kind === 'object' ? decoded.value : undefined;
  }
  return isPlainObject(value) ? value : undefined;
}

/** A nested object field (or a JSON string holding one), else an empty object. */
export function field(record: Record<string, unknown> | undefined, key: string): Record<string, unknown> {
  if (!record || !Object.prototype.hasOwnProperty.call(record, key)) return {};
  return obj(record[key]) ?? {};
}

/**
 * The message as an object: a decoded object, or a string that holds a JSON object — also one
 * JSON-encoded twice (`"\"{…}\""`), which some frames send.
 */
export function asRecord(message: Decoded): Record<string, unknown> | undefined {
  if (message.kind === 'object') return message.value;
  const inner = unquote(message.value);
  return inner === undefined ? undefined : obj(inner);
}

/** A bare string, with one level of JSON quoting removed (`"\"VERIFF_STARTED\""` → `VERIFF_STARTED`). */
export function asText(message: Decoded): string | undefined {
  if (message.kind !== 'string') return undefined;
  return unquote(message.value)?.trim() || undefined;
}

function unquote(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An identifier the host may look up on its server (inquiry, applicant, session id); never free text. */
export function idOf(value: unknown): string | undefined {
  const text = str(value, 128);
  return text && ID.test(text) ? text : undefined;
}

/** An upper-cased, trimmed enum value (`"approved "` → `APPROVED`). */
export function upper(value: unknown): string | undefined {
  return str(value, 100)?.trim().toUpperCase() || undefined;
}
