/**
 * `npm run docs`: the site built from the repository's docs and the sources, checked in Chromium page by page:
 * every page renders (its heading, no script error), every internal link reaches a page of the site (and the
 * heading its anchor names), every live example completes a verification against the sandbox, and axe-core
 * finds no violation.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.mjs';
import { buildDocs } from '../../scripts/docs.mjs';
import { serveStatic } from '../../scripts/static.mjs';
import { launchChromium } from '../support/chromium';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'dist' ? [] : htmlFiles(file);
    return name.endsWith('.html') ? [file] : [];
  });
}

let out: string;
let browser: Browser;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let site: Awaited<ReturnType<typeof serveStatic>>;
let pages: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ host: 'localhost', port: 0 });
  out = mkdtempSync(path.join(tmpdir(), 'kyc-docs-'));
  await buildDocs({ out, sandboxOrigin: sandbox.origin, quiet: true });
  site = await serveStatic(out);
  pages = htmlFiles(out).map((file) => `/${path.relative(out, file).replace(/index\.html$/, '')}`);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([site?.close(), sandbox?.close()]);
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The page's HTML on disk, for a link's target (its anchors are its elements' ids). */
const pageHtml = (url: string) => readFileSync(path.join(out, url, 'index.html'), 'utf8');

describe('the documentation site', () => {
  it('has a page for every guide, every provider and both API references', () => {
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/element/', '/loop/', '/embedding/', '/security/', '/server/', '/providers/']),
    );
    expect(pages).toEqual(expect.arrayContaining(['/providers/sumsub/', '/api/element/', '/api/server/']));
    expect(pageHtml('/api/element/')).toContain('<code>decision-endpoint</code>');
    expect(pageHtml('/api/server/')).toContain('createKycBackend');
  });

  it('renders every page, with links that resolve, live examples that complete, and no axe violation', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const completed: unknown[] = [];
      (window as unknown as { completed: unknown[] }).completed = completed;
      document.addEventListener('kyc-complete', (event) => completed.push((event as CustomEvent).detail));
    });
    const failures: string[] = [];
    let live = 0;
    const check = async (url: string) => {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${site.origin}${url}`);
      if ((await page.locator('main h1').count()) !== 1) failures.push(`${url}: no heading`);
      for (const href of await page
        .locator('main a[href], nav a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))) {
        if (/^[a-z]+:/i.test(href)) continue;
        const [target, anchor] = href.split('#');
        const targetUrl = target === '' ? url : new URL(target, `${site.origin}${url}`).pathname;
        if (!pages.includes(targetUrl)) failures.push(`${url}: link to ${href}: no such page`);
        else if (anchor && !pageHtml(targetUrl).includes(`id="${anchor}"`))
          failures.push(`${url}: link to ${href}: no such heading`);
      }
      const examples = await page.locator('.live-example kyc-widget').count();
      live += examples;
      if (examples > 0)
        await expect
          .poll(() => page.evaluate(() => (window as unknown as { completed: unknown[] }).completed.length), {
            timeout: 15_000,
            message: `${url}: every live example completes`,
          })
          .toBe(examples);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        type Axe = {
          run: (...args: unknown[]) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
        const result = await (window as unknown as { axe: Axe }).axe.run(document, {
          iframes: false,
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => `${v.id} (${v.nodes.length}): ${JSON.stringify(v.nodes[0]?.target)}`);
      });
      failures.push(...violations.map((violation) => `${url}: axe ${violation}`));
      failures.push(...errors.map((error) => `${url}: ${error}`));
      await page.close();
    };
    // Two pages at a time: axe-core spends seconds of CPU on a long page, the live examples wait on frames.
    const queue = [...pages];
    await Promise.all(
      [0, 1].map(async () => {
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) await check(url);
      }),
    );
    await context.close();
    expect(live).toBeGreaterThanOrEqual(6);
    expect(failures).toEqual([]);
  }, 600_000);
});
