import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, startTimer } from '../../src/runtime/timer';

/** Resolves when `fired` has been called, or after the control timer: whichever comes first. */
function race(delay: number, control = 50): Promise<'fired' | 'control'> {
  return new Promise((resolve) => {
    const timer = startTimer(() => resolve('fired'), delay);
    setTimeout(() => {
      clearTimeout(timer);
      resolve('control');
    }, control);
  });
}

describe('startTimer', () => {
  it('fires a delay a timer can hold (the control: the race below can be won by the timer)', async () => {
    expect(await race(1)).toBe('fired');
    expect(await race(MAX_TIMER_MS)).toBe('control');
  });

  // setTimeout takes a delay beyond 2^31 - 1 ms as 1 ms: "wait for ever" would fire at once.
  it.each([2 ** 31, 3_000_000_000, 1e308, Number.MAX_VALUE, Infinity])(
    'never fires a delay beyond what a timer holds (%d ms): no practical limit',
    async (delay) => {
      expect(await race(delay)).toBe('control');
    },
  );

  it('starts no timer at all for such a delay', () => {
    expect(startTimer(() => undefined, MAX_TIMER_MS + 1)).toBeUndefined();
  });
});
