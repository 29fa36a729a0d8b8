/**
 * The one Vite configuration: the four builds (`vite build --mode standalone | iife | lib | server`, run in order
 * by `npm run build`), the demo's dev loop (`npm run dev`), and the test projects (`npm test`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { minify } from 'terser';
import { defineConfig, transformWithEsbuild, type Plugin, type Rollup, type UserConfig } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium.mjs';
import { PLACEMENT, PROVIDERS } from './scripts/providers.mjs';
import { chunkOf } from './src/architecture';
import { devDemo } from './scripts/dev-demo';
import { decisionEndpoint } from './test/support/decision-endpoint';
import { jumioApiRoute } from './test/support/jumio-api';
import { messagePath } from './test/support/message-path';
import { sessionEndpoint } from './test/support/session-endpoint';
import { autoEndpoint } from './test/support/auto-endpoint';
import { slowAdapters } from './test/support/slow-adapters';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React's production build, no `process` left in browser code. */
const PRODUCTION = { 'process.env.NODE_ENV': JSON.stringify('production') };

/**
 * Lib mode keeps Vite's module-preload helper out of the bundle (no chunk imports another, so it would be
 * dead weight) but prints ES output with its whitespace: minify the finished chunks here. Terser, with its second and
 * third compress passes and its mangling of the module's top level, for the chunks on the way to the frame's ready
 * (178 bytes smaller by `gzip -9` than esbuild's minifier on the boot chunk, 7,909 → 7,731); esbuild's minifier for
 * the screens' chunk (React, fetched in idle time after ready), where terser's passes cost seconds per build and every
 * provider's entry builds its own.
 */
const minifyChunks: Plugin = {
  name: 'kyc:minify-chunks',
  async generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      if (!onTheWayToReady(chunk.fileName)) {
        chunk.code = (
          await transformWithEsbuild(chunk.code, chunk.fileName, { minify: true, format: 'esm', target: 'es2022' })
        ).code;
        continue;
      }
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
    if (taken.has(name) || `$${local}` in names || !bindable(name)) return;
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
 * Whether a module may declare `name` as a binding: an identifier that is no reserved word (`export { x as default }`
 * names its export `default`, which no `const` may take: `const default=…;export{default}` is a syntax error, and the
 * SDK adapters' chunks of the one-provider entries failed to load with it).
 */
function bindable(name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || name === 'await') return false;
  try {
    new Function(`"use strict"; let ${name};`);
    return true;
  } catch {
    return false;
  }
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

/**
 * A one-provider entry's module, `kyc-widget:<id>`: the element with the generic protocol and that provider
 * registered, defined on import (src/providers/registry.ts). Written here rather than as a file per provider: the
 * registry line in src/providers/plugins.ts is all a provider adds.
 */
const ENTRY = 'kyc-widget:';
const providerEntries: Plugin = {
  name: 'kyc:provider-entries',
  // Lib mode resolves an entry against the root first: the id is what follows the prefix, wherever it stands.
  resolveId: (source) => {
    const id = source.split(ENTRY)[1];
    return id === undefined ? undefined : `\0${ENTRY}${id}`;
  },
  load(id) {
    if (!id.startsWith(`\0${ENTRY}`)) return undefined;
    const provider = id.slice(ENTRY.length + 1);
    if (!PROVIDERS.includes(provider))
      throw new Error(`${ENTRY}${provider}: not a provider of src/providers/plugins.ts`);
    const src = (file: string) => JSON.stringify(fileURLToPath(new URL(`./src/${file}`, import.meta.url)));
    return [
      `import { register } from ${src('providers/registry.ts')};`,
      `import generic from ${src('providers/generic/index.ts')};`,
      `import provider from ${src(`providers/${provider}/index.ts`)};`,
      // An SDK-hosted provider's own entry carries the vendor's loader in its boot (its plug-in's import of it is then
      // already here): the vendor's code is asked for in the task the inputs resolve.
      ...(sdkHosted(provider) ? [`import ${src('providers/vendor.ts')};`] : []),
      `import { defineKycWidget } from ${src('core.ts')};`,
      `register(...[generic, provider].flat());`,
      `defineKycWidget();`,
      `export { defineKycWidget, KycWidgetElement } from ${src('core.ts')};`,
    ].join('\n');
  },
};

/** Whether a provider is SDK-hosted: its folder has an SDK adapter (src/providers/<id>/sdk.ts). */
const sdkHosted = (provider: string) => existsSync(new URL(`./src/providers/${provider}/sdk.ts`, import.meta.url));

/**
 * The build flags (src/env.d.ts) for a build of `entry`: a one-provider build knows that it is one, and whether its
 * provider is SDK-hosted, so that the all-in bundle's paths and the SDK-hosted providers' runtime (an SdkAttempt, the
 * stand-in's start of a vendor's script) leave the code of a frame provider's entry. Every other build (the all-in
 * ones, lib, whose entries share their chunks, server, the dev loop and the tests) may run anything.
 */
function buildFlags(entry = ''): Record<string, string> {
  const provider = entry.split(ENTRY)[1];
  return {
    __KYC_ONE_PROVIDER__: String(provider !== undefined),
    __KYC_SDK__: String(provider === undefined || sdkHosted(provider)),
  };
}

/**
 * The standalone builds' chunks, as src/architecture.ts says: each module of a role outside the boot goes to its
 * role's chunk (the runtime with the protocols of the providers the entry registered, the SDK adapters, the screens,
 * the modal, each language); the boot is the entry itself.
 */
function roleChunks(id: string): string | undefined {
  if (id.startsWith(`\0${ENTRY}`)) return 'boot';
  const file = id.split('/src/')[1]?.replace(/\?.*$/, '');
  const chunk = file === undefined ? undefined : chunkOf(file);
  // The vendor's loader: in the boot where the entry imports it (an SDK-hosted provider's own), else its own chunk.
  return chunk === 'server' || chunk === 'vendor' ? undefined : chunk;
}

/**
 * Where each standalone build's modules landed, for test/e2e/chunks.test.ts to check against src/architecture.ts
 * without building again (scripts/providers.mjs `PLACEMENT`): `[module, chunk][]` (the chunk by its name without the
 * hash, `boot` for the entry), the chunks the boot imports statically, and `mount`: the chunks the boot fetches
 * before it mounts an SDK-hosted provider's code (the vendor loader's, the runtime's and the SDK adapters', with what
 * they import; none where the build has no SDK adapter), which scripts/build.mjs gathers into dist/preload.json.
 */ const recordPlacement: Plugin = {
  name: 'kyc:record-placement',
  generateBundle(_, bundle) {
    const modules: Array<[string, string]> = [];
    let boot: Rollup.OutputChunk | undefined;
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      if (chunk.isEntry) boot = chunk;
      const name = chunk.isEntry ? 'boot' : chunk.fileName.replace(/^chunks\//, '').replace(/(-[\w-]{8})?\.js$/, '');
      for (const [id, module] of Object.entries(chunk.modules)) {
        const file = id.split('/src/')[1]?.replace(/\?.*$/, '');
        if (file && module.renderedLength > 0) modules.push([file, name]);
      }
    }
    if (!boot) return;
    mkdirSync(PLACEMENT, { recursive: true });
    writeFileSync(
      `${PLACEMENT}${boot.fileName}.json`,
      JSON.stringify({ modules, bootImports: boot.imports, mount: mountChunks(bundle, boot) }),
    );
  },
};

/** The roles of the chunks an SDK-hosted provider's mount waits for (src/architecture.ts `chunk`). */
const MOUNT_ROLES = ['vendor', 'runtime', 'sdk'];

/** `recordPlacement`'s `mount`: file names relative to the boot's, in the order of MOUNT_ROLES, each once. */
function mountChunks(bundle: Rollup.OutputBundle, boot: Rollup.OutputChunk): string[] {
  const chunks = Object.values(bundle).filter((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk');
  if (!chunks.some((chunk) => chunk.name === 'sdk')) return [];
  const files = new Set<string>();
  const add = (file: string) => {
    if (file === boot.fileName || files.has(file)) return;
    files.add(file);
    for (const next of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) add(next);
  };
  for (const role of MOUNT_ROLES) for (const chunk of chunks) if (chunk.name === role) add(chunk.fileName);
  return [...files];
}

/** A standalone ES build: the boot (`fileName`) defines the tag on import; its lazy chunks sit in dist/chunks/. */
function standalone(entry: string, fileName: string): UserConfig {
  return {
    define: { ...PRODUCTION, ...buildFlags(entry) },
    plugins: [providerEntries, minifyChunks, compileHints, recordPlacement],
    build: {
      lib: { entry, formats: ['es'], fileName: () => fileName },
      // The entry may hold code its lazy chunks share: no facade file with a second request behind it.
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        output: { chunkFileNames: 'chunks/[name]-[hash].js', manualChunks: roleChunks },
        onwarn(warning, warn) {
          // The vendor's loader, in the boot of an SDK-hosted provider's own entry and a dynamic import of its
          // plug-in: that it stays in the boot there is the point (providerEntries).
          if (warning.plugin === 'vite:reporter' && warning.message.includes('/src/providers/vendor.ts ')) return;
          warn(warning);
        },
      },
    },
  };
}

/** A classic-script build: the same as one file (the runtime inlined: it is "loaded" a microtask after the first element). */
function iife(entry: string, fileName: string): UserConfig {
  return {
    define: { ...PRODUCTION, ...buildFlags(entry) },
    plugins: [providerEntries, compileHints],
    build: {
      // No exports, so no global (Vite wants a name all the same): a classic script only defines the tag.
      lib: { entry, formats: ['iife'], name: 'KycWidget', fileName: () => fileName },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  };
}

/**
 * The server's build carries every provider's frame (renderKycWidget builds them), never what the browser's runtime
 * fetches for it: a plug-in's talk, protocol, SDK adapter and vendor loader (providers/<id>/index.ts) are an empty module
 * there.
 */
const withoutRuntimeParts: Plugin = {
  name: 'kyc:without-runtime-parts',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      /\/src\/providers\/[\w-]+\/index\.ts$/.test(importer ?? '') &&
      /^\.(\/talk|\/protocol|\/sdk|\.\/vendor)$/.test(source)
    )
      return '\0kyc:not-on-the-server';
  },
  load: (id) => (id === '\0kyc:not-on-the-server' ? 'export {};' : undefined),
};

/**
 * The server's build: src/server/preloads.ts as the map the standalone builds of the same `npm run build` wrote to
 * dist/preload.json (scripts/build.mjs runs this build after them).
 */
const entryPreloads: Plugin = {
  name: 'kyc:entry-preloads',
  load(id) {
    if (!id.endsWith('/src/server/preloads.ts')) return undefined;
    const file = new URL('./dist/preload.json', import.meta.url);
    if (!existsSync(file))
      throw new Error('the server build carries dist/preload.json: run `npm run build`, which writes it first');
    const map = readFileSync(file, 'utf8');
    return `export const ENTRY_PRELOADS = Object.freeze(${map.trim()});`;
  },
};

const BUILDS: Record<string, UserConfig> = {
  // dist/kyc-widget.js: the all-in boot. Its lazy chunks, fetched by relative URL: the runtime (controller, machine,
  // session client and every provider's protocol: one request, after the frame's), the SDK adapters, the screens,
  // languages and the modal; they import shared code from the boot.
  standalone: standalone('src/define.ts', 'kyc-widget.js'),
  // dist/kyc-widget.iife.js: the same as one classic script.
  iife: iife('src/iife.ts', 'kyc-widget.iife.js'),
  // dist/kyc-widget-<id>.js and .iife.js: one provider's entry (the generic protocol rides along).
  ...Object.fromEntries(
    PROVIDERS.flatMap((id) => [
      [`standalone-${id}`, standalone(`${ENTRY}${id}`, `kyc-widget-${id}.js`)],
      [`iife-${id}`, iife(`${ENTRY}${id}`, `kyc-widget-${id}.iife.js`)],
    ]),
  ),
  // dist/lib/: the package's entries for bundlers, dependencies external, lazy chunks kept.
  lib: {
    plugins: [providerEntries],
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
          ...Object.fromEntries(PROVIDERS.map((id) => [id, `${ENTRY}${id}`])),
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
    plugins: [withoutRuntimeParts, entryPreloads],
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
    define: buildFlags(),
    esbuild: { jsx: 'automatic', jsxDev: false, legalComments: 'eof', charset: 'utf8' },
  };
  if (command === 'build') {
    const build = BUILDS[mode];
    if (!build) throw new Error(`vite build --mode ${mode}: the modes are ${Object.keys(BUILDS).join(', ')}`);
    return {
      ...common,
      ...build,
      define: { ...common.define, ...build.define },
      build: { outDir: 'dist', emptyOutDir: false, target: 'es2022', ...build.build },
    };
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
          plugins: [sessionEndpoint(), autoEndpoint(), decisionEndpoint(), slowAdapters()],
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
              commands: { messagePath },
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
