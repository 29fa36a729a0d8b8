/**
 * The two reference pages generated from the sources: the element's API from the Custom Elements Manifest
 * (dist/custom-elements.json, itself generated from the element's JSDoc), and kyc-widget/server's from its
 * TypeScript declarations and their doc comments (src/server/index.ts, read with the TypeScript compiler).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const cell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
const code = (text) => (text ? `\`${cell(text).replace(/`/g, "'")}\`` : '');

function table(headers, rows) {
  if (!rows.length) return '';
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** The element's API page, as Markdown. */
export function elementApi(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/custom-elements.json'), 'utf8'));
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((d) => d.customElement);
  const parts = [
    '# Element API',
    '',
    'Generated from the Custom Elements Manifest (`kyc-widget/custom-elements.json`).',
    '',
  ];
  for (const element of elements) {
    parts.push(`## \`<${element.tagName}>\``, '', cell(element.description ?? element.summary ?? ''), '');
    parts.push(
      '### Attributes',
      '',
      table(
        ['attribute', 'property', 'type', 'default', 'description'],
        (element.attributes ?? []).map((a) => [
          code(a.name),
          code(a.fieldName),
          code(a.type?.text),
          code(a.default),
          cell(a.description),
        ]),
      ),
      '',
    );
    const fields = (element.members ?? []).filter((m) => m.kind === 'field' && m.privacy !== 'private' && !m.static);
    parts.push(
      '### Properties',
      '',
      table(
        ['property', 'type', 'description'],
        fields.map((m) => [code(m.name), code(m.type?.text), cell(m.description)]),
      ),
      '',
    );
    const methods = (element.members ?? []).filter((m) => m.kind === 'method' && m.privacy !== 'private' && !m.static);
    parts.push(
      '### Methods',
      '',
      table(
        ['method', 'description'],
        methods.map((m) => [code(`${m.name}()`), cell(m.description)]),
      ),
      '',
    );
    parts.push(
      '### Events',
      '',
      table(
        ['event', 'detail', 'description'],
        (element.events ?? []).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
      ),
      '',
    );
    parts.push(
      '### Slots',
      '',
      table(
        ['slot', 'description'],
        (element.slots ?? []).map((s) => [code(s.name || '(default)'), cell(s.description)]),
      ),
      '',
    );
    parts.push(
      '### CSS parts',
      '',
      table(
        ['part', 'description'],
        (element.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
      ),
      '',
    );
    parts.push(
      '### CSS custom properties',
      '',
      table(
        ['property', 'default', 'description'],
        (element.cssProperties ?? []).map((p) => [code(p.name), code(p.default), cell(p.description)]),
      ),
      '',
    );
  }
  return parts.join('\n');
}

const KINDS = [
  [ts.SyntaxKind.FunctionDeclaration, 'function'],
  [ts.SyntaxKind.ClassDeclaration, 'class'],
  [ts.SyntaxKind.InterfaceDeclaration, 'interface'],
  [ts.SyntaxKind.TypeAliasDeclaration, 'type'],
  [ts.SyntaxKind.VariableDeclaration, 'const'],
];

/** kyc-widget/server's API page, as Markdown: every export, its signature and its doc comment. */
export function serverApi(root) {
  const entry = path.join(root, 'src/server/index.ts');
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry));
  const doc = (symbol) => ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const groups = new Map(KINDS.map(([, kind]) => [kind, []]));
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.declarations?.[0];
    const kind = KINDS.find(([syntax]) => declaration?.kind === syntax)?.[1];
    if (!kind) continue;
    const lines = [`### \`${exported.name}\``, ''];
    if (kind === 'function') {
      for (const signature of checker.getTypeOfSymbolAtLocation(symbol, declaration).getCallSignatures())
        lines.push(
          '```ts',
          `function ${exported.name}${checker.signatureToString(signature, undefined, ts.TypeFormatFlags.NoTruncation)}`,
          '```',
          '',
        );
    } else if (kind === 'interface') {
      const members = checker.getDeclaredTypeOfSymbol(symbol).getProperties();
      lines.push(
        table(
          ['member', 'type', 'description'],
          members.map((member) => [
            code(member.name),
            code(
              checker.typeToString(
                checker.getTypeOfSymbolAtLocation(member, declaration),
                undefined,
                ts.TypeFormatFlags.NoTruncation,
              ),
            ),
            cell(doc(member)),
          ]),
        ),
        '',
      );
    } else if (kind === 'type') {
      lines.push('```ts', declaration.getText().replace(/^export\s+/, ''), '```', '');
    } else if (kind === 'const') {
      lines.push(`${code(checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, declaration)))}`, '');
    }
    const text = doc(symbol);
    if (text) lines.splice(2, 0, text, '');
    groups.get(kind).push(lines.join('\n'));
  }
  const titles = {
    function: 'Functions',
    class: 'Classes',
    interface: 'Interfaces',
    type: 'Types',
    const: 'Constants',
  };
  return [
    '# Server API',
    '',
    'Every export of `kyc-widget/server`, generated from its TypeScript declarations and doc comments. The guide is [server.md](/server/).',
    '',
    ...[...groups].filter(([, items]) => items.length).flatMap(([kind, items]) => [`## ${titles[kind]}`, '', ...items]),
  ].join('\n');
}
