import { describe, expect, it } from 'vitest';
import { fromHex, timingSafeEqual } from '../../../src/server/webhooks/crypto';

describe('timingSafeEqual', () => {
  it('is true only for the same bytes, whatever position differs', () => {
    const a = Uint8Array.from({ length: 32 }, (_, i) => i);
    expect(timingSafeEqual(a, a.slice())).toBe(true);
    for (const at of [0, 1, 15, 30, 31]) {
      const b = a.slice();
      b[at] ^= 0x80;
      expect(timingSafeEqual(a, b)).toBe(false);
    }
    expect(timingSafeEqual(a, a.slice(0, 31))).toBe(false);
    expect(timingSafeEqual(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });
});

describe('fromHex', () => {
  it('reads hex in either case and refuses anything else', () => {
    expect(fromHex('00ffAB')).toEqual(Uint8Array.from([0, 255, 171]));
    for (const bad of ['0', 'zz', '0x00', '00 ', '-1', 'g0']) expect(fromHex(bad)).toBeUndefined();
  });
});
