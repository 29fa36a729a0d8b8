// Size figures for the built dist/: raw, gzip -9 and brotli (quality 11, 16 MiB window) of every .js
// file, plus the groups the budget is about. Files are discovered by globbing dist/, never by name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAst } from 'vite';

export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
  };
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
    .sort();
}

/** Relative specifiers of a built ES module: static (import/export … from, bare import) and dynamic (import("…")). */
export function moduleSpecifiers(code) {
  const ast = parseAst(code);
  const statics = [];
  const dynamics = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ImportExpression') {
      if (node.source?.type === 'Literal' && typeof node.source.value === 'string') dynamics.push(node.source.value);
      else dynamics.push(null); // computed: not followable
    }
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && typeof value.type === 'string') visit(value);
    }
  };
  for (const node of ast.body) {
    if (
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        node.type === 'ExportNamedDeclaration') &&
      node.source
    ) {
      statics.push(node.source.value);
    }
  }
  visit(ast);
  return { statics, dynamics };
}

/** The files a browser must fetch and run before `entry` finishes evaluating: its static import closure. */
export function staticClosure(entry) {
  const seen = new Set();
  const external = new Set();
  const stack = [path.resolve(entry)];
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of moduleSpecifiers(readFileSync(file, 'utf8')).statics) {
      if (specifier.startsWith('./') || specifier.startsWith('../'))
        stack.push(path.resolve(path.dirname(file), specifier));
      else external.add(specifier);
    }
  }
  return { files: [...seen].sort(), external: [...external] };
}

export function measureSizes(distDir) {
  const rel = (file) => `dist/${path.relative(distDir, file).split(path.sep).join('/')}`;
  const files = walk(distDir).filter((file) => file.endsWith('.js'));
  const table = new Map(files.map((file) => [file, { file: rel(file), ...compressedSizes(readFileSync(file)) }]));
  const sum = (list) =>
    list.reduce(
      (total, file) => {
        const row = table.get(file) ?? { file: rel(file), ...compressedSizes(readFileSync(file)) };
        return {
          raw: total.raw + row.raw,
          gzip: total.gzip + row.gzip,
          brotli: total.brotli + row.brotli,
          files: [...total.files, row.file],
        };
      },
      { raw: 0, gzip: 0, brotli: 0, files: [] },
    );
  const first = path.join(distDir, 'kyc-widget.js');
  const esChunks = [first, ...files.filter((file) => path.dirname(file) === path.join(distDir, 'chunks'))];
  const closure = staticClosure(first);
  const dynamicTargets = new Set();
  for (const file of esChunks) {
    for (const target of moduleSpecifiers(readFileSync(file, 'utf8')).dynamics) {
      dynamicTargets.add(target === null ? '(computed)' : rel(path.resolve(path.dirname(file), target)));
    }
  }
  return {
    files: [...table.values()],
    firstChunk: sum([first]),
    allEsChunks: sum(esChunks),
    iife: sum([path.join(distDir, 'kyc-widget.iife.js')]),
    beforeFrame: { ...sum(closure.files), external: closure.external },
    dynamicImportTargets: [...dynamicTargets].sort(),
  };
}
