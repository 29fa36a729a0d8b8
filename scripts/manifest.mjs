// Generates dist/custom-elements.json (schema 2.1.0) from the element's own sources — never by hand:
// attributes/properties from the input table (src/element/attributes.ts), events, slots, parts and
// custom properties from the element's JSDoc tags (src/element/kyc-widget.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const ELEMENT = 'src/element/kyc-widget.ts';

function typeText(kind) {
  if (Array.isArray(kind)) return kind.map((v) => JSON.stringify(v)).join(' | ');
  return { string: 'string', boolean: 'boolean', number: 'number', json: 'Record<string, unknown>' }[kind];
}

/** `/** text *\/ name:` pairs from the `Inputs` interface in src/element/attributes.ts. */
function inputDocs() {
  const source = readFileSync(new URL('../src/element/attributes.ts', import.meta.url), 'utf8');
  const body = /export interface Inputs \{([\s\S]*?)\n\}/.exec(source)[1];
  const docs = new Map();
  for (const [, text, name] of body.matchAll(/\/\*\*\s*([\s\S]*?)\s*\*\/\s*(\w+):/g)) docs.set(name, text.replace(/\s*\(Internally:.*?\)/, ''));
  return docs;
}

function jsdocTags(source, tag) {
  const out = [];
  const re = new RegExp(`@${tag}\\s+(\\S+)\\s+-\\s+(.+)`, 'g');
  for (const [, name, description] of source.matchAll(re)) out.push({ name, description: description.trim() });
  return out;
}

export async function buildManifest() {
  const server = await createServer({ root, configFile: false, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false } });
  try {
    const { INPUTS } = await server.ssrLoadModule('/src/element/attributes.ts');
    const { EVENT_NAMES } = await server.ssrLoadModule('/src/element/events.ts');
    const source = readFileSync(new URL(`../${ELEMENT}`, import.meta.url), 'utf8');
    const fires = new Map(jsdocTags(source, 'fires').map((e) => [e.name, e.description]));
    for (const name of EVENT_NAMES) if (!fires.has(name)) throw new Error(`${ELEMENT}: no @fires tag for ${name}`);
    const summary = /@summary\s+(.+)/.exec(source)?.[1].trim();

    const docs = inputDocs();
    for (const row of INPUTS) if (!docs.has(row.property)) throw new Error(`attributes.ts: no JSDoc on Inputs.${row.property}`);
    const attributes = INPUTS.map((row) => ({
      name: row.attribute,
      fieldName: row.property,
      type: { text: typeText(row.kind) },
      ...(row.default !== undefined ? { default: JSON.stringify(row.default) } : {}),
      description: docs.get(row.property),
    }));
    const fields = INPUTS.map((row) => ({
      kind: 'field',
      name: row.property,
      privacy: 'public',
      type: { text: typeText(row.kind) + (row.default === undefined ? ' | undefined' : '') },
      ...(row.default !== undefined ? { default: JSON.stringify(row.default) } : {}),
      description: docs.get(row.property),
      attribute: row.attribute,
      ...(row.property === 'open' ? { reflects: true } : {}),
    }));
    const readonly = [
      ['state', "'idle' | 'loading' | 'ready' | 'in-progress' | 'submitted' | 'complete' | 'cancelled' | 'error'", 'The current state of the flow.'],
      ['sessionId', 'string | undefined', "The provider's session or inquiry id, once known."],
      ['lastError', 'KycErrorDetail | null', 'The detail of the last kyc-error, or null.'],
    ].map(([name, text, description]) => ({ kind: 'field', name, privacy: 'public', readonly: true, type: { text }, description }));
    const methods = [
      ['start', 'Begins the flow, or restarts it from the beginning. In modal mode it also opens the dialog.'],
      ['retry', 'Starts a new attempt after a recoverable error or a cancel.'],
      ['cancel', 'Ends the running flow as the person leaving would (fires kyc-cancel).'],
    ].map(([name, description]) => ({ kind: 'method', name, privacy: 'public', return: { type: { text: 'void' } }, description }));

    return {
      schemaVersion: '2.1.0',
      readme: 'README.md',
      modules: [
        {
          kind: 'javascript-module',
          path: ELEMENT,
          declarations: [
            {
              kind: 'class',
              name: 'KycWidgetElement',
              tagName: 'kyc-widget',
              customElement: true,
              summary,
              description: 'An identity-verification step in one tag: the provider flow in a guarded iframe, reported as DOM events.',
              superclass: { name: 'HTMLElement' },
              attributes,
              members: [...fields, ...readonly, ...methods],
              events: EVENT_NAMES.map((name) => ({ name, type: { text: `CustomEvent<KycEventDetails['${name}']>` }, description: fires.get(name) })),
              slots: jsdocTags(source, 'slot'),
              cssParts: jsdocTags(source, 'csspart'),
              cssProperties: jsdocTags(source, 'cssprop'),
            },
          ],
          exports: [{ kind: 'custom-element-definition', name: 'kyc-widget', declaration: { name: 'KycWidgetElement', module: ELEMENT } }],
        },
        {
          kind: 'javascript-module',
          path: 'src/index.ts',
          declarations: [{ kind: 'function', name: 'defineKycWidget', parameters: [{ name: 'tagName', default: "'kyc-widget'", type: { text: 'string' } }], description: 'Defines the element (no side effect on import); a second call does not throw.' }],
          exports: [{ kind: 'js', name: 'defineKycWidget', declaration: { name: 'defineKycWidget', module: 'src/index.ts' } }],
        },
      ],
    };
  } finally {
    await server.close();
  }
}

export async function writeManifest() {
  const manifest = await buildManifest();
  mkdirSync(new URL('../dist', import.meta.url), { recursive: true });
  writeFileSync(new URL('../dist/custom-elements.json', import.meta.url), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await writeManifest();
