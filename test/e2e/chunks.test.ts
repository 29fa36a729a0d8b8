import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * Folder = chunk: the standalone build, made here in memory, puts each folder of src/ in one chunk, as
 * docs/architecture.md draws them. A module that moves to another chunk (a runtime file imported by the element,
 * say, which Rollup would then carry into the first chunk) fails this test.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The chunk each folder's modules belong to: the first chunk, the runtime, or a lazy one of their own. */
const CHUNK_OF: Array<[RegExp, string]> = [
  [/^(index|define)\.ts$/, 'kyc-widget'],
  [/^(element|frame|providers|session)\//, 'kyc-widget'],
  [/^(flow|protocols|runtime|styles)\//, 'runtime'],
  [/^i18n\/(index|types)\.ts$/, 'runtime'],
  [/^i18n\/locales\/([\w-]+)\.ts$/, '$1'],
  [/^modal\//, 'modal'],
  [/^ui\//, 'screens-element'],
  // The SDK adapters: fetched only when a provider delivered as the vendor's script runs (runtime/sdk-attempt.ts).
  [/^sdk\//, 'sdk'],
];

function expected(module: string): string | undefined {
  for (const [pattern, chunk] of CHUNK_OF) {
    const match = pattern.exec(module);
    if (match) return chunk.replace('$1', match[1] ?? '');
  }
  return undefined;
}

describe('folder = chunk', () => {
  it('each module of src/ is in the chunk of its folder', async () => {
    const placed: Array<[string, string]> = [];
    const record = {
      name: 'kyc:record-chunks',
      generateBundle(_: unknown, bundle: Rollup.OutputBundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const name = chunk.fileName.replace(/^chunks\//, '').replace(/(-[\w-]{8})?\.js$/, '');
          for (const id of Object.keys(chunk.modules)) {
            const module = id.split('/src/')[1]?.replace(/\?.*$/, '');
            if (module && chunk.modules[id].renderedLength > 0) placed.push([module, name]);
          }
        }
      },
    };
    await build({ root, mode: 'standalone', logLevel: 'silent', plugins: [record], build: { write: false } });
    expect(placed.length).toBeGreaterThan(60);
    const wrong = placed.filter(([module, chunk]) => expected(module) !== chunk).map(([m, c]) => `${m} in ${c}`);
    expect(wrong).toEqual([]);
  }, 180_000);
});
