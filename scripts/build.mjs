// `npm run build`: the builds of vite.config.ts (the all-in standalone ES module with its lazy chunks and the one-file
// IIFE, the same two for each provider's entry, the library entries, the server entry kyc-widget/server), the type
// declarations, dist/preload.json, and custom-elements.json from the element's JSDoc. The builds run in as many
// processes as the machine has cores (at most four), beside the type checker's declarations; the server's last.
import { execFile, execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { PLACEMENT, PROVIDERS } from './providers.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

export async function buildAll({ quiet = process.argv.includes('--quiet') } = {}) {
  rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
  // The server's build comes after the standalone builds: it carries what they wrote to dist/preload.json.
  const modes = ['standalone', 'iife', 'lib', ...PROVIDERS.flatMap((id) => [`standalone-${id}`, `iife-${id}`])];
  const workers = Math.min(4, availableParallelism(), modes.length);
  const groups = Array.from({ length: workers }, (_, i) => modes.filter((_, j) => j % workers === i));
  const node = promisify(execFile);
  const output = (result) => result.stdout + result.stderr;
  const worker = (group) =>
    node(
      process.execPath,
      [fileURLToPath(import.meta.url), '--modes', group.join(','), ...(quiet ? ['--quiet'] : [])],
      {
        cwd: root,
        maxBuffer: 64 << 20,
      },
    );
  const bundles = async () => {
    const built = await Promise.all(groups.map(worker));
    writePreloads();
    return [...built, await worker(['server'])];
  };
  const results = await Promise.all([
    bundles(),
    node(process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root }),
  ]);
  for (const result of results.flat()) process.stdout.write(output(result));
  const run = (script, args) =>
    execFileSync(process.execPath, [bin(script), ...args], {
      cwd: root,
      stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
  addDeclarationExtensions(path.join(root, 'dist/types'));
  // Every one-provider entry (`kyc-widget/<id>`, dist/lib/<id>.js) has the same API: the element and its definer.
  writeFileSync(
    path.join(root, 'dist/types/one.d.ts'),
    "/** One provider's entry: defines <kyc-widget> carrying that provider (and the generic protocol). */\nexport { defineKycWidget, KycWidgetElement } from './core.js';\n",
  );
  writeNotices();
  run('@custom-elements-manifest/analyzer/cem.js', ['analyze', '--config', 'custom-elements-manifest.config.mjs']);
  if (!quiet) console.log('types → dist/types/, manifest → dist/custom-elements.json');
}

/**
 * tsc writes `from './element/events'` as in the sources; under `moduleResolution: node16/nodenext` an ES
 * module's relative import needs its file name. Every relative specifier becomes `….js` (or `…/index.js`).
 */
function addDeclarationExtensions(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      addDeclarationExtensions(file);
      continue;
    }
    if (!name.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8').replace(
      /(from\s+|import\(\s*|import\s+)(['"])(\.{1,2}\/[^'"]+?)\2/g,
      (match, before, quote, spec) => {
        if (/\.(js|mjs|cjs|json|css)$/.test(spec)) return match;
        let isDir = false;
        try {
          isDir = statSync(path.resolve(path.dirname(file), spec)).isDirectory();
        } catch {
          // a file, not a folder
        }
        return `${before}${quote}${spec}${isDir ? '/index.js' : '.js'}${quote}`;
      },
    );
    writeFileSync(file, text);
  }
}

/**
 * dist/preload.json: for each standalone entry that can mount an SDK-hosted provider, the chunks it fetches before
 * it does (relative to the entry), as its build recorded them (vite.config.ts `recordPlacement`). renderKycWidget and
 * renderKycWarmUp write them as module preloads (the server's build carries this file); a page rendered another way
 * reads it.
 */
function writePreloads() {
  const preloads = {};
  for (const entry of ['kyc-widget.js', ...PROVIDERS.map((id) => `kyc-widget-${id}.js`)]) {
    const { mount } = JSON.parse(readFileSync(path.join(PLACEMENT, `${entry}.json`), 'utf8'));
    if (mount.length > 0) preloads[entry] = mount;
  }
  writeFileSync(path.join(root, 'dist/preload.json'), `${JSON.stringify(preloads, null, 2)}\n`);
}

/** The licences of what the bundles include (React, ReactDOM, scheduler, r2wc), beside the bundles. */
function writeNotices() {
  const parts = [
    '# Third-party notices',
    '',
    'dist/kyc-widget.js, its chunks and dist/kyc-widget.iife.js include the following packages.',
    '',
  ];
  for (const name of ['react', 'react-dom', 'scheduler', '@r2wc/react-to-web-component', '@r2wc/core']) {
    const dir = path.join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    let licence;
    try {
      licence = readFileSync(path.join(dir, 'LICENSE'), 'utf8').trim();
    } catch {
      const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
      licence = `${pkg.license} License. Copyright (c) ${author}. The full text of the MIT License is in this package's LICENSE file; the package's source: ${pkg.repository?.url ?? pkg.repository}.`;
    }
    parts.push(`## ${name} ${pkg.version} (${pkg.license})`, '', licence, '');
  }
  writeFileSync(path.join(root, 'dist/THIRD-PARTY-NOTICES.md'), parts.join('\n'));
}

/** One worker of `buildAll`: these modes of vite.config.ts, one after the other. */
async function buildModes(modes, quiet) {
  for (const mode of modes) await build({ root, mode, logLevel: quiet ? 'warn' : 'info' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--modes');
  if (at > 0) await buildModes(process.argv[at + 1].split(','), process.argv.includes('--quiet'));
  else await buildAll();
}
