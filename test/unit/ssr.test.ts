import { describe, expect, it } from 'vitest';

describe('importing in Node (no DOM, SSR)', () => {
  it('does not throw, and defines nothing', async () => {
    expect(typeof (globalThis as { HTMLElement?: unknown }).HTMLElement).toBe('undefined');
    const index = await import('../../src/index');
    expect(index.defineKycWidget()).toBeUndefined();
    await expect(import('../../src/define')).resolves.toBeTruthy();
    const react = await import('../../src/react');
    expect(typeof react.KycWidget).toBe('object');
  });
});
