import { existsSync, readFileSync } from 'node:fs';
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

  const installed =
    (versions: Record<string, string>) =>
    (where: string): string | undefined =>
      versions[where];

  it('is fresh when every package the lock names is installed at its version (other platforms’ optional ones aside)', () => {
    expect(staleness(lock, installed({ 'node_modules/react': '19.3.1' }))).toBeNull();
  });

  it('is stale with a package missing, or at another version', () => {
    expect(staleness(lock, installed({}))).toBe('react is not installed');
    expect(staleness(lock, installed({ 'node_modules/react': '19.2.0' }))).toBe(
      'react is 19.2.0, package-lock.json says 19.3.1',
    );
  });

  it('finds this checkout fresh (npm test runs it first)', () => {
    const root = new URL('../../', import.meta.url);
    const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as Parameters<
      typeof staleness
    >[0];
    const version = (where: string) =>
      existsSync(new URL(`${where}/package.json`, root))
        ? (JSON.parse(readFileSync(new URL(`${where}/package.json`, root), 'utf8')) as { version?: string }).version
        : undefined;
    expect(staleness(lock, version)).toBeNull();
  });
});
