import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `kyc-widget/svelte` as svelte-check reads it in a host's components: every event in Svelte 4's form
 * (`on:kyc-complete`, a component without runes) and Svelte 5's (`onkyc-complete`), against the built package.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = path.join(root, 'test/types/host/svelte');
const svelteCheck = path.join(root, 'node_modules/svelte-check/bin/svelte-check');

/** svelte-check's machine output for a host project holding `components` (and app.d.ts); '' when it passes. */
function check(components: string[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kyc-svelte-'));
  try {
    mkdirSync(path.join(dir, 'node_modules'));
    for (const name of readdirSync(path.join(root, 'node_modules')))
      if (!name.startsWith('.'))
        symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
    symlinkSync(root, path.join(dir, 'node_modules/kyc-widget'));
    mkdirSync(path.join(dir, 'src'));
    for (const file of ['app.d.ts', ...components]) cpSync(path.join(fixtures, file), path.join(dir, 'src', file));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
    const compilerOptions = {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      verbatimModuleSyntax: true,
      types: [],
    };
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, include: ['src/**/*.ts', 'src/**/*.svelte'] }),
    );
    execFileSync(
      process.execPath,
      [svelteCheck, '--workspace', dir, '--tsconfig', './tsconfig.json', '--fail-on-warnings', '--output', 'machine'],
      { cwd: dir, encoding: 'utf8', stdio: 'pipe' },
    );
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout || error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('kyc-widget/svelte under svelte-check', () => {
  it('the fixtures listen to every event of the manifest, in both forms', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/custom-elements.json'), 'utf8')) as {
      modules: Array<{ declarations?: Array<{ events?: Array<{ name: string }> }> }>;
    };
    const events = manifest.modules.flatMap((m) => m.declarations ?? []).flatMap((d) => d.events ?? []);
    expect(events.length).toBeGreaterThanOrEqual(10);
    const svelte4 = readFileSync(path.join(fixtures, 'Svelte4Host.svelte'), 'utf8');
    const svelte5 = readFileSync(path.join(fixtures, 'Svelte5Host.svelte'), 'utf8');
    for (const { name } of events) {
      expect(svelte4, name).toContain(`on:${name}={`);
      expect(svelte5, name).toContain(`on${name}={`);
    }
  });

  it("passes a Svelte 4-style component (on:kyc-…) and a Svelte 5 one (onkyc-…), with every event's detail typed", () => {
    expect(check(['Svelte4Host.svelte', 'Svelte5Host.svelte'])).toBe('');
  }, 120000);

  it('refuses a detail field the event does not have, in either form', () => {
    const errors = check(['Misuse4.svelte', 'Misuse5.svelte']);
    expect(errors).toMatch(/ERROR "src\/Misuse4\.svelte" 6:\d+ .*Property 'code' does not exist/);
    expect(errors).toMatch(/ERROR "src\/Misuse5\.svelte" 6:\d+ .*Property 'outcome' does not exist/);
  }, 120000);
});
