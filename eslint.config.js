import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench-results',
      '.cache',
      // Made-up programs the sample sessions work on: data, copied byte for byte into the transcripts.
      'scripts/samples/*/project',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The core runs in Node, tests and the worker: it must not reach for the DOM or React.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'zustand', '**/ui/**', '**/worker/**', '**/state/**'] },
      ],
    },
  },
  {
    // Test tooling shared by the end-to-end tests, benchmarks and scripts: it imports none of them.
    files: ['testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/bench/**', '**/scripts/**', '**/e2e/**'] }],
    },
  },
  {
    // Benchmarks and maintainer scripts share code only through testing/ and src/.
    files: ['bench/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/scripts/**', '**/e2e/**'] }] },
  },
  {
    files: ['scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/bench/**', '**/e2e/**'] }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.node } },
  },
);
