// `npm run build`: the standalone ES module (+ its lazily loaded UI chunk), the one-file IIFE,
// the library entries (dependencies external), type declarations and custom-elements.json.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, transformWithEsbuild } from 'vite';
import { writeManifest } from './manifest.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** React's production build, no `process` left in browser code. */
const define = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Lib mode keeps Vite's module-preload helper out of the bundle (no chunk imports another, so it would
 * be dead weight) but leaves ES output with its whitespace: minify the finished chunks here.
 */
const minifyChunks = {
  name: 'kyc:minify-chunks',
  // After every renderChunk (Vite's own esbuild pass reprints lib ES output with whitespace).
  async generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      chunk.code = (await transformWithEsbuild(chunk.code, chunk.fileName, { minify: true, format: 'esm', target: 'es2022', legalComments: 'none', charset: 'utf8' })).code;
    }
  },
};

export async function buildAll({ quiet = process.argv.includes('--quiet') } = {}) {
  const common = { root, base: './', configFile: false, logLevel: quiet ? 'warn' : 'info', define, esbuild: { jsx: 'automatic', jsxDev: false, legalComments: 'none', charset: 'utf8' } };
  rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

  // 1. dist/kyc-widget.js: defines the tag on import. Its lazy chunks (the React UI, the provider adapters)
  //    sit in dist/chunks/ and are fetched by relative URL; none of them imports another.
  await build({
    ...common,
    plugins: [minifyChunks],
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: 'src/define.ts', formats: ['es'], fileName: () => 'kyc-widget.js' },
      // The entry may hold code its lazy chunks share: no facade file with a second request behind it.
      rollupOptions: { preserveEntrySignatures: 'allow-extension', output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });

  // 2. dist/kyc-widget.iife.js: the same as one classic script.
  await build({
    ...common,
    build: {
      outDir: 'dist',
      emptyOutDir: false,
      target: 'es2022',
      lib: { entry: 'src/define.ts', formats: ['iife'], name: 'KycWidget', fileName: () => 'kyc-widget.iife.js' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  });

  // 3. Library entries for bundler users: dependencies stay external, the UI stays a lazy chunk.
  await build({
    ...common,
    define: {},
    build: {
      outDir: 'dist/lib',
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      lib: { entry: { index: 'src/index.ts', define: 'src/define.ts', react: 'src/react.tsx' }, formats: ['es'] },
      rollupOptions: {
        external: (id) => /^(react|react-dom|@r2wc\/core)(\/|$)/.test(id),
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });

  // 4. Declarations.
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!quiet) console.log('types → dist/types/, manifest → dist/custom-elements.json');

  // 5. The Custom Elements Manifest, from the element's own tables and JSDoc.
  await writeManifest();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
