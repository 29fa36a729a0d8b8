import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../scripts/providers.mjs';
import { startSandbox } from '../../sandbox/server.mjs';
import { startHost } from '../../scripts/serve.mjs';
import { launchChromium } from '../support/chromium';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
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
    page.on(
      'response',
      (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
    );
    await page.goto(`${host.origin}/plain.html`);
    await page.waitForFunction(() => document.documentElement.dataset.events?.includes('kyc-complete'), null, {
      timeout: 10000,
    });
    const events = JSON.parse((await page.getAttribute('html', 'data-events'))!) as Array<{
      type: string;
      detail: unknown;
    }>;
    expect(events.map((e) => e.type)).toEqual(['kyc-ready', 'kyc-start', 'kyc-progress', 'kyc-submit', 'kyc-complete']);
    expect(events.at(-1)?.detail).toEqual({ provider: 'generic', sessionId: 'plain_1', outcome: 'approved' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('served from a CDN on another origin, the ES module still loads its chunks (relative URLs, CORS)', async () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const listen = (server: ReturnType<typeof createServer>, hostname: string) =>
      new Promise<string>((resolve) =>
        server.listen(0, hostname, () => resolve(`http://${hostname}:${(server.address() as AddressInfo).port}`)),
      );
    const cdn = createServer((req, res) => {
      void readFile(path.join(dist, new URL(req.url ?? '/', 'http://cdn.invalid').pathname)).then(
        (body) =>
          res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' }).end(body),
        () => res.writeHead(404).end(),
      );
    });
    const cdnOrigin = await listen(cdn, 'localhost');
    const session = `${sandbox.origin}/generic?script=ready,complete:approved&session=cdn_1`;
    // The host's page on a third origin: the widget from the CDN, the provider's frame from the sandbox.
    const site = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(
        `<!doctype html><script type="module" crossorigin src="${cdnOrigin}/kyc-widget.js"></script><kyc-widget session-url="${session}"></kyc-widget>`,
      );
    });
    const siteOrigin = await listen(site, '127.0.0.1');
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      await page.goto(siteOrigin);
      await page.waitForFunction(
        () => document.querySelector('kyc-widget')?.shadowRoot?.querySelector('[part~="result"]'),
        null,
        { timeout: 10000 },
      );
      expect(requested.filter((url) => url.startsWith(`${cdnOrigin}/chunks/`)).length).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      cdn.close();
      site.close();
    }
  });

  it('imports every entry of package.json "exports" in Node (no DOM, as during SSR) without throwing', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
    };
    // `./*`: each provider's entry (kyc-widget/<id>).
    const entries = Object.keys(pkg.exports).flatMap((entry) =>
      entry === './*' ? PROVIDERS.map((id) => `./${id}`) : [entry],
    );
    expect(entries).toEqual(expect.arrayContaining(['.', './define', './standalone', './standalone.iife', './sumsub']));
    // A real Node process per entry, resolving the package by its own name (self-reference through "exports"). The
    // 25 processes run at once: one after another, their start-ups added up past the test's time on a busy machine.
    const importInNode = async (entry: string) => {
      const specifier = pkg.name + entry.slice(1);
      const attributes = specifier.endsWith('.json') ? ", { with: { type: 'json' } }" : '';
      const script = `const m = await import(${JSON.stringify(specifier)}${attributes}); console.log(JSON.stringify({ exports: Object.keys(m), defined: typeof m.defineKycWidget === 'function' ? String(m.defineKycWidget()) : null }));`;
      const result = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: root,
        encoding: 'utf8',
      })
        .then(({ stdout, stderr }) => ({ stdout, stderr, status: 0 }))
        .catch((error: { stdout: string; stderr: string; code: number }) => ({ ...error, status: error.code }));
      return { entry, specifier, ...result };
    };
    for (const { entry, specifier, stdout, stderr, status } of await Promise.all(entries.map(importInNode))) {
      expect(stderr, specifier).toBe('');
      expect(status, specifier).toBe(0);
      const { exports, defined } = JSON.parse(stdout) as { exports: string[]; defined: string | null };
      // defineKycWidget() finds no customElements registry in Node: it defines nothing and says so.
      if (defined !== null) expect(defined, specifier).toBe('undefined');
      if (entry === './react') expect(exports, specifier).toContain('KycWidget');
    }
  });

  it('maps every export of package.json to a built file', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: object };
    for (const [entry, target] of Object.entries(pkg.exports as Record<string, string | Record<string, string>>)) {
      for (const pattern of typeof target === 'string' ? [target] : Object.values(target)) {
        // `./*` → `./dist/lib/*.js`: each provider's entry.
        const files = entry.includes('*') ? PROVIDERS.map((id) => pattern.replace('*', id)) : [pattern];
        for (const file of files)
          expect(() => readFileSync(new URL(`../../${file}`, import.meta.url)), `${entry} → ${file}`).not.toThrow();
      }
    }
  });

  it("starts every file on the way to ready with V8's compile hint, and leaves the screens' chunk (React, after ready) lazy", () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const chunks = readdirSync(path.join(dist, 'chunks')).map((name) => `chunks/${name}`);
    const hinted = (file: string) =>
      readFileSync(path.join(dist, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');
    // Each standalone build (the all-in one and each provider's) has its own screens' chunk.
    const screens = chunks.filter((file) => file.startsWith('chunks/screens-element-'));
    expect(screens).toHaveLength(1 + PROVIDERS.length);
    const boots = readdirSync(dist).filter((name) => /^kyc-widget.*\.js$/.test(name));
    expect(boots).toHaveLength(2 * (1 + PROVIDERS.length));
    for (const file of [...boots, ...chunks]) expect(hinted(file), file).toBe(!screens.includes(file));
  });

  it('every file of the standalone builds and their chunks is a module that parses', () => {
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const files = [
      ...readdirSync(dist).filter((name) => /^kyc-widget.*\.js$/.test(name)),
      ...readdirSync(path.join(dist, 'chunks')).map((name) => `chunks/${name}`),
    ];
    // The minifier's shared names once gave a chunk `const default=…;export{default}` (each SDK-hosted provider's
    // adapter, in its own entry's build): a syntax error that only the browser's dynamic import met. Each file is
    // parsed as a module (node:vm's SourceTextModule: parsed, not linked), all in one Node process.
    const check = [
      "const vm = require('node:vm'), fs = require('node:fs');",
      'const broken = process.argv.slice(1).filter((file) => {',
      "  try { new vm.SourceTextModule(fs.readFileSync(file, 'utf8')); return false; } catch { return true; }",
      '});',
      'process.stdout.write(JSON.stringify(broken));',
    ].join('\n');
    const run = spawnSync(
      process.execPath,
      ['--experimental-vm-modules', '--no-warnings', '-e', check, ...files.map((file) => path.join(dist, file))],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const broken = JSON.parse(run.stdout) as string[];
    expect(broken.map((file) => path.relative(dist, file))).toEqual([]);
    expect(files.length).toBeGreaterThan(2 * (1 + PROVIDERS.length));
  });
});
