import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../examples/sandbox/server.mjs';
import { startHost } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium';

let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let host: Awaited<ReturnType<typeof startHost>>;

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  host = await startHost({ host: '127.0.0.1', port: 0, sandboxOrigin: sandbox.origin });
  // The host on "localhost" and the provider on 127.0.0.1 are different origins.
  host.origin = host.origin.replace('127.0.0.1', 'localhost');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([host?.close(), sandbox?.close()]);
});

describe('the built files', () => {
  it('both bundles on one page, under a strict CSP with Trusted Types: defines once, runs a verification', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`));
    await page.goto(`${host.origin}/plain.html`);
    await page.waitForFunction(() => document.documentElement.dataset.events?.includes('kyc-complete'), null, { timeout: 10000 });
    const events = JSON.parse((await page.getAttribute('html', 'data-events'))!);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete']);
    expect(events.at(-1).detail).toEqual({ provider: 'generic', sessionId: 'plain_1', outcome: 'approved' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('imports every package entry in Node without a DOM', async () => {
    const built = (entry: string) => import(/* @vite-ignore */ new URL(`../../dist/lib/${entry}.js`, import.meta.url).href);
    const index = await built('index');
    expect(index.defineKycWidget()).toBeUndefined();
    await built('define');
    const react = await built('react');
    expect(react.KycWidget).toBeTruthy();
  });

  it('maps every export of package.json to a built file', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const [entry, target] of Object.entries(pkg.exports as Record<string, string | Record<string, string>>)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
        expect(() => readFileSync(new URL(`../../${file}`, import.meta.url)), `${entry} → ${file}`).not.toThrow();
      }
    }
  });

  it('describes every attribute, event, slot, part and custom property in custom-elements.json', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../dist/custom-elements.json', import.meta.url), 'utf8'));
    const element = manifest.modules[0].declarations[0];
    expect(element.tagName).toBe('kyc-widget');
    const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
    expect(names(element.attributes)).toEqual([
      'provider', 'session-url', 'session-token', 'session-endpoint', 'allowed-origins', 'options', 'mode', 'open',
      'locale', 'theme', 'load-timeout', 'decision', 'debug',
    ]);
    expect(names(element.events)).toEqual([
      'kyc-statechange', 'kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete', 'kyc-cancel', 'kyc-error',
    ]);
    expect(names(element.slots)).toEqual(['loading', 'result', 'error']);
    expect(names(element.cssParts)).toContain('frame');
    expect(names(element.cssProperties)).toContain('--kyc-frame-height');
    expect(names(element.members)).toEqual(expect.arrayContaining(['state', 'sessionId', 'lastError', 'start', 'retry', 'cancel']));
  });
});
