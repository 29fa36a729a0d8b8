import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE, chunkOf, roleOf } from '../../src/architecture';

/**
 * The architecture of src/ (src/architecture.ts: each file's role, and what each role may import) against every import
 * of src/ (static, dynamic and type-only). Nothing in a cycle of static imports, even inside a folder.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, out);
    else if (/\.tsx?$/.test(name)) out.push(file);
  }
  return out;
}

/** A file's path under src/, with `/` separators (as src/architecture.ts matches it). */
const under = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const providerOf = (file: string) => /^providers\/([\w-]+)\//.exec(under(file))?.[1];

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
function cycles(files: string[], edges: Edge[], name: (file: string) => string): string[][] {
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
        component.push(name(member));
      } while (member !== file);
      if (component.length > 1 || next.get(file)!.includes(file)) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('the architecture of src/ (src/architecture.ts)', () => {
  const { files, edges } = importGraph();
  const role = (file: string) => roleOf(under(file))?.role;

  it('every file has a role, and every role has files', () => {
    expect(files.map(under).filter((file) => file !== 'architecture.ts' && !roleOf(file))).toEqual([]);
    const used = new Set(files.map(role));
    expect(ARCHITECTURE.map((row) => row.role).filter((name) => !used.has(name))).toEqual([]);
  });

  it('every import is one its role may make: values from the roles it uses, types also from the roles it reads', () => {
    const rows = new Map(ARCHITECTURE.map((row) => [row.role, row]));
    const wrong = edges
      .filter(({ from, to, kind }) => {
        const [a, b] = [role(from)!, role(to)!];
        if (a === b) return false;
        const row = rows.get(a)!;
        return !(row.uses.includes(b) || (kind === 'type' && row.types?.includes(b)));
      })
      .map(({ from, to, kind }) => `${under(from)} → ${under(to)} (${kind}: ${role(from)} → ${role(to)})`);
    expect(wrong).toEqual([]);
  });

  it("a provider's folder imports nothing of another provider's", () => {
    const wrong = edges
      .filter(({ from, to }) => providerOf(from) && providerOf(to) && providerOf(from) !== providerOf(to))
      .map(({ from, to }) => `${under(from)} → ${under(to)}`);
    expect(wrong).toEqual([]);
  });

  it('the roles use one another one way: no cycle of `uses`', () => {
    const { edges: roleEdges } = {
      edges: ARCHITECTURE.flatMap((row) => row.uses.map((to) => ({ from: row.role, to, kind: 'static' as const }))),
    };
    expect(
      cycles(
        ARCHITECTURE.map((row) => row.role),
        roleEdges,
        (name) => name,
      ),
    ).toEqual([]);
  });

  it('no cycle of static imports (type-only imports included)', () => {
    const statics = edges.filter((edge) => edge.kind !== 'dynamic');
    expect(cycles(files, statics, under)).toEqual([]);
  });

  it('the browser code never imports the server half', () => {
    const server = (file: string) => chunkOf(under(file)) === 'server';
    const leaks = edges.filter(({ from, to }) => !server(from) && server(to));
    expect(leaks).toEqual([]);
  });
});
