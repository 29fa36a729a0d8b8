import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/testing.md's table of guards, held to the code: every file a row names exists, every function or snippet it
 * names in that file is there (a renamed function, a moved check, a rewritten condition fail here until the row is
 * rechecked), and every test file the row says failed exists, with the titles it quotes.
 */

const ROOT = new URL('../../', import.meta.url);
const DOC = readFileSync(new URL('docs/testing.md', ROOT), 'utf8');
const FILES = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** The table's rows: its cells, split at the `|` that are not escaped. */
function rows(): string[][] {
  const section = DOC.split(/^## Guards and the tests that catch their removal$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| guard') && !line.startsWith('| ---'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ \| /)
        .map((cell) => cell.replaceAll('\\|', '|')),
    );
}

const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
const isPath = (span: string) =>
  /^[\w.@/-]+\.(ts|tsx|js|mjs|css|json)$/.test(span) || /^[\w.-]+\/([\w.-]+\/)*$/.test(span);

/** The repository's file a row means: its path, or a bare name that only one tracked file has. */
function resolve(path: string): string[] {
  if (path.endsWith('/')) return FILES.filter((file) => file.startsWith(path));
  if (FILES.includes(path)) return [path];
  const named = FILES.filter((file) => basename(file) === basename(path) && file.endsWith(path));
  return named.length === 1 ? named : [];
}

const read = (file: string) => readFileSync(new URL(file, ROOT), 'utf8');
const squash = (text: string) => text.replace(/\s+/g, ' ');

/**
 * `name` in `text`: an identifier as a whole word outside the file's imports (a function only imported is not where
 * the guard is), anything else (a condition, a call) as written, whitespace aside.
 */
function mentions(text: string, name: string): boolean {
  if (!/^#?[\w$]+$/.test(name)) return squash(text).includes(squash(name));
  const own = text.replace(/^import [^;]*;$/gm, '');
  return new RegExp(`(?<![\\w$#])${name.replace('$', '\\$')}(?![\\w$])`).test(own);
}

const TEST_FILES = FILES.filter((file) => file.startsWith('test/') && /\.(ts|mjs)$/.test(file));

/** Typographic apostrophes as plain ones, whitespace squashed: how a title reads in the doc and in the code. */
const plain = (text: string) => squash(text.replace(/[’‘]/g, "'")).trim();

/**
 * Whether `file` has a test whose title is `said` (or starts with it, where the doc cut it with "…"): as written, or
 * as an `it.each` title or a template (`%s`, `${…}`) fills in, one with at least 12 characters of its own.
 */
function titled(file: string, said: string, cut: boolean): boolean {
  const text = plain(read(file));
  if (text.includes(said)) return true;
  const source = read(file);
  const templates = [...source.matchAll(/`([^`]*)`/g), ...source.matchAll(/'([^'\n]*)'/g)]
    .map((match) => plain(match[1]))
    .filter((literal) => /%[sjdi]|\$\{/.test(literal));
  return templates.some((template) => {
    const parts = template.split(/%[sjdi]|\$\{[^}]*\}/);
    if (parts.join('').length < 12) return false;
    const escaped = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return (
      new RegExp(`^${escaped.join('.+')}${cut ? '' : '$'}`).test(said) ||
      (cut && said.startsWith(parts[0]) && parts[0].length >= 12)
    );
  });
}

const table = rows();

describe("docs/testing.md's guard table", () => {
  it('has its rows (the parser found the table)', () => {
    expect(table.length).toBeGreaterThan(50);
    for (const row of table) expect(row, row.join(' | ')).toHaveLength(3);
  });

  it.each(table.map((row) => [row[0].slice(0, 80), row] as const))('%s…', (_title, [guard, , failed]) => {
    const problems: string[] = [];
    // The guard: each named file, then what the row names in it (up to the next file).
    let current: string[] = [];
    for (const span of spans(guard)) {
      if (isPath(span)) {
        current = resolve(span);
        if (current.length === 0) problems.push(`no file ${span}`);
      } else if (current.length && !current.some((file) => mentions(read(file), span)))
        problems.push(`${span} is not in ${current.join(', ')}`);
    }
    // The tests that failed: each named test file exists, and each quoted title (up to its "…") is in one of them.
    const tests = spans(failed)
      .filter((span) => /\.test\.ts$/.test(span))
      .map((span) => [span, resolve(span.includes('/') ? span : span)] as const);
    for (const [span, found] of tests) {
      const inTests = FILES.filter((file) => file.startsWith('test/') && file.endsWith(`/${span}`));
      if (found.length === 0 && inTests.length === 0) problems.push(`no test file ${span}`);
    }
    const testFiles = tests.flatMap(([span]) =>
      FILES.filter((file) => file === span || (file.startsWith('test/') && file.endsWith(`/${span}`))),
    );
    // Quoted titles, outside code spans (a quoted error message in a code span is not a title).
    for (const [, title] of failed.replace(/`[^`]*`/g, '').matchAll(/"([^"]+)"/g)) {
      const said = plain(title.split('…')[0]);
      const cut = title.includes('…');
      if (said.length < 8 || !testFiles.length) continue;
      if (![...testFiles, ...TEST_FILES].some((file) => titled(file, said, cut)))
        problems.push(`no test titled "${said}" in ${testFiles.join(', ')} (nor elsewhere in test/)`);
    }
    expect(problems).toEqual([]);
  });
});
