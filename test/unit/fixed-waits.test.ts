import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The suite's rule on waiting (docs/testing.md, "The one way of waiting"), held by grep: a test waits for a
 * condition, an event or a marker, never for a fixed time. A fixed wait — `sleep(<number>)` or
 * `setTimeout(resolve, <number>)` — is allowed only with its reason in a comment that says `fixed wait:` on the same
 * line or the line above (a poll's interval, a deadline raced against a promise, a time that is itself the subject).
 * And the browser tests take `waitUntil` from their helpers (5 s by default), never @open-wc/testing's (1 s).
 */

const ROOT = new URL('../../', import.meta.url);
const FILES = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'test'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && file !== 'test/unit/fixed-waits.test.ts');

/** A wait of a fixed number of milliseconds (0 is one macrotask: an order, not a time). */
const FIXED = /\bsleep\(\s*[1-9]|\bsetTimeout\(\s*(resolve|r)\s*,\s*[1-9]/;
const REASON = /\/\/.*fixed wait:/;

/** Every fixed wait without its reason, as file:line. */
export function unexplained(files: Array<[string, string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (FIXED.test(line) && !REASON.test(line) && !REASON.test(lines[i - 1] ?? '')) found.push(`${file}:${i + 1}`);
    });
  }
  return found;
}

const read = (file: string): [string, string] => [file, readFileSync(new URL(file, ROOT), 'utf8')];

describe('fixed waits in the tests', () => {
  it('finds one without a reason, and accepts one with it (the rule can fail)', () => {
    expect(unexplained([['a.test.ts', 'await sleep(100);\n']])).toEqual(['a.test.ts:1']);
    expect(unexplained([['a.test.ts', 'await new Promise((resolve) => setTimeout(resolve, 50));\n']])).toEqual([
      'a.test.ts:1',
    ]);
    expect(unexplained([['a.test.ts', '// fixed wait: the poll interval\nawait sleep(100);\n']])).toEqual([]);
    expect(unexplained([['a.test.ts', 'await new Promise((resolve) => setTimeout(resolve));\n']])).toEqual([]);
  });

  it('every fixed wait in test/ says why', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(unexplained(FILES.map(read))).toEqual([]);
  });

  it("the browser tests' waitUntil is the project's (5 s), not @open-wc/testing's (1 s)", () => {
    const direct = FILES.filter((file) => file !== 'test/support/wait.ts')
      .map(read)
      .filter(([, text]) => /import\s*{[^}]*\bwaitUntil\b[^}]*}\s*from\s*'@open-wc\/testing'/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });
});
