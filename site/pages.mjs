/**
 * The site's pages from SOURCES: each Markdown file's URL, title and text, its relative links rewritten to the
 * site's URLs (a link to a file that is not a page becomes its text: the site carries pages, not the sources).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SOURCES } from './sources.mjs';

/** The files a glob names: a path, or a folder's `*.md`. */
function filesOf(root, glob) {
  if (!glob.includes('*')) return [glob];
  const dir = path.posix.dirname(glob);
  const pattern = new RegExp(`^${path.posix.basename(glob).replace('.', '\\.').replace('*', '[^/]*')}$`);
  return readdirSync(path.join(root, dir))
    .filter((name) => pattern.test(name))
    .sort((a, b) => (a === 'README.md' ? -1 : b === 'README.md' ? 1 : a.localeCompare(b)))
    .map((name) => `${dir}/${name}`);
}

/** `docs/providers/persona.md` → `/providers/persona/`; a README is its folder's page; the root README is `/`. */
export function urlOf(file) {
  const bare = file.replace(/^docs\//, '').replace(/\.md$/, '');
  const parts = bare.split('/');
  if (parts.at(-1) === 'README') parts.pop();
  return `/${parts.map((part) => part.toLowerCase()).join('/')}${parts.length ? '/' : ''}`;
}

/** Outside fenced code and code spans, `](target)` → the site's URL for it, or its text when it is no page. */
function rewriteLinks(markdown, file, urls) {
  return markdown.replace(
    /(^```[\s\S]*?^```|`[^`\n]*`)|(!?)\[([^\]]*)\]\(([^)\s]+)\)/gm,
    (whole, code, bang, text, target) => {
      if (code) return whole;
      if (/^([a-z][a-z0-9+.-]*:|#)/i.test(target)) return whole;
      const [pathPart, anchor] = target.split('#');
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)).replace(/\/$/, '');
      if (bang && resolved.startsWith('docs/screenshots/')) return `![${text}](/${resolved.slice(5)})`;
      const page = urls.get(resolved) ?? urls.get(`${resolved}/README.md`);
      if (page) return `${bang}[${text}](${page}${anchor ? `#${anchor}` : ''})`;
      return bang ? '' : text;
    },
  );
}

/** @returns {{ file: string, url: string, title: string, section: string, markdown: string }[]} */
export function sitePages(root) {
  const listed = SOURCES.flatMap(({ glob, section }) => filesOf(root, glob).map((file) => ({ file, section })));
  const urls = new Map(listed.map(({ file }) => [file, urlOf(file)]));
  return listed.map(({ file, section }) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const title = (/^# (.+)$/m.exec(text)?.[1] ?? file).replace(/`/g, '');
    return { file, url: urls.get(file), title, section, markdown: rewriteLinks(text, file, urls) };
  });
}
