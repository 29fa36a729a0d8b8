import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/, as docs/architecture.md draws them: each folder is one layer (and one chunk), and every import
 * (static, dynamic or type-only) points to the same folder or to a lower layer. Two folders on one level may not
 * import each other. Nothing in a cycle of static imports, even inside a folder.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Lowest first. `.` is the entries (index.ts, define.ts, the framework bindings). */
export const LAYERS: ReadonlyArray<readonly string[]> = [
  ['frame'],
  ['providers'],
  ['protocols'],
  ['sdk'],
  ['flow'],
  ['session'],
  ['element'],
  ['i18n', 'styles'],
  ['ui', 'modal'],
  ['runtime'],
  ['.'],
  ['server'],
];

const RANK = new Map(LAYERS.flatMap((folders, rank) => folders.map((folder) => [folder, rank] as const)));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, out);
    else if (/\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

/** The folder right under src/ (its layer), `.` for the entries. */
const folderOf = (file: string) => {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel.length > 1 ? rel[0] : '.';
};

interface Edge {
  from: string;
  to: string;
  kind: 'static' | 'type' | 'dynamic';
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec.split('?')[0]);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

export function importGraph(): { files: string[]; edges: Edge[] } {
  const files = sources(SRC);
  const edges: Edge[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const patterns: Array<[RegExp, (m: RegExpExecArray) => Edge['kind']]> = [
      [/^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm, (m) => (m[2] ? 'type' : 'static')],
      [/^\s*import\s+'([^']+)'/gm, () => 'static'],
      [/\bimport\(\s*'([^']+)'\s*\)/g, () => 'dynamic'],
    ];
    for (const [pattern, kind] of patterns) {
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        const spec = m[m.length - 1];
        if (!spec.startsWith('.')) continue;
        const to = resolve(file, spec);
        if (!to) throw new Error(`${path.relative(SRC, file)}: cannot resolve ${spec}`);
        if (/\.tsx?$/.test(to)) edges.push({ from: file, to, kind: kind(m) });
      }
    }
  }
  return { files, edges };
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map(files.map((file) => [file, [] as string[]]));
  for (const edge of edges) next.get(edge.from)!.push(edge.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(path.relative(SRC, member));
      } while (member !== file);
      if (component.length > 1 || next.get(file)!.includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('the layers of src/', () => {
  const { files, edges } = importGraph();

  it('every folder has a layer', () => {
    const unknown = [...new Set(files.map(folderOf))].filter((folder) => !RANK.has(folder));
    expect(unknown).toEqual([]);
  });

  it('no import points up, or across to another folder of the same level', () => {
    const wrong = edges
      .filter(({ from, to }) => {
        const [a, b] = [folderOf(from), folderOf(to)];
        return a !== b && RANK.get(b)! >= RANK.get(a)!;
      })
      .map(({ from, to, kind }) => `${path.relative(SRC, from)} → ${path.relative(SRC, to)} (${kind})`);
    expect(wrong).toEqual([]);
  });

  it('no cycle of static imports (type-only imports included)', () => {
    const statics = edges.filter((edge) => edge.kind !== 'dynamic');
    expect(cycles(files, statics)).toEqual([]);
  });

  it('the browser code never imports the server half', () => {
    const leaks = edges.filter(({ from, to }) => folderOf(from) !== 'server' && folderOf(to) === 'server');
    expect(leaks).toEqual([]);
  });
});
