import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { architectureTable } from '../../src/architecture';

/**
 * docs/architecture.md shows the architecture's table as src/architecture.ts declares it (the layer and chunk tests
 * read the same rows): between its two markers, exactly `architectureTable()`.
 */
describe("docs/architecture.md's table", () => {
  it('is the one src/architecture.ts declares', () => {
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    const shown = /<!-- architecture:start -->\n([\s\S]*?)\n<!-- architecture:end -->/.exec(doc)?.[1];
    expect(shown, 'paste architectureTable() of src/architecture.ts between the markers').toBe(architectureTable());
  });
});
