import { describe, expect, it } from 'vitest';
import { decodeMessage, MAX_MESSAGE_CHARS } from '../../src/frame/decode';
import { height, num, obj, str } from '../../src/protocols/wire';

describe('decodeMessage: objects, JSON strings and bare strings, defensively', () => {
  it('passes plain objects', () => {
    expect(decodeMessage({ kyc: 1, type: 'ready' })).toEqual({ kind: 'object', value: { kyc: 1, type: 'ready' } });
  });

  it('parses JSON strings into objects and keeps other strings bare', () => {
    expect(decodeMessage(' {"a":1} ')).toEqual({ kind: 'object', value: { a: 1 } });
    expect(decodeMessage('VERIFF_STARTED')).toEqual({ kind: 'string', value: 'VERIFF_STARTED' });
    expect(decodeMessage('{not json')).toEqual({ kind: 'string', value: '{not json' });
  });

  it('drops what is not protocol data', () => {
    for (const junk of [
      null,
      undefined,
      1,
      true,
      [],
      [1],
      '[1,2]',
      '',
      '   ',
      new Date(),
      new ArrayBuffer(4),
      '"str"',
      'null',
    ]) {
      const decoded = decodeMessage(junk);
      if (decoded) expect(decoded.kind).toBe('string'); // bare strings like "null" stay strings, never objects
    }
    expect(decodeMessage(new Map())).toBeNull();
    expect(decodeMessage([1, 2])).toBeNull();
    expect(decodeMessage('[1,2]')).toEqual({ kind: 'string', value: '[1,2]' });
  });

  it('bounds the size of strings and objects', () => {
    expect(decodeMessage('x'.repeat(MAX_MESSAGE_CHARS + 1))).toBeNull();
    expect(decodeMessage({ pad: 'x'.repeat(MAX_MESSAGE_CHARS) })).toBeNull();
    expect(decodeMessage(JSON.stringify({ pad: 'x'.repeat(MAX_MESSAGE_CHARS) }))).toBeNull();
  });

  it('survives cyclic objects and prototype tricks', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(decodeMessage(cyclic)).toBeNull();
    const polluted = decodeMessage('{"__proto__":{"polluted":true},"type":"ready"}');
    expect(polluted?.kind).toBe('object');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('field readers validate instead of trusting', () => {
    expect(str('a')).toBe('a');
    expect(str('')).toBeUndefined();
    expect(str(5)).toBeUndefined();
    expect(str('x'.repeat(201))).toBeUndefined();
    expect(num('3')).toBe(3);
    expect(num('x')).toBeUndefined();
    expect(num(Infinity)).toBeUndefined();
    expect(obj('{"a":1}')).toEqual({ a: 1 });
    expect(obj([1])).toBeUndefined();
    expect(height(640.4)).toBe(640);
    expect(height(10)).toBeUndefined();
    expect(height(1e6)).toBeUndefined();
  });
});
