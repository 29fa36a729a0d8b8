// ESLint: typescript-eslint's recommended rules, plus the type-aware ones that catch a floating promise or an
// unsafe `any` (an unchecked value from a frame or a host reaching code that trusts it).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TYPED = ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'vite.config.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'examples/.pack/',
      'examples/*/node_modules/',
      'examples/*/dist/',
      'examples/*/.angular/',
      'examples/*/.next/',
      'examples/*/next-env.d.ts',
      'examples/*/.svelte-kit/',
      'bench/.build/',
      '_site/',
      'test/types/host/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: TYPED,
    languageOptions: { parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      // Declaration merging into the platform's and React's global types (the typed event map, JSX elements).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    // A file of the widget or its server half that outgrows this is doing two jobs: split it by job.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
