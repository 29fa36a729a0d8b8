import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../scripts/providers.mjs';

/**
 * dist/custom-elements.json, as an IDE, Storybook or a framework's type generator reads it: valid against
 * the Custom Elements Manifest schema, pointing at files that ship, and naming exactly what the README fixes.
 */

const root = new URL('../../', import.meta.url);
const read = <T = Record<string, unknown>>(path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as T;
const manifest = read<{ schemaVersion: string; modules: Array<{ declarations?: Declaration[] }> }>(
  'dist/custom-elements.json',
);
const schema = read('node_modules/custom-elements-manifest/schema.json');

// Transcribed from the README (attributes, events, slots): these names are the public contract.
const CONTRACT = {
  attributes: {
    provider: 'generic',
    'session-url': undefined,
    'session-token': undefined,
    'session-endpoint': undefined,
    'decision-endpoint': undefined,
    'allowed-origins': undefined,
    options: '{}',
    mode: 'inline',
    open: undefined,
    locale: undefined,
    theme: 'auto',
    'load-timeout': '20000',
    decision: undefined,
    debug: undefined,
  } as Record<string, string | undefined>,
  events: [
    'kyc-statechange',
    'kyc-ready',
    'kyc-start',
    'kyc-progress',
    'kyc-submit',
    'kyc-complete',
    'kyc-cancel',
    'kyc-error',
    'kyc-warning',
    'kyc-decision',
    'kyc-close',
  ],
  readOnly: ['state', 'sessionId', 'lastError'],
  methods: ['start', 'retry', 'cancel'],
  slots: ['loading', 'result', 'error'],
};

interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: Array<{ name: string; fieldName?: string; default?: string; type?: { text: string } }>;
  events?: Array<{ name: string; type?: { text: string } }>;
  members?: Array<{ kind: string; name: string; readonly?: boolean; privacy?: string; static?: boolean }>;
  slots?: Array<{ name: string }>;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
}

const declarations: Declaration[] = manifest.modules.flatMap((module) => module.declarations ?? []);
const element = declarations.find((d) => d.customElement)!;
const names = (list: Array<{ name: string }> = []) => list.map((x) => x.name);

describe('custom-elements.json', () => {
  it('is valid against the Custom Elements Manifest schema', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest.schemaVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('points only at modules that ship, and attributes the definition to the define entries', () => {
    const files = read<{ files: string[] }>('package.json').files;
    for (const module of manifest.modules as Array<{
      path: string;
      exports?: Array<{ kind: string; name: string; declaration: { module?: string } }>;
    }>) {
      expect(existsSync(new URL(module.path, root)), module.path).toBe(true);
      expect(
        files.some((f) => module.path.startsWith(`${f}/`)),
        `${module.path} is in package.json files`,
      ).toBe(true);
      for (const exported of module.exports ?? []) {
        if (exported.declaration.module) expect(existsSync(new URL(exported.declaration.module, root))).toBe(true);
      }
    }
    const definitions = (manifest.modules as Array<{ path: string; exports?: Array<{ kind: string; name: string }> }>)
      .filter((m) => m.exports?.some((e) => e.kind === 'custom-element-definition' && e.name === 'kyc-widget'))
      .map((m) => m.path)
      .sort();
    expect(definitions).toEqual(
      [
        'dist/kyc-widget.iife.js',
        'dist/kyc-widget.js',
        'dist/lib/define.js',
        ...PROVIDERS.flatMap((id) => [
          `dist/kyc-widget-${id}.iife.js`,
          `dist/kyc-widget-${id}.js`,
          `dist/lib/${id}.js`,
        ]),
      ].sort(),
    );
  });

  it('describes <kyc-widget> with exactly the attributes the README lists, and their defaults as attribute text', () => {
    expect(element.tagName).toBe('kyc-widget');
    expect(element.name).toBe('KycWidgetElement');
    expect(names(element.attributes).sort()).toEqual(Object.keys(CONTRACT.attributes).sort());
    for (const attribute of element.attributes!) {
      // A manifest default is the attribute's text, not a JSON-quoted string; booleans have none.
      expect(attribute.default, attribute.name).toBe(CONTRACT.attributes[attribute.name]);
      expect(attribute.fieldName, attribute.name).toBe(
        attribute.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()),
      );
    }
    const provider = element.attributes!.find((a) => a.name === 'provider')!;
    // A type named in the manifest is one the package exports.
    expect(provider.type?.text).toBe('ProviderChoice');
    expect(readFileSync(new URL('dist/types/core.d.ts', root), 'utf8')).toMatch(/\bProviderChoice\b/);
  });

  it('declares or references every type it names (references per the schema: a module of this package, or global:)', () => {
    const declared = new Set(declarations.map((d) => d.name));
    // The package entry's types: its own, and the API every entry shares (`export * from './core.js'`).
    const typesEntry = ['index', 'core']
      .map((name) => readFileSync(new URL(`dist/types/${name}.d.ts`, root), 'utf8'))
      .join('\n');
    const exportedTypes = new Set(
      [...typesEntry.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap(([, list]) =>
        list.split(',').map((item) =>
          item
            .trim()
            .split(/\s+as\s+/)
            .at(-1)!,
        ),
      ),
    );
    const platform = new Set(['CustomEvent', 'CustomElementRegistry', 'HTMLElement', 'Event', 'Record']);
    const types: Array<{
      text: string;
      references?: Array<{ name: string; module?: string; package?: string; start?: number; end?: number }>;
    }> = [];
    JSON.stringify(manifest, (key, value: unknown) => {
      if ((key === 'type' || key === 'return') && value && typeof value === 'object' && 'text' in value)
        types.push(value as (typeof types)[number]);
      if (key === 'return' && value && typeof value === 'object' && 'type' in value)
        types.push((value as { type: (typeof types)[number] }).type);
      return value;
    });
    expect(types.length).toBeGreaterThan(20);
    const named = new Set<string>();
    for (const type of types) {
      // Names outside string literals ('kyc-complete', 'inline'): TypeScript's own keywords are lower case.
      const bare = type.text.replace(/'[^']*'|"[^"]*"/g, (literal) => ' '.repeat(literal.length));
      for (const match of bare.matchAll(/\b[A-Z]\w*\b/g)) {
        const name = match[0];
        named.add(name);
        const reference = type.references?.find(
          (r) =>
            r.name === name &&
            (r.start === undefined || (r.start === match.index && r.end === match.index + name.length)),
        );
        expect(reference, `${type.text}: ${name} at ${match.index} has a reference`).toBeDefined();
        if (reference!.package === 'global:') {
          expect(platform.has(name), `${name} is a platform or TypeScript global`).toBe(true);
          continue;
        }
        expect(reference!.package, name).toBeUndefined();
        expect(reference!.module, name).toBe('dist/lib/index.js');
        expect(
          declared.has(name) || exportedTypes.has(name),
          `${name} is declared or exported by the package entry`,
        ).toBe(true);
      }
    }
    expect([...named]).toEqual(
      expect.arrayContaining(['KycEventDetails', 'ProviderChoice', 'KycState', 'KycErrorDetail']),
    );
  });

  it('names every event, slot, read-only property and method, and no private member', () => {
    expect(names(element.events)).toEqual(CONTRACT.events);
    for (const event of element.events!) expect(event.type?.text, event.name).toMatch(/^CustomEvent<.+>$/);
    expect(names(element.slots)).toEqual(CONTRACT.slots);
    const members = element.members!;
    for (const name of CONTRACT.readOnly) expect(members.find((m) => m.name === name)?.readonly, name).toBe(true);
    for (const name of CONTRACT.methods) expect(members.find((m) => m.name === name)?.kind, name).toBe('method');
    for (const member of members) {
      expect(member.privacy ?? 'public', member.name).toBe('public');
      expect(member.name.startsWith('#') || member.name.startsWith('_'), member.name).toBe(false);
    }
  });

  it('lists the parts and custom properties the shadow root really uses', () => {
    const source = (dir: string) =>
      readdirSync(new URL(dir, root))
        .filter((f) => /\.(tsx?|css)$/.test(f))
        .map((f) => readFileSync(new URL(`${dir}/${f}`, root), 'utf8'))
        .join('\n');
    const folders = ['src/ui', 'src/element', 'src/frame', 'src/runtime', 'src/modal', 'src/styles'];
    const code = folders.map(source).join('\n');
    const css = ['src/ui', 'src/styles', 'src/modal'].map(source).join('\n');
    expect(names(element.cssParts)).toEqual(
      expect.arrayContaining(['frame', 'status', 'button', 'retry-button', 'result', 'error', 'dialog']),
    );
    for (const part of names(element.cssParts))
      expect(code, part).toMatch(new RegExp(`(part[=:,(]|'part', )[^\\n]*\\b${part}\\b|'${part}'\\);?$`, 'm'));
    for (const property of names(element.cssProperties)) expect(css, property).toContain(`var(${property}`);
    expect(names(element.cssProperties)).toEqual(
      expect.arrayContaining(['--kyc-frame-height', '--kyc-radius', '--kyc-font', '--kyc-color-accent']),
    );
  });
});
