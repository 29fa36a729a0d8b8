import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkOf } from '../../src/architecture';
import { CAPTURE_SCRIPT } from '../../src/frame/capture';

/** kyc-widget/server as it ships: its own file, importable in Node, and nowhere in what browsers load. */

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = path.join(root, 'dist');
type ServerEntry = typeof import('../../src/server/index');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('the server entry (kyc-widget/server)', () => {
  it('imports in Node from package.json\'s "./server" export and answers a session request', async () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(pkg.exports['./server']).toEqual({
      types: './dist/types/server/index.d.ts',
      default: './dist/server/index.js',
    });
    const entry = path.join(root, pkg.exports['./server'].default);
    const server = (await import(/* @vite-ignore */ new URL(`file://${entry}`).href)) as ServerEntry;
    const handler = server.createSessionHandler({
      createSession: ({ locale, userId }) =>
        Promise.resolve({ sessionUrl: `https://verify.example/s?lang=${locale}&user=${userId}` }),
      authorize: () => Promise.resolve('user-1'),
      allowedOrigins: ['https://app.example'],
    });
    const response = await handler(
      new Request('https://app.example/api/kyc-session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://app.example' },
        body: JSON.stringify({ provider: 'veriff', locale: 'de', refresh: false }),
      }),
    );
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      provider: 'veriff',
      sessionUrl: 'https://verify.example/s?lang=de&user=user-1',
    });
    for (const name of [
      'verifyWebhook',
      'toNodeHandler',
      'readRawBody',
      'memorySessionStore',
      'memoryLimitStore',
      'sumsubSessions',
      'personaSessions',
    ])
      expect(typeof (server as Record<string, unknown>)[name], name).toBe('function');
  });

  it('is one self-contained, platform-neutral ES module: no import at all, no React, no DOM', () => {
    // The one browser script it carries is text: renderKycWidget's capture script, written into the page as is.
    const file = readFileSync(path.join(dist, 'server/index.js'), 'utf8');
    expect(file).toContain(CAPTURE_SCRIPT);
    const code = file.replace(CAPTURE_SCRIPT, '');
    expect(code).not.toMatch(/^\s*import\b|\bimport\(|\brequire\(/m);
    expect(code).not.toMatch(/\breact\b|\bdocument\.|\bwindow\.|\bHTMLElement\b|customElements/i);
    expect(readdirSync(path.join(dist, 'server'))).toEqual(['index.js']);
  });

  it('is in no browser bundle: the standalone file, its chunks, the IIFE and dist/lib hold none of its code', () => {
    const browserFiles = [
      path.join(dist, 'kyc-widget.js'),
      path.join(dist, 'kyc-widget.iife.js'),
      ...filesUnder(path.join(dist, 'chunks')),
      ...filesUnder(path.join(dist, 'lib')),
    ];
    expect(browserFiles.length).toBeGreaterThan(4);
    const serverOnly = [
      'createSessionHandler',
      'verifyWebhook',
      'X-App-Access-Sig',
      'X-AUTH-CLIENT',
      'accessTokens/sdk',
      'too-many-sessions',
      'toNodeHandler',
      'session-failed',
    ];
    for (const file of browserFiles) {
      const code = readFileSync(file, 'utf8');
      for (const marker of serverOnly)
        expect(code.includes(marker), `${path.relative(root, file)}: ${marker}`).toBe(false);
    }
    // The canary: the same markers are found where they belong.
    const server = readFileSync(path.join(dist, 'server/index.js'), 'utf8');
    for (const marker of serverOnly) expect(server, marker).toContain(marker);
  });

  it('no browser source imports the server folder', () => {
    const src = path.join(root, 'src');
    for (const file of filesUnder(src)) {
      // The server's own files, and each provider's session client and webhook scheme (src/architecture.ts).
      if (chunkOf(path.relative(src, file).split(path.sep).join('/')) === 'server') continue;
      if (!/\.(ts|tsx)$/.test(file)) continue;
      expect(readFileSync(file, 'utf8'), path.relative(root, file)).not.toMatch(
        /(?:from|import)\s*\(?\s*['"](?:\.\.?\/)+server(?:\/|['"])/,
      );
    }
  });

  it("type-checks a host backend's code against the built declarations (node16, nodenext, bundler)", () => {
    for (const [module, resolution] of [
      ['Node16', 'Node16'],
      ['NodeNext', 'NodeNext'],
      ['ESNext', 'Bundler'],
    ]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-server-types-'));
      const config = {
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module,
          moduleResolution: resolution,
          types: [],
        },
        files: [path.join(root, 'test/types/host/host-server.ts'), path.join(root, 'test/types/host/host-sandbox.ts')],
      };
      writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
      try {
        execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
          cwd: root,
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        expect.fail(`${resolution}: ${String((error as { stdout?: string }).stdout ?? error)}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 90000);
});
