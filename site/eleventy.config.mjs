/**
 * `npm run docs`: the documentation site, built with Eleventy (the generator of lit.dev, Shoelace's and Web
 * Awesome's docs and open-wc's: plain HTML out, no client framework, Markdown through markdown-it). Every page is a
 * virtual template: the repository's Markdown (sources.mjs) and the two generated API pages (api.mjs), in one
 * layout. Options come from scripts/docs.mjs through `KYC_DOCS_*` variables.
 */
import { elementApi, serverApi } from './api.mjs';
import { sitePages } from './pages.mjs';

const root = process.cwd();
/** The CLI sandbox's default origin, which the docs' live examples are written for. */
const CLI_SANDBOX = 'http://localhost:5174';

/** GitHub's heading ids: lower case, spaces to dashes, punctuation out; repeats get -1, -2. */
function slug(text, taken) {
  const base = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  let id = base;
  for (let n = 1; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

export default function (config) {
  const sandboxOrigin = process.env.KYC_DOCS_SANDBOX ?? CLI_SANDBOX;
  const pages = [
    ...sitePages(root),
    {
      file: 'dist/custom-elements.json',
      url: '/api/element/',
      title: 'Element API',
      section: 'Reference',
      markdown: elementApi(root),
    },
    {
      file: 'src/server/index.ts',
      url: '/api/server/',
      title: 'Server API',
      section: 'Reference',
      markdown: serverApi(root),
    },
  ];
  const nav = pages.map(({ url, title, section }) => ({ url, title, section }));
  for (const page of pages)
    config.addTemplate(`pages${page.url}index.md`, page.markdown, {
      layout: 'layout.11ty.js',
      permalink: `${page.url}index.html`,
      title: page.title,
      source: page.file,
      nav,
    });
  config.amendLibrary('md', (md) => {
    md.set({ html: true });
    md.core.ruler.push('kyc_heading_ids', (state) => {
      const taken = new Set();
      state.tokens.forEach((token, i) => {
        if (token.type !== 'heading_open') return;
        token.attrSet('id', slug(state.tokens[i + 1].children.map((child) => child.content).join(''), taken));
      });
    });
    // A table's blank header cell (a row-label column) still needs a name for assistive technology.
    md.core.ruler.push('kyc_blank_headers', (state) => {
      state.tokens.forEach((token, i) => {
        const inline = state.tokens[i + 1];
        if (token.type !== 'th_open' || inline?.type !== 'inline' || inline.content.trim() !== '') return;
        const label = new state.Token('html_inline', '', 0);
        label.content = '<span class="visually-hidden">(no heading)</span>';
        inline.children = [label];
      });
    });
    // Code blocks and wide tables scroll sideways: focusable, so that a keyboard can scroll them.
    md.renderer.rules.table_open = (tokens, i, options, env, self) => {
      tokens[i].attrSet('tabindex', '0');
      return self.renderToken(tokens, i, options);
    };
    const plainFence = md.renderer.rules.fence;
    md.renderer.rules.fence = (...args) => plainFence(...args).replace(/^<pre>/, '<pre tabindex="0">');
    // ```html live: the code as written (for the CLI's sandbox, http://localhost:5174), then the same markup running in
    // the page against the sandbox the site was built for.
    const fence = md.renderer.rules.fence;
    md.renderer.rules.fence = (tokens, i, ...rest) => {
      const token = tokens[i];
      if (token.info.trim() !== 'html live') return fence(tokens, i, ...rest);
      token.info = 'html';
      const live = token.content.replaceAll(CLI_SANDBOX, sandboxOrigin);
      return `<figure class="live-example">${fence(tokens, i, ...rest)}<figcaption>Live, against the sandbox (<code>npx kyc-widget sandbox</code>):</figcaption>${live}</figure>`;
    };
  });
  config.addPassthroughCopy({
    'site/assets': 'assets',
    'docs/screenshots': 'screenshots',
    dist: 'dist',
    'sandbox/catalog.mjs': 'assets/catalog.mjs',
  });
  config.setTemplateFormats(['md', '11ty.js']);
  return {
    dir: { input: 'site', output: process.env.KYC_DOCS_OUT ?? '_site' },
    markdownTemplateEngine: false,
  };
}
