import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staleness } from '../../scripts/setup.mjs';

/** `npm start` / `npm test` install the dependencies first when node_modules does not match package-lock.json. */
describe('scripts/setup.mjs: is node_modules stale?', () => {
  const lock = {
    packages: {
      '': { name: 'kyc-widget' },
      'node_modules/react': { version: '19.3.1' },
      'node_modules/@xn-sakina/rml-darwin-arm64': { version: '2.9.0', optional: true },
      'node_modules/local': { version: '1.0.0', link: true },
    },
  };

  it('is fresh when every package the lock names is installed at its version (other platforms’ optional ones aside)', () => {
    expect(staleness(lock, { packages: { 'node_modules/react': { version: '19.3.1' } } })).toBeNull();
  });

  it('is stale with no node_modules, a package missing, or another version', () => {
    expect(staleness(lock, null)).toBe('node_modules is missing');
    expect(staleness(lock, { packages: {} })).toBe('react is not installed');
    expect(staleness(lock, { packages: { 'node_modules/react': { version: '19.2.0' } } })).toBe(
      'react is 19.2.0, package-lock.json says 19.3.1',
    );
  });

  it('finds this checkout fresh (npm test runs it first)', () => {
    const read = (file: string) =>
      JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as object;
    expect(staleness(read('package-lock.json'), read('node_modules/.package-lock.json'))).toBeNull();
  });
});
