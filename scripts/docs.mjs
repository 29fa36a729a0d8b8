// `npm run docs`: builds the documentation site into _site/ (site/eleventy.config.mjs), building dist/ first when it
// is not there (the pages load the widget from it, and the element's API comes from its manifest).
//   npm run docs                     the site, for a sandbox on http://localhost:5174 (npx kyc-widget sandbox)
//   npm run docs -- --serve          and serve it on http://localhost:8080 with the sandbox beside it
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the site into `out` for the sandbox at `sandboxOrigin`; resolves the number of pages written. */
export async function buildDocs({ out = '_site', sandboxOrigin = 'http://localhost:5174', quiet = false } = {}) {
  if (!existsSync(`${root}/dist/custom-elements.json`)) {
    const { buildAll } = await import('./build.mjs');
    await buildAll({ quiet: true });
  }
  process.env.KYC_DOCS_SANDBOX = sandboxOrigin;
  process.env.KYC_DOCS_OUT = out;
  const { default: Eleventy } = await import('@11ty/eleventy');
  const previous = process.cwd();
  process.chdir(root);
  try {
    const eleventy = new Eleventy(undefined, undefined, { configPath: 'site/eleventy.config.mjs', quietMode: quiet });
    const written = await eleventy.write();
    return written.flat().filter((entry) => entry?.outputPath?.endsWith('.html')).length;
  } finally {
    process.chdir(previous);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serve = process.argv.includes('--serve');
  const pages = await buildDocs({ quiet: true });
  console.log(`docs: ${pages} pages in _site/`);
  if (serve) {
    const { startSandbox } = await import('../sandbox/server.mjs');
    const { serveStatic } = await import('./static.mjs');
    const sandbox = await startSandbox({ host: 'localhost', port: 5174 });
    const site = await serveStatic(`${root}/_site`, { host: 'localhost', port: 8080 });
    console.log(`docs: ${site.origin}/ (live examples against the sandbox at ${sandbox.origin})`);
  }
}
