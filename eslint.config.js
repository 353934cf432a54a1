// ESLint over skillc's own TypeScript (`npm run lint:ts`; CI runs it before the tests).
//
// typescript-eslint's recommended set, type-aware (about a minute on 2 busy cores): the type
// checker catches what syntax cannot, e.g. promises left floating in a CLI that must exit with
// the right code, or a method passed around without its `this`. The type information comes
// from TypeScript 6's API (the `typescript` package; tsc itself is TypeScript 7, installed
// as `@typescript/native`, which has no JS API yet) over the project's own tsconfig.json.
// Choices, each for a reason rather than to silence a count (CONTRIBUTING.md):
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

/** typescript-eslint's no-unsafe-* family, off where values are `any` by nature (see each use). */
const NO_UNSAFE_OFF = {
  '@typescript-eslint/no-unsafe-assignment': 'off',
  '@typescript-eslint/no-unsafe-member-access': 'off',
  '@typescript-eslint/no-unsafe-call': 'off',
  '@typescript-eslint/no-unsafe-return': 'off',
  '@typescript-eslint/no-unsafe-argument': 'off',
};

export default tseslint.config(
  {
    // Generated or third-party code, fixtures that are skills' files, and plain JS scripts.
    ignores: ['dist/', 'generated/', 'node_modules/', 'bench/', 'test/fixtures/', 'docs/examples/', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // tsconfig's verbatimModuleSyntax already demands `import type` for type-only imports;
      // this keeps the one style the code uses (inline `type` in mixed imports). A lazily
      // required module is typed with `typeof import('x')`, which stays allowed.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // Zero-width characters in comments show the input a rule is about.
      'no-irregular-whitespace': ['error', { skipComments: true }],
      // Every CLI command has one async signature, `(argv, io) => Promise<number>`, so that
      // `main` awaits each alike; many need no await of their own.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Skill text is hostile and lines run to megabytes: a regex that backtracks over a run it
    // cannot match (`/[.:]+$/` on `....a`, `(\S+=\S*\s+)*`) is a hang (issue #24). These two
    // rules find the regexes whose worst case is super-linear; a finding is rewritten (a scan,
    // an anchored or unambiguous regex), or, where the rule cannot see that nothing can fail
    // after the quantifiers, disabled on that line with the reason.
    files: ['src/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // mvdan-sh (the shell parser) ships no types: its syntax tree is `any`, walked in this one module.
    files: ['src/parse/shell.ts'],
    rules: NO_UNSAFE_OFF,
  },
  {
    // Tests read the CLI's JSON output (`JSON.parse` is `any`) and poke into it: the
    // assertions are the shape check, so the no-unsafe-* family would only ask for casts.
    files: ['test/**/*.ts'],
    rules: NO_UNSAFE_OFF,
  },
);
