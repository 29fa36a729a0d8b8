import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BOOT_BUDGET, IIFE_BUDGETS, PROVIDER_BUDGETS, TALK_BUDGETS } from '../../scripts/budget.mjs';
import { PROVIDERS } from '../../scripts/providers.mjs';

/**
 * The size budgets (scripts/budget.mjs): what a page downloads and runs before the provider's frame is requested, the
 * boot of each entry: the element, its input table, the first step, the making of the iframe, the session request, and the frame
 * facts and URL builders of the providers the entry carries (all of them in dist/kyc-widget.js; generic and one in
 * dist/kyc-widget-<id>.js). The gauge is Node's zlib gzip at level 9, as `npm run bench` prints it. Everything else
 * arrives after the frame's request: first the talk chunk, which the frame's handshake answer and ready wait for (a
 * budget of its own), then the runtime chunk and the lazy ones; but for the classic-script builds
 * (dist/kyc-widget*.iife.js), one file each with all of it inlined, which have budgets of their own.
 */
const dist = (file: string) => readFileSync(fileURLToPath(new URL(`../../dist/${file}`, import.meta.url)));
const gzip = (file: string) => gzipSync(dist(file), { level: 9 }).length;

/** The talk chunk a boot asks for (by its relative URL in the boot's code). */
const talkOf = (boot: string) => /import\("\.\/(chunks\/talk-[\w-]+\.js)"\)/.exec(dist(boot).toString())?.[1];

const ENTRIES: Array<[string, number]> = [
  ['kyc-widget.js', BOOT_BUDGET],
  ...PROVIDERS.map((id): [string, number] => [`kyc-widget-${id}.js`, PROVIDER_BUDGETS[id]]),
];

describe('the size budgets', () => {
  it('every provider has a budget', () => {
    expect(Object.keys(PROVIDER_BUDGETS).sort()).toEqual([...PROVIDERS].sort());
  });

  it('every classic-script build has a budget', () => {
    expect(Object.keys(IIFE_BUDGETS).sort()).toEqual(
      ['kyc-widget.iife.js', ...PROVIDERS.map((id) => `kyc-widget-${id}.iife.js`)].sort(),
    );
  });

  it('every boot has a talk chunk with a budget', () => {
    expect(Object.keys(TALK_BUDGETS).sort()).toEqual(ENTRIES.map(([file]) => file).sort());
    expect(ENTRIES.filter(([file]) => !talkOf(file)).map(([file]) => file)).toEqual([]);
  });

  it.each(Object.entries(TALK_BUDGETS))("%s's talk chunk is at most its budget by gzip -9 (%i B)", (boot, budget) => {
    const file = talkOf(boot)!;
    const bytes = gzip(file);
    expect(bytes, `dist/${file} (${boot}): ${bytes} bytes gzip -9 (budget ${budget})`).toBeLessThanOrEqual(budget);
  });

  it.each([...ENTRIES, ...Object.entries(IIFE_BUDGETS)])(
    '%s is at most its budget by gzip -9 (%i B)',
    (file, budget) => {
      const bytes = gzip(file);
      expect(bytes, `dist/${file}: ${bytes} bytes gzip -9 (budget ${budget})`).toBeLessThanOrEqual(budget);
    },
  );
});
