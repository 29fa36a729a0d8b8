// Every provider of the package, as src/providers/plugins.ts registers them (one line each): each has an entry of
// its own (`kyc-widget/<id>`, dist/kyc-widget-<id>.js and .iife.js). Read from the file's text, so that the build
// scripts and the manifest's configuration need no TypeScript.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROVIDERS = [
  ...readFileSync(new URL('../src/providers/plugins.ts', import.meta.url), 'utf8').matchAll(
    /^export \{ default as ([\w-]+) \}/gm,
  ),
].map((match) => match[1]);

/** Where each standalone build records where its modules landed (vite.config.ts), for test/e2e/chunks.test.ts. */
export const PLACEMENT = fileURLToPath(new URL('../node_modules/.cache/kyc-widget/chunks/', import.meta.url));
