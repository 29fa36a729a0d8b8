// `cem analyze` (run by `npm run build`): dist/custom-elements.json, generated from the element's JSDoc
// (src/element/kyc-widget.ts) and the public API (src/core.ts, which every entry exports), then described as the
// package ships it.

import { readFileSync } from 'node:fs';
import { PROVIDERS } from './scripts/providers.mjs';

const ENTRY = 'dist/lib/index.js';

/** Names a type may use from the platform or TypeScript itself: referenced with the schema's `global:` package. */
const GLOBALS = new Set(['CustomEvent', 'CustomElementRegistry', 'HTMLElement', 'Event', 'Record']);

/**
 * The public names of the types the package entry exports, by their source name (`LastError as KycErrorDetail`):
 * a manifest names a type the way a host imports it.
 */
function publicTypeNames() {
  const names = new Map();
  const entry = readFileSync(new URL('src/core.ts', import.meta.url), 'utf8');
  for (const [, list] of entry.matchAll(/export (?:type )?\{([^}]*)\}/g)) {
    for (const item of list.split(',')) {
      const [source, exported = source] = item.trim().split(/\s+as\s+/);
      if (source) names.set(source, exported);
    }
  }
  return names;
}

/**
 * Every type the manifest writes gets `references` (schema: TypeReference, with its place in the text): a
 * name the package entry exports or declares → that module; a platform or TypeScript global → `global:`. An
 * internal name is replaced by its public one first. A name with nowhere to point at stops the build.
 */
function referenceTypes(manifest, declared) {
  const exported = publicTypeNames();
  const known = new Set([...declared, ...exported.values()]);
  const visit = (value) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === 'type' && child && typeof child.text === 'string') reference(child);
      else visit(child);
    }
  };
  const reference = (type) => {
    const literals = /'[^']*'|"[^"]*"/g;
    type.text = type.text.replace(/'[^']*'|"[^"]*"|\b[A-Z]\w*\b/g, (word) => exported.get(word) ?? word);
    const bare = type.text.replace(literals, (literal) => ' '.repeat(literal.length));
    const references = [];
    for (const { 0: name, index: start } of bare.matchAll(/\b[A-Z]\w*\b/g)) {
      const place = { name, start, end: start + name.length };
      if (known.has(name)) references.push({ ...place, module: ENTRY });
      else if (GLOBALS.has(name)) references.push({ ...place, package: 'global:' });
      else
        throw new Error(
          `custom-elements.json: the type "${type.text}" names ${name}, which the package does not export`,
        );
    }
    if (references.length) type.references = references;
  };
  visit(manifest.modules);
}

/** The analyzed source modules → the shipped files: the class and `defineKycWidget` from the package entry, the definition from `./define` and the standalone bundles. */
function shippedModules() {
  return {
    name: 'kyc:shipped-modules',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
      const element = declarations.find((d) => d.kind === 'class' && d.customElement);
      const define = declarations.find((d) => d.kind === 'function' && d.name === 'defineKycWidget');
      element.members = element.members.filter(
        (member) => member.privacy !== 'private' && !member.name.startsWith('#'),
      );
      for (const attribute of element.attributes) {
        const field = element.members.find((member) => member.name === attribute.fieldName);
        // An attribute's default is its value as text (a boolean attribute has none: absent); a field's is an expression.
        if (attribute.type?.text === 'boolean') delete attribute.default;
        else if (field?.default !== undefined) attribute.default = field.default.replace(/^'(.*)'$/, '$1');
      }
      const definition = (module) => ({
        kind: 'custom-element-definition',
        name: element.tagName,
        declaration: { name: element.name, module },
      });
      const js = (name) => ({ kind: 'js', name, declaration: { name, module: ENTRY } });
      referenceTypes(manifest, [element.name, define.name]);
      manifest.modules = [
        {
          kind: 'javascript-module',
          path: ENTRY,
          declarations: [element, define],
          exports: [js(element.name), js(define.name)],
        },
        {
          kind: 'javascript-module',
          path: 'dist/lib/define.js',
          declarations: [],
          exports: [definition(ENTRY), js(define.name)],
        },
        { kind: 'javascript-module', path: 'dist/kyc-widget.js', declarations: [], exports: [definition(ENTRY)] },
        { kind: 'javascript-module', path: 'dist/kyc-widget.iife.js', declarations: [], exports: [definition(ENTRY)] },
        // Each provider's entry: the same element carrying only that provider (and the generic protocol).
        ...PROVIDERS.flatMap((id) => [
          {
            kind: 'javascript-module',
            path: `dist/lib/${id}.js`,
            declarations: [],
            exports: [definition(ENTRY), js(define.name)],
          },
          {
            kind: 'javascript-module',
            path: `dist/kyc-widget-${id}.js`,
            declarations: [],
            exports: [definition(ENTRY)],
          },
          {
            kind: 'javascript-module',
            path: `dist/kyc-widget-${id}.iife.js`,
            declarations: [],
            exports: [definition(ENTRY)],
          },
        ]),
      ];
    },
  };
}

export default {
  globs: ['src/element/kyc-widget.ts', 'src/core.ts'],
  outdir: 'dist',
  dependencies: false,
  plugins: [shippedModules()],
};
