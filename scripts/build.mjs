// `npm run build`: the three builds of vite.config.ts (standalone ES module with its lazy chunks, the one-file
// IIFE, the library entries), the type declarations, and custom-elements.json from the element's JSDoc.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (path) => fileURLToPath(new URL(`../node_modules/${path}`, import.meta.url));

export async function buildAll({ quiet = process.argv.includes('--quiet') } = {}) {
  rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
  for (const mode of ['standalone', 'iife', 'lib']) await build({ root, mode, logLevel: quiet ? 'warn' : 'info' });
  const run = (script, args) => execFileSync(process.execPath, [bin(script), ...args], { cwd: root, stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit' });
  run('typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
  run('@custom-elements-manifest/analyzer/cem.js', ['analyze', '--config', 'custom-elements-manifest.config.mjs']);
  if (!quiet) console.log('types → dist/types/, manifest → dist/custom-elements.json');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
