/**
 * The one Vite configuration: the four builds (`vite build --mode standalone | iife | lib | server`, run in order
 * by `npm run build`), the demo's dev loop (`npm run dev`), and the test projects (`npm test`).
 */
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { minify } from 'terser';
import { defineConfig, type Plugin, type Rollup, type UserConfig } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs';
import { devDemo } from './scripts/dev-demo';
import { decisionEndpoint } from './test/support/decision-endpoint';
import { jumioApiRoute } from './test/support/jumio-api';
import { sessionEndpoint } from './test/support/session-endpoint';
import { slowAdapters } from './test/support/slow-adapters';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React's production build, no `process` left in browser code. */
const PRODUCTION = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Lib mode keeps Vite's module-preload helper out of the bundle (no chunk imports another, so it would be
 * dead weight) but prints ES output with its whitespace: minify the finished chunks here, with terser. Measured on
 * the boot chunk (the one the page waits for): 178 bytes smaller by `gzip -9` than esbuild's minifier (7,909 → 7,731),
 * mostly from terser's second and third compress passes and its mangling of the module's top level.
 */
const minifyChunks: Plugin = {
  name: 'kyc:minify-chunks',
  async generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const options = {
        module: true,
        ecma: 2022,
        compress: { passes: 3 },
        format: { comments: /^!|@license/ },
        nameCache: { vars: { props: sameNames(this.parse(chunk.code)) } },
      } as const;
      chunk.code = (await minify(chunk.code, options)).code!;
    }
  },
};

/**
 * Which top-level bindings terser should name as they are imported or exported: `export{A,B}` and `import{A}`
 * instead of `export{xt as A,Tt as B}`, whose pairs of random letters gzip cannot shrink (the boot chunk shares
 * about 40 bindings with its lazy chunks: 77 bytes of its gzip). Exports first; an import only where its name is
 * free. As terser's name cache: `$local` → the name to give it.
 */
function sameNames(program: Rollup.ProgramNode): Record<string, string> {
  const names: Record<string, string> = {};
  const taken = new Set<string>();
  const give = (local: string, name: string) => {
    if (taken.has(name) || `$${local}` in names || !/^[A-Za-z_$][\w$]*$/.test(name)) return;
    names[`$${local}`] = name;
    taken.add(name);
  };
  const exports = program.body.flatMap((node) => (node.type === 'ExportNamedDeclaration' ? node.specifiers : []));
  const imports = program.body.flatMap((node) => (node.type === 'ImportDeclaration' ? node.specifiers : []));
  for (const { local, exported } of exports)
    if (local.type === 'Identifier' && exported.type === 'Identifier') give(local.name, exported.name);
  for (const spec of imports)
    if (spec.type === 'ImportSpecifier' && spec.imported.type === 'Identifier')
      give(spec.local.name, spec.imported.name);
  return names;
}

/**
 * V8's explicit compile hint (Chrome 136+; a comment elsewhere): every function of a file that starts with it is
 * compiled while the file streams in, off the main thread, instead of on its first call on the main thread. The
 * chunks on the way to the frame's ready message get it, and the one-file IIFE; the screens' chunk (React, fetched
 * in idle time after ready) does not, as most of it runs only later, if at all. Measured at 4x CPU (README,
 * Performance): the widget's JavaScript on the main thread before the frame request went from a median of about
 * 66 to about 30 ms in V8 profiles; in end-to-end ready time the gain is within the bench's noise.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const onTheWayToReady = (fileName: string) => !/(^|\/)screens-element-/.test(fileName);
const compileHints: Plugin = {
  name: 'kyc:compile-hints',
  enforce: 'post',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type === 'chunk' && onTheWayToReady(chunk.fileName)) chunk.code = COMPILE_HINT + chunk.code;
    }
  },
};

const BUILDS: Record<string, UserConfig> = {
  // dist/kyc-widget.js: the boot chunk (src/boot/): defines the tag on import and starts the frame. Its lazy
  // chunks sit in dist/chunks/ and are fetched by relative URL: the runtime (controller, machine, session
  // client and every protocol: one request, fetched at once, in parallel with the frame), the screens,
  // languages and the modal; they import shared code from the boot, none imports another lazy chunk.
  standalone: {
    define: PRODUCTION,
    plugins: [minifyChunks, compileHints],
    build: {
      lib: { entry: 'src/define.ts', formats: ['es'], fileName: () => 'kyc-widget.js' },
      // The entry may hold code its lazy chunks share: no facade file with a second request behind it.
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  },
  // dist/kyc-widget.iife.js: the same as one classic script (the runtime inlined: it is "loaded" a microtask
  // after the first element, which starts on the boot all the same).
  iife: {
    define: PRODUCTION,
    plugins: [compileHints],
    build: {
      // No exports, so no global (Vite wants a name all the same): a classic script only defines the tag.
      lib: { entry: 'src/iife.ts', formats: ['iife'], name: 'KycWidget', fileName: () => 'kyc-widget.iife.js' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  },
  // dist/lib/: the package's entries for bundlers, dependencies external, lazy chunks kept.
  lib: {
    build: {
      outDir: 'dist/lib',
      minify: false,
      lib: {
        entry: {
          index: 'src/index.ts',
          define: 'src/define.ts',
          react: 'src/react.tsx',
          vue: 'src/vue.ts',
          svelte: 'src/svelte.ts',
        },
        formats: ['es'],
      },
      rollupOptions: {
        external: (id) => /^(react|react-dom|@r2wc\/react-to-web-component)(\/|$)/.test(id),
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
        // vue.ts and svelte.ts carry types only (the ./vue and ./svelte exports): their empty modules are meant.
        onwarn: (warning, warn) =>
          warning.code === 'EMPTY_BUNDLE' && /"(vue|svelte)"/.test(warning.message) ? undefined : warn(warning),
      },
    },
  },
  // dist/server/index.js: kyc-widget/server, the host backend's half. One ES module, no dependency, no DOM
  // and no node: import (Web Request/Response and Web Crypto), unminified: it runs on the host's server.
  server: {
    build: {
      outDir: 'dist/server',
      minify: false,
      lib: { entry: 'src/server/index.ts', formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  },
};

/** The test browser's flags: under Vitest, with the route to the stand-in of Jumio's API (the dev loop needs none). */
const browserArgs = process.env.VITEST ? [...CHROMIUM_ARGS, ...(await jumioApiRoute())] : CHROMIUM_ARGS;

export default defineConfig(({ command, mode }) => {
  const common: UserConfig = {
    root,
    base: './',
    esbuild: { jsx: 'automatic', jsxDev: false, legalComments: 'eof', charset: 'utf8' },
  };
  if (command === 'build') {
    const build = BUILDS[mode];
    if (!build) throw new Error(`vite build --mode ${mode}: the modes are ${Object.keys(BUILDS).join(', ')}`);
    return { ...common, ...build, build: { outDir: 'dist', emptyOutDir: false, target: 'es2022', ...build.build } };
  }
  return {
    ...common,
    esbuild: { jsx: 'automatic' },
    plugins: mode === 'development' ? [devDemo()] : [],
    // Pre-bundled up front: a dependency discovered mid-run makes Vite reload the test page.
    optimizeDeps: {
      include: [
        'axe-core/axe.min.js',
        '@open-wc/testing',
        '@veriff/incontext-sdk',
        '@sumsub/websdk',
        '@didit-protocol/sdk-web',
        'persona',
        'react',
        'react-dom',
        'react-dom/client',
        'react/jsx-runtime',
        '@r2wc/react-to-web-component',
      ],
      // Jumio's package is served as published (its chunks import each other by relative path), never pre-bundled.
      exclude: ['@jumio/websdk'],
    },
    test: {
      // Polls wait for real frames on a loaded 2-core machine: 5 s, not Vitest's default 1 s.
      expect: { poll: { timeout: 5000 } },
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
        },
        {
          extends: true,
          // kyc-widget/server: real HTTP on loopback, no browser. A few round trips per test take milliseconds, but
          // CI runs this project beside Chromium with both cores busy, where one took over 5 s: the browser's budget.
          test: { name: 'server', include: ['test/server/**/*.test.ts'], environment: 'node', testTimeout: 15000 },
        },
        {
          extends: true,
          plugins: [sessionEndpoint(), decisionEndpoint(), slowAdapters()],
          resolve: {
            // Lit (under @open-wc/testing's fixtures) in its production build: no dev-mode banner.
            conditions: ['module', 'browser', 'production'],
            // @open-wc/testing's DOM assertions import Web Test Runner's commands (for snapshots only), which need
            // Web Test Runner's server: a local module stands in (test/support/test-runner-commands.ts says why).
            alias: {
              '@web/test-runner-commands': fileURLToPath(
                new URL('./test/support/test-runner-commands.ts', import.meta.url),
              ),
            },
          },
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            globalSetup: ['test/support/servers.ts'],
            testTimeout: 15000,
            browser: {
              enabled: true,
              headless: true,
              screenshotFailures: false,
              provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: browserArgs } }),
              instances: [{ browser: 'chromium' }],
            },
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['test/e2e/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['test/support/build.ts'],
            testTimeout: 30000,
            hookTimeout: 120000,
          },
        },
      ],
    },
  };
});
