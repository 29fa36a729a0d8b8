import { describe, expect, it } from 'vitest';
import { decodeMessage, MAX_MESSAGE_CHARS } from '../../src/frame/decode';

/**
 * decodeMessage's work is bounded whatever the payload's shape. The evidence is counted, not timed: every
 * payload here is wrapped in proxies that count the fields read, and a structured clone (what postMessage
 * delivers) can hold every one of these shapes — cycles, shared references, wide objects, long or sparse arrays.
 */

/** Fields read per message, whatever its shape: a budget's worth of values (10,000) and change. */
const READS = 20_000;

function counted<T extends object>(target: T, count: { reads: number }): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      count.reads++;
      return Reflect.get(object, key, receiver) as unknown;
    },
  });
}

function message(extra: Record<string, unknown>): Record<string, unknown> {
  return { kyc: 1, type: 'complete', outcome: 'approved', ...extra };
}

describe('decodeMessage: bounded work', () => {
  it('a DAG bomb (each object holding the next twice: 2^18 leaves as a tree) is refused after a few reads', () => {
    const count = { reads: 0 };
    let node: object = counted({ leaf: 'x' }, count);
    for (let i = 0; i < 18; i++) node = counted({ a: node, b: node }, count);
    expect(decodeMessage(counted(message({ node }), count))).toBeNull();
    expect(count.reads).toBeLessThan(READS);
  });

  it('a DAG bomb 64 levels deep is refused (a walk as a tree would never end)', () => {
    let node: object = { leaf: 'x' };
    for (let i = 0; i < 64; i++) node = { a: node, b: node };
    expect(decodeMessage(message({ node }))).toBeNull();
  });

  it('a cycle is refused, also one at the end of a large message', () => {
    const count = { reads: 0 };
    const pad: unknown[] = Array.from({ length: 900 }, (_, i) => ({ i, text: 'x'.repeat(40) }));
    const late = message({ pad: counted(pad, count) });
    pad.push(late);
    expect(decodeMessage(late)).toBeNull();
    expect(count.reads).toBeLessThan(READS);
    const self = message({});
    self.self = self;
    expect(decodeMessage(self)).toBeNull();
  });

  it('a wide object (100,000 fields) is refused after a budget of reads', () => {
    const count = { reads: 0 };
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    expect(decodeMessage(message({ wide: counted(wide, count) }))).toBeNull();
    expect(count.reads).toBeLessThan(READS);
  });

  it('a long (1,000,000) or sparse (length 2^32 - 1) array is refused from its length alone', () => {
    const count = { reads: 0 };
    expect(decodeMessage(message({ long: counted(new Array<number>(1_000_000).fill(0), count) }))).toBeNull();
    const sparse: number[] = [];
    sparse[2 ** 32 - 2] = 1;
    expect(decodeMessage(message({ sparse: counted(sparse, count) }))).toBeNull();
    expect(count.reads).toBeLessThan(READS);
  });

  it('exotic values are leaves, never walked: a large typed array, a Map, a Set, a Date', () => {
    const count = { reads: 0 };
    const typed = counted(new Float64Array(1_000_000), count);
    const decoded = decodeMessage(message({ typed, map: new Map([[1, 2]]), set: new Set([1]), date: new Date(0) }));
    expect(decoded?.kind).toBe('object');
    expect(count.reads).toBeLessThan(READS);
  });

  it('a BigInt is not JSON: refused', () => {
    expect(decodeMessage(message({ big: 10n ** 30n }))).toBeNull();
  });

  it('still takes what frames really send: deep (3000 levels), large (near the size limit), many fields', () => {
    let deep: object = {};
    for (let i = 0; i < 3000; i++) deep = { next: deep };
    expect(decodeMessage(message({ deep }))?.kind).toBe('object');
    expect(decodeMessage(message({ pad: 'x'.repeat(MAX_MESSAGE_CHARS - 200) }))?.kind).toBe('object');
    expect(decodeMessage(message({ pad: 'x'.repeat(MAX_MESSAGE_CHARS) }))).toBeNull();
    const fields: Record<string, number> = {};
    for (let i = 0; i < 2000; i++) fields[`f${i}`] = i;
    expect(decodeMessage(message({ fields }))?.kind).toBe('object');
    expect(decodeMessage(message({ list: Array.from({ length: 2000 }, (_, i) => ({ i })) }))?.kind).toBe('object');
  });
});
