import { describe, expect, it } from 'vitest';
import { BY_PROPERTY, coerce, InvalidJson } from '../../src/element/inputs';
import { say } from '../../src/runtime/problems';

const row = BY_PROPERTY.get('options')!;
const reason = (value: unknown) => {
  const result = coerce(row, value);
  return result instanceof InvalidJson ? say(result.problem) : 'accepted';
};

describe('options as a property: a JSON copy, or a reason', () => {
  it('copies deeply: later changes to the host object do not reach the widget', () => {
    const given = { nested: { list: [1, 'two', null, true] } };
    const copy = coerce(row, given) as typeof given;
    expect(copy).toEqual(given);
    given.nested.list.push(5);
    expect(copy.nested.list).toEqual([1, 'two', null, true]);
  });

  it('drops undefined fields and turns undefined items into null, as JSON does', () => {
    expect(coerce(row, { a: undefined, b: [undefined] })).toEqual({ b: [null] });
  });

  it('keeps "__proto__" a plain field, never a prototype', () => {
    const copy = coerce(row, JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names what is wrong, and where', () => {
    const cyclic: Record<string, unknown> = { a: { b: {} } };
    (cyclic.a as { b: Record<string, unknown> }).b.back = cyclic;
    expect(reason(cyclic)).toBe('options must be JSON-serializable: it holds a cycle at options.a.b.back');
    expect(reason({ list: [1, { f: () => 1 }] })).toMatch(/a function at options\.list\[1\]\.f/);
    expect(reason({ deep: JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown })).toMatch(/deeper than 64/);
    expect(reason({ a: new Map() })).toMatch(/a Map at options\.a/);
    expect(reason(new (class Settings {})())).toMatch(/not an instance of Settings/);
  });

  it('a shared (not cyclic) reference is fine, as JSON writes it twice', () => {
    const shared = { x: 1 };
    expect(coerce(row, { a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('a DAG bomb (2^40 values as JSON) stops at the budget', () => {
    let node: object = { leaf: 1 };
    for (let i = 0; i < 40; i++) node = { a: node, b: node };
    expect(reason(node)).toMatch(/too large \(more than 10000 values\)/);
  });

  it('every value is either copied as JSON would write it, or refused with a sentence that says what and where', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const shared = { x: 1 };
    const nest = (depth: number, leaf: unknown): unknown => (depth ? { a: nest(depth - 1, leaf) } : leaf);
    const throwing = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const values: unknown[] = [
      '',
      '  ',
      '{}',
      ' {"a":1} ',
      '"{\\"a\\":1}"',
      '""',
      '[object Object]',
      '{',
      'null',
      '[]',
      '1',
      {},
      [],
      { a: [1, 'x', null, true, undefined, { b: {} }] },
      { a: shared, b: shared },
      cyclic,
      { n: NaN },
      { n: Infinity },
      { n: 1n },
      { s: Symbol('s') },
      { [Symbol('k')]: 1 },
      { f: () => 1 },
      { d: new Date(0) },
      Object.create(null) as object,
      { o: Object.create(null) as object },
      new Map(),
      nest(64, 1),
      nest(64, {}),
      nest(65, {}),
      nest(66, 1),
      { list: new Array(10_000).fill(0) },
      { list: new Array(10_001).fill(0) },
      { list: new Array(9_999).fill(0) },
      Object.fromEntries(Array.from({ length: 9_999 }, (_, i) => [`k${i}`, i])),
      Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
      throwing,
      { inner: throwing },
      revoked,
      { revoked },
      new Proxy({ a: 1 }, {}),
    ];
    for (const [i, value] of values.entries()) {
      const copied = coerce(row, value);
      if (copied instanceof InvalidJson)
        expect(say(copied.problem), `value ${i}`).toMatch(/^options (?!could not be read as)/);
      else expect(JSON.parse(JSON.stringify(copied)), `value ${i}`).toEqual(copied);
    }
  });
});
