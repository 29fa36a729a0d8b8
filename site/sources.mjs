/**
 * What the documentation site is made of: the repository's Markdown, one entry per group. The provider pages are
 * one glob: when they move into each provider's folder (`src/providers/<id>/README.md`), this entry changes and
 * nothing else.
 */
export const SOURCES = [
  { glob: 'README.md', section: 'Guide' },
  { glob: 'docs/element.md', section: 'Guide' },
  { glob: 'docs/loop.md', section: 'Guide' },
  { glob: 'docs/embedding.md', section: 'Guide' },
  { glob: 'docs/server.md', section: 'Guide' },
  { glob: 'docs/webhooks.md', section: 'Guide' },
  { glob: 'SECURITY.md', section: 'Guide' },
  { glob: 'docs/protocol.md', section: 'Guide' },
  { glob: 'docs/architecture.md', section: 'Project' },
  { glob: 'docs/testing.md', section: 'Project' },
  { glob: 'docs/providers/*.md', section: 'Providers' },
];
