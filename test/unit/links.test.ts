import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the repository's Markdown (README, SECURITY, docs/, examples/, bench/) reaches a file or
 * folder that exists, so a renamed source file cannot leave a page pointing nowhere. The anchor is not checked.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(path.join(root, file)));

/** `[text](target)` and `![alt](target)`, outside code spans and fenced code; a link's title is dropped. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map(([, target]) => target)
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#)/i.test(target));
}

describe('relative links in Markdown', () => {
  it('finds the pages', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'docs/architecture.md']));
  });

  for (const page of pages) {
    it(`${page}: every relative link resolves to a file or folder`, () => {
      const broken = relativeLinks(readFileSync(path.join(root, page), 'utf8')).filter((target) => {
        const file = decodeURIComponent(target.replace(/[#?].*$/, ''));
        return !existsSync(path.resolve(root, path.dirname(page), file));
      });
      expect(broken).toEqual([]);
    });
  }
});
