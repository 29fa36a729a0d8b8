/**
 * `kyc-widget hints`, as a static site's build runs it: the `<head>` hints of renderKycWarmUp from the built server
 * half (dist/server), one tag a line, with the widget's chunks of the same build (dist/preload.json) when given the
 * script's URL; exit code 1 when there is nothing to write, 2 on wrong usage.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli';

const dist = new URL('../../dist/', import.meta.url);
type ServerEntry = typeof import('../../src/server/index');
let server: ServerEntry;

beforeAll(async () => {
  server = (await import(/* @vite-ignore */ new URL('server/index.js', dist).href)) as ServerEntry;
});

describe('kyc-widget hints', () => {
  it("writes renderKycWarmUp's hints one a line, with the widget's own chunks that exist in dist/", async () => {
    const options = '{"publishableKey":"pk_test_1"}';
    const script = '/assets/kyc-widget-stripe.js';
    const { code, out, err } = await run('hints', 'stripe', '--options', options, '--script', script, '--nonce', 'n1');
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const lines = out.trim().split('\n');
    expect(lines.join('')).toBe(
      server.renderKycWarmUp({ provider: 'stripe', options, nonce: 'n1', widgetScript: script }),
    );
    expect(lines[0]).toMatch(/^<link rel="preload" as="script" href="https:\/\/js\.stripe\.com\/[^"]+" nonce="n1">$/);
    expect(lines[1]).toBe(`<link rel="modulepreload" href="${script}" nonce="n1">`);
    const chunks = (JSON.parse(readFileSync(new URL('preload.json', dist), 'utf8')) as Record<string, string[]>)[
      'kyc-widget-stripe.js'
    ];
    expect(lines.slice(2)).toEqual(
      chunks.map((chunk) => `<link rel="modulepreload" href="/assets/${chunk}" nonce="n1">`),
    );
    for (const chunk of chunks) expect(existsSync(new URL(chunk, dist)), chunk).toBe(true);
  });

  it("a frame provider's warm-up; nothing to write is exit code 1 and says why; wrong usage is 2", async () => {
    const veriff = await run('hints', 'veriff');
    expect(veriff.code).toBe(0);
    expect(veriff.out.trim().split('\n')).toEqual([
      '<link rel="preconnect" href="https://alchemy.veriff.com">',
      '<iframe hidden sandbox="allow-same-origin" referrerpolicy="no-referrer" src="https://alchemy.veriff.com/robots.txt"></iframe>',
    ]);
    const keyless = await run('hints', 'stripe');
    expect([keyless.code, keyless.out]).toEqual([1, '']);
    expect(keyless.err).toContain('Stripe needs {"publishableKey"');
    expect((await run('hints', 'not-a-provider')).code).toBe(1);
    for (const args of [['hints'], ['hints', 'stripe', 'plaid'], ['hints', 'stripe', '--unknown', 'x']])
      expect((await run(...args)).code, args.join(' ')).toBe(2);
    const help = await run('help');
    expect(help.out).toContain('kyc-widget hints <provider>');
  });
});
