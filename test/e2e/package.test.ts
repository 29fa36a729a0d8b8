import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The package as npm would publish it, and as a host's TypeScript resolves it. */

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = path.join(root, 'test/types/host');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

type Resolution = 'bundler' | 'node16' | 'nodenext' | 'node10';
const COMPILER: Record<Resolution, { module: string; moduleResolution: string }> = {
  bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
  node16: { module: 'Node16', moduleResolution: 'Node16' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
  // TypeScript's `node` (node10): no "exports"; the package's subpaths resolve through "typesVersions".
  node10: { module: 'CommonJS', moduleResolution: 'Node10' },
};

/**
 * A host project in a temporary folder: the fixtures, and a node_modules where `kyc-widget` is this package
 * (a link, as npm would install it) beside links to the devDependencies the fixtures import (React, Vue, Svelte).
 */
function compile(files: string[], resolution: Resolution): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-types-'));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const name of readdirSync(path.join(root, 'node_modules')))
    if (!name.startsWith('.')) symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
  symlinkSync(root, path.join(dir, 'node_modules/kyc-widget'));
  for (const file of files) copyFileSync(path.join(fixtures, file), path.join(dir, file));
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      ...COMPILER[resolution],
      types: [],
    },
    files,
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(config));
  // An ES module host under node16/nodenext; node10 knows no module types.
  if (resolution !== 'node10') writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
  try {
    execFileSync(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the published package', () => {
  it('packs only what a host needs: dist, the sandbox and its CLI, the docs pages, README, LICENSE, package.json', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: root, encoding: 'utf8' }),
    ) as Array<{ files: Array<{ path: string; size: number }> }>;
    const files = pack.files.map((f) => f.path);
    for (const file of files)
      expect(file, file).toMatch(
        /^(dist\/|sandbox\/|docs\/[^/]+\.md$|docs\/providers\/[^/]+\.md$|README\.md$|LICENSE$|SECURITY\.md$|package\.json$)/,
      );
    for (const needed of [
      'LICENSE',
      'README.md',
      'dist/kyc-widget.js',
      'dist/kyc-widget.iife.js',
      'dist/custom-elements.json',
      'dist/preload.json',
      'dist/THIRD-PARTY-NOTICES.md',
      'dist/types/index.d.ts',
      'dist/lib/react.js',
      'sandbox/cli.mjs',
      'sandbox/index.mjs',
      'sandbox/index.d.mts',
      'sandbox/public/generic.html',
    ]) {
      expect(files).toContain(needed);
    }
    // The demo's own backend stays in the repository.
    expect(files).not.toContain('sandbox/demo-endpoint.mjs');
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      private?: boolean;
      exports: object;
      typesVersions?: Record<string, Record<string, string[]>>;
    };
    expect(manifest.private).toBeUndefined();
    const typesVersions = manifest.typesVersions?.['*'];
    for (const [entry, target] of Object.entries(manifest.exports as Record<string, string | Record<string, string>>)) {
      // Only a JSON file may go without a types condition (TypeScript types JSON itself).
      if (typeof target === 'string') {
        expect(target, `${entry}: a JS entry needs types`).toMatch(/\.json$/);
        continue;
      }
      expect(Object.keys(target)[0], `${entry}: types first`).toBe('types');
      expect(target.default, `${entry}: a default condition`).toBeDefined();
      // node10 resolution ignores "exports": typesVersions gives each subpath the same types.
      if (entry !== '.') expect(typesVersions?.[entry.slice(2)], `typesVersions for ${entry}`).toEqual([target.types]);
    }
    // Links in the shipped README go to shipped files (or the web).
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const [, link] of readme.matchAll(/\]\(((?!https?:|#)[^)]+)\)/g)) {
      if (link.startsWith('docs/screenshots/')) continue; // pictures: shown on the repository's page, not needed in the package
      expect(files, `README links to ${link}`).toContain(link.replace(/#.*$/, '').replace(/^\.\//, ''));
    }
    const notices = readFileSync(path.join(root, 'dist/THIRD-PARTY-NOTICES.md'), 'utf8');
    for (const name of ['react ', 'react-dom ', 'scheduler ', '@r2wc/react-to-web-component ', '@r2wc/core '])
      expect(notices).toContain(`## ${name}`);
    expect(readFileSync(path.join(root, 'dist/kyc-widget.iife.js'), 'utf8')).toContain('@license React');
  });

  for (const resolution of ['bundler', 'node16', 'nodenext', 'node10'] as const) {
    it(`type-checks a host's code (element, React, Vue, Svelte) under moduleResolution ${resolution}, and refuses misuse`, () => {
      expect(compile(['host.ts', 'host-react.tsx', 'host-vue.ts', 'host-svelte.ts', 'inputs.tsx'], resolution)).toBe(
        '',
      );
      const errors = compile(['misuse.ts'], resolution);
      expect(errors, 'the package resolves').not.toMatch(/TS2307/);
      expect(errors).toMatch(/misuse\.ts\(5,\d+\).*'"rejected"'|misuse\.ts\(5,/);
      expect(errors).toMatch(/misuse\.ts\(8,/);
      expect(errors).toMatch(/misuse\.ts\(9,/);
    }, 60000);
  }

  it('writes every input of the manifest in its attribute form and its property form for each framework typing', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/custom-elements.json'), 'utf8')) as {
      modules: Array<{ declarations?: Array<{ attributes?: Array<{ name: string; fieldName: string }> }> }>;
    };
    const attributes = manifest.modules.flatMap((m) => m.declarations ?? []).flatMap((d) => d.attributes ?? []);
    expect(attributes.length).toBeGreaterThan(10);
    const blocks = new Map(
      readFileSync(path.join(fixtures, 'inputs.tsx'), 'utf8')
        .split(/\n(?=export )/)
        .slice(1)
        .map((block) => [/^export (?:const|function) (\w+)/.exec(block)![1], block] as const)
        .filter(([name]) => /(Attributes|Properties)$/.test(name)),
    );
    const framings = ['reactElement', 'reactWrapper', 'svelte', 'vue', 'dom'];
    expect([...blocks.keys()].sort()).toEqual(framings.flatMap((f) => [`${f}Attributes`, `${f}Properties`]).sort());
    const written = (block: string, name: string) =>
      new RegExp(`(^\\s+'?${name}'?(=|:|\\s*$)|element\\.${name} =)`, 'm').test(block);
    for (const framing of framings) {
      for (const { name, fieldName } of attributes) {
        expect(written(blocks.get(`${framing}Attributes`)!, name), `${framing}: attribute ${name}`).toBe(true);
        expect(written(blocks.get(`${framing}Properties`)!, fieldName), `${framing}: property ${fieldName}`).toBe(true);
      }
    }
  });

  it('renders <KycWidget> on the server without the token in the HTML', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const built = pathToFileURL(path.join(root, 'dist/lib/react.js')).href; // built by the e2e setup, not there at type-check time
    const { KycWidget } = (await import(/* @vite-ignore */ built)) as typeof import('../../src/react');
    const html = renderToString(
      createElement(KycWidget, {
        provider: 'sumsub',
        sessionToken: 'tok_server_secret',
        'session-token': 'tok_attribute_form',
        'data-testid': 'kyc',
        lang: 'de',
      }),
    );
    expect(html).toContain('<kyc-widget');
    expect(html).toContain('data-testid="kyc"');
    expect(html).toContain('lang="de"');
    expect(html).not.toContain('tok_server_secret');
    expect(html).not.toContain('tok_attribute_form');
  });
});
