/**
 * The README's guide, as a new user runs it: the packed package installed in an empty folder, the README's commands,
 * page and backends copied from its code blocks (`<!-- readme-test: … -->` marks each), the CLI's sandbox started,
 * and a verification clicked through in Chromium until the page shows the decision the backend confirmed. The only
 * changes to what the README says are the ports (free ones instead of 3000 and 5174) and the tarball for
 * `kyc-widget` in `npm i`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** The README's code blocks marked `<!-- readme-test: name -->`, by name. */
export function readmeBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const [, name, code] of markdown.matchAll(/<!-- readme-test: (\S+) -->\n\n```\w*\n([\s\S]*?)\n```/g))
    blocks.set(name, `${code}\n`);
  return blocks;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Lines of a child's output, with a wait for the first line that matches (rejects when the child exits first). */
function watch(child: ChildProcess) {
  const seen: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => seen.push(line));
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const found = seen.find((line) => pattern.test(line));
      if (found !== undefined) return resolve(found);
      const onLine = (line: string) => {
        if (!pattern.test(line)) return;
        lines.off('line', onLine);
        resolve(line);
      };
      lines.on('line', onLine);
      child.once('exit', (code) =>
        reject(new Error(`exited (${code}) before ${pattern}; it printed:\n${seen.join('\n')}`)),
      );
    });
  return { seen, waitFor };
}

/** Until `url` answers (a server that has just been started). */
async function answering(url: string): Promise<void> {
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100)); // fixed wait: the poll's interval
  }
}

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const blocks = readmeBlocks(readme);
let dir: string;
let browser: Browser;
const children: ChildProcess[] = [];
let sandboxPort: number;
let appPort: number;
const timings: Record<string, number> = {};

/** A README block with the free ports in place of the README's. */
const ported = (text: string) =>
  text.replaceAll('localhost:5174', `localhost:${sandboxPort}`).replaceAll('localhost:3000', `localhost:${appPort}`);

beforeAll(async () => {
  sandboxPort = await freePort();
  appPort = await freePort();
  dir = mkdtempSync(path.join(tmpdir(), 'kyc-readme-'));
  const packed = mkdtempSync(path.join(tmpdir(), 'kyc-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--loglevel=error', '--pack-destination', packed], {
    cwd: root,
  });
  const tarball = path.join(packed, (JSON.parse(stdout) as Array<{ filename: string }>)[0].filename);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
  const commands = blocks.get('commands')!.trim().split('\n');
  expect(commands[0]).toBe('npm i kyc-widget express');
  let started = Date.now();
  // From npm's cache where it can: the test needs no network for what `npm ci` already fetched.
  await run('npm', ['i', tarball, 'express', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
  });
  timings.install = Date.now() - started;
  rmSync(packed, { recursive: true, force: true });
  expect(commands[1]).toBe('npx kyc-widget keys > .env');
  const keys = await run('npx', ['kyc-widget', 'keys', '--sandbox-url', `http://localhost:${sandboxPort}`], {
    cwd: dir,
  });
  writeFileSync(path.join(dir, '.env'), keys.stdout);
  expect(commands[2]).toBe('npx kyc-widget sandbox --webhook-url http://localhost:3000/webhooks/{provider}');
  started = Date.now();
  // In a process group of its own: npx runs the CLI as its child, and the whole group is stopped at the end.
  const sandbox = spawn('npx', [...ported(commands[2]).split(' ').slice(1), '--port', String(sandboxPort)], {
    cwd: dir,
    detached: true,
  });
  children.push(sandbox);
  const sandboxOut = watch(sandbox);
  await sandboxOut.waitFor(/^kyc-widget sandbox at http:\/\/localhost:\d+$/);
  timings.sandbox = Date.now() - started;
  (globalThis as { sandboxOut?: typeof sandboxOut }).sandboxOut = sandboxOut;
  mkdirSync(path.join(dir, 'public'));
  writeFileSync(path.join(dir, 'public/index.html'), ported(blocks.get('public/index.html')!));
  writeFileSync(path.join(dir, 'server.mjs'), ported(blocks.get('server.mjs')!));
  writeFileSync(path.join(dir, 'kyc.mjs'), ported(blocks.get('kyc.mjs')!));
  expect(commands[3]).toBe('NODE_ENV=development node --env-file=.env server.mjs');
  const backend = spawn(process.execPath, ['--env-file=.env', 'server.mjs'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(appPort) },
  });
  children.push(backend);
  await answering(`http://localhost:${appPort}/`);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null) continue;
    // A detached child leads its process group (npx and the CLI under it): stop the group.
    if (child.spawnargs[0] === 'npx') process.kill(-child.pid, 'SIGTERM');
    else child.kill('SIGTERM');
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`README guide timings (ms): ${JSON.stringify(timings)}`);
});

describe("the README's guide, from the packed package", () => {
  it('the page and the Express backend: a Sumsub verification in the sandbox ends in the decision the server confirmed', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1600 } });
    page.setDefaultTimeout(15_000);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const detailOf = (event: Event) => (event as CustomEvent<{ decision?: string; outcome?: string }>).detail;
      for (const name of ['kyc-complete', 'kyc-decision'])
        document.addEventListener(name, (event) =>
          seen.push(`${name}:${JSON.stringify(detailOf(event).decision ?? detailOf(event).outcome)}`),
        );
    });
    const started = Date.now();
    await page.goto(`http://localhost:${appPort}/`);
    const frame = page.frameLocator('kyc-widget iframe[part="frame"]');
    for (const name of ['Identity document step', 'Submit'])
      await frame.getByRole('button', { name, exact: true }).click();
    expect(await page.locator('#next').isHidden()).toBe(true);
    void frame
      .getByRole('button', { name: 'Approved (GREEN)', exact: true })
      .click()
      .catch(() => {});
    await page.locator('#next').waitFor({ state: 'visible' });
    timings.verification = Date.now() - started;
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toEqual(['kyc-complete:"approved"', 'kyc-decision:"approved"']);
    // The backend's own answer, for the signed-in (demo) user: what a verified webhook recorded.
    expect(await page.evaluate(() => fetch('/account').then((r) => r.text()))).toBe('approved');
    const sandboxOut = (globalThis as { sandboxOut?: ReturnType<typeof watch> }).sandboxOut!;
    await sandboxOut.waitFor(
      new RegExp(` webhook {2}sumsub approved for \\S+ → http://localhost:${appPort}/webhooks/sumsub: 200$`),
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the fetch handler: a session over HTTP, then a decision the CLI triggered, told by the decision endpoint', async () => {
    // The test's own driver: the README's handler on node:http, asking the X-User header who is signed in.
    writeFileSync(
      path.join(dir, 'serve-fetch.mjs'),
      [
        "import { createServer } from 'node:http';",
        "import { toNodeHandler } from 'kyc-widget/server';",
        "import { kycHandler } from './kyc.mjs';",
        "const handler = kycHandler({ authorize: (request) => request.headers.get('X-User') });",
        "createServer(toNodeHandler(handler)).listen(Number(process.env.PORT), 'localhost', () => console.log('listening'));",
      ].join('\n'),
    );
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const served = spawn(process.execPath, ['--env-file=.env', 'serve-fetch.mjs'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'development', PORT: String(port), APP_ORIGIN: origin },
    });
    children.push(served);
    await watch(served).waitFor(/^listening$/);
    try {
      const asUser = { Origin: origin, 'X-User': 'fetch-user' };
      const session = await fetch(`${origin}/api/kyc-session`, {
        method: 'POST',
        headers: { ...asUser, 'Content-Type': 'application/json' },
        body: JSON.stringify({ provider: 'sumsub', locale: 'en', refresh: false }),
      });
      expect(session.status).toBe(200);
      expect((await session.json()) as unknown).toMatchObject({
        provider: 'sumsub',
        sessionToken: expect.any(String) as unknown,
      });
      // The README's trigger: Sumsub's webhook naming the user the session client sent as its reference.
      const trigger = await run(
        'npx',
        [
          'kyc-widget',
          'trigger',
          'approved',
          '--provider',
          'sumsub',
          '--to',
          `${origin}/webhooks/sumsub`,
          '--user',
          'fetch-user',
        ],
        { cwd: dir },
      );
      expect(trigger.stdout).toMatch(/: 200 /);
      const decision = await fetch(`${origin}/api/kyc-decision?provider=sumsub`, {
        headers: { ...asUser, Accept: 'application/json' },
      });
      expect(await decision.json()).toMatchObject({ decision: 'approved', provider: 'sumsub' });
    } finally {
      served.kill('SIGTERM');
    }
  });

  it('the CDN path names a file the package carries', () => {
    const [, version, file] = /https:\/\/cdn\.jsdelivr\.net\/npm\/kyc-widget@([\d.]+)\/(\S+?)"/.exec(readme)!;
    const manifest = JSON.parse(readFileSync(path.join(dir, 'node_modules/kyc-widget/package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version.startsWith(`${version}.`)).toBe(true);
    expect(readFileSync(path.join(dir, 'node_modules/kyc-widget', file), 'utf8')).toContain('kyc-widget');
  });
});
