// `cem analyze` (run by `npm run build`): dist/custom-elements.json, generated from the element's JSDoc
// (src/element/kyc-widget.ts) and the public entry (src/index.ts), then described as the package ships it.

const ENTRY = 'dist/lib/index.js';

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
      ];
    },
  };
}

export default {
  globs: ['src/element/kyc-widget.ts', 'src/index.ts'],
  outdir: 'dist',
  dependencies: false,
  plugins: [shippedModules()],
};
