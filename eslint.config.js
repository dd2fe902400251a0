import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware checks: each file is checked with the tsconfig.json nearest to it (the
    // workspaces, e2e, bench/*); the few loose TypeScript files at the root and in scripts/
    // get a default project.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', 'scripts/*.ts', 'bench/lib/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A switch over a union handles every member, or says why not in a default.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Scripts and benchmarks are command-line programs whose output is for a person.
    files: ['scripts/**', 'bench/**', 'packages/server/src/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['packages/server/src/rooms/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/media/**', '**/http/**', '**/store/**'] },
      ],
    },
  },
);
