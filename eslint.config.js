import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const UI_PACKAGES = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', 'recharts'];
const FOLDERS = [
  'core',
  'formats',
  'providers',
  'archive',
  'share',
  'security',
  'cases',
  'state',
  'worker',
  'cli',
  'app',
  'ui',
];

/**
 * What each folder of `src` may import from the others (its CONTEXT.md says
 * why), plus packages it must not reach for. Test tooling (`testing/`) is for
 * tests only; the end-to-end suite is imported by nothing.
 */
const ALLOWED = {
  core: { folders: [], packages: [...UI_PACKAGES, 'idb-keyval', 'valibot', 'eventsource-parser', 'node:*'] },
  formats: { folders: ['core'], packages: [...UI_PACKAGES, 'idb-keyval', 'eventsource-parser'] },
  providers: { folders: ['core'], packages: [...UI_PACKAGES, 'idb-keyval', 'valibot', 'node:*'] },
  archive: { folders: ['core', 'formats', 'providers'], packages: [...UI_PACKAGES, 'idb-keyval', 'node:*'] },
  share: { folders: ['core', 'providers'], packages: [...UI_PACKAGES, 'idb-keyval', 'node:*'] },
  security: { folders: ['providers'], packages: [...UI_PACKAGES, 'node:*'] },
  cases: { folders: ['core', 'formats', 'providers'], packages: [...UI_PACKAGES, 'idb-keyval', 'node:*'] },
  worker: {
    folders: ['core', 'formats', 'providers', 'archive', 'share', 'cases'],
    packages: [...UI_PACKAGES, 'idb-keyval'],
  },
  state: {
    folders: ['core', 'formats', 'providers', 'archive', 'share', 'worker'],
    packages: ['react', 'react-dom', 'recharts'],
  },
  cli: {
    folders: ['core', 'formats', 'providers', 'archive', 'share', 'cases'],
    packages: [...UI_PACKAGES, 'idb-keyval'],
  },
  app: {
    folders: ['core', 'formats', 'providers', 'archive', 'share', 'cases', 'state', 'worker'],
    packages: ['react-dom', 'react-dom/*', 'recharts', '@tanstack/*', 'zustand', 'zustand/*'],
  },
  ui: {
    folders: [
      'core',
      'formats',
      'providers',
      'archive',
      'share',
      'security',
      'cases',
      'state',
      'worker',
      'app',
    ],
    packages: [],
  },
};

/**
 * Floors inside a folder: a part that others build on may not import what stands on it, so the
 * arrows inside the folder all point down. The presets (`src/core/harness/`) are read by the
 * settings and run by the core files beside `prepare.ts` and `analysis.ts`; an import from a
 * preset back up to them is the loop the floors exist to prevent (src/importGraph.test.ts
 * checks the same for every folder of the core, whatever the file). The page reaches the cut
 * through `analyze` and its helpers in `analysis.ts`, never `prepare.ts`, which the worker runs.
 */
const FLOORS = [
  {
    files: 'src/core/harness/**/*.{ts,tsx}',
    folder: 'core',
    above: [
      '../settings',
      '../settingsProblems',
      '../prepare',
      '../analysis',
      '../compactor',
      '../harnessOutcome',
      '../applyClearings',
      '../agentConfig',
      '../cutPoint',
      '../plan',
    ],
    message:
      'src/core/harness defines the presets: it may not import the core files that read or run them (see src/core/harness/CONTEXT.md).',
  },
  {
    files: 'src/ui/**/*.{ts,tsx}',
    folder: 'ui',
    above: ['**/core/prepare'],
    message:
      'The page reaches the cut through src/core/analysis.ts; prepare.ts is for the worker and the CLI.',
  },
];

function importRules() {
  return Object.entries(ALLOWED).flatMap(([folder, { folders, packages }]) => {
    const banned = FOLDERS.filter((f) => f !== folder && !folders.includes(f));
    const patterns = (extra) => [
      {
        group: [...banned.map((f) => `**/${f}/**`), '**/e2e/**', ...extra],
        message: `src/${folder} may import only ${folders.length ? folders.map((f) => `src/${f}`).join(', ') : 'its own files'} (see src/${folder}/CONTEXT.md).`,
      },
      ...(packages.length ? [{ group: packages, message: `src/${folder} does not use this package.` }] : []),
    ];
    // A floor's rule repeats its folder's: for one file, the last rule of a name is the one that holds.
    const floors = FLOORS.filter((f) => f.folder === folder).map(({ files, above, message }) => ({
      files: [files],
      ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.node.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...patterns(['**/testing/**']), { group: above, message }] },
        ],
      },
    }));
    return [
      {
        files: [`src/${folder}/**/*.{ts,tsx}`],
        ignores: ['**/*.test.ts', '**/*.node.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns: patterns(['**/testing/**']) }] },
      },
      ...floors,
      {
        // Tests may use the shared test tooling (the mock LLM server, generators), nothing else more.
        files: [`src/${folder}/**/*.test.ts`, `src/${folder}/**/*.node.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: patterns([]) }] },
      },
    ];
  });
}

/**
 * A spread into a call (`push(...items)`, `Math.max(...sizes)`) or `fn.apply(x, items)` puts every
 * item on the stack: past about 60,000 the engine throws "Maximum call stack size exceeded", and a
 * long session could not be opened. Product code loops instead (`appendAll`, `maxOf`, `minOf` in
 * src/core/arrays.ts); see docs/security.md, "Large files". Spreads into arrays and objects are fine.
 */
const SPREAD_INTO_CALL_MESSAGE =
  'A spread into a call puts every item on the stack and overflows it on a long transcript: use appendAll, maxOf or minOf from src/core/arrays.ts (docs/security.md, "Large files").';
const SPREAD_INTO_CALLS = [
  { selector: 'CallExpression > SpreadElement', message: SPREAD_INTO_CALL_MESSAGE },
  { selector: 'NewExpression > SpreadElement', message: SPREAD_INTO_CALL_MESSAGE },
  {
    selector: "CallExpression[callee.property.name='apply']",
    message: `Function.prototype.apply has the same limit. ${SPREAD_INTO_CALL_MESSAGE}`,
  },
];
const noSpreadIntoCalls = {
  files: ['src/**/*.{ts,tsx}'],
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-syntax': ['error', ...SPREAD_INTO_CALLS] },
};

/**
 * The React Compiler's lint (react-hooks' compiler rules) reads a file only when one of its top-level
 * statements declares a component or hook by name (`mayContainReactCode` in eslint-plugin-react-hooks
 * 7.1.1): a component written inside `memo(...)` or `forwardRef(...)`, in a file with no other, was
 * never checked. A component is declared as a function and wrapped by name, so every one is read.
 */
const WRAPPED_COMPONENT_MESSAGE =
  "The React Compiler's lint skips a component written inside memo(...) or forwardRef(...) when its file declares no other: declare it as a function and wrap it by name (export const X = memo(XComponent)).";
const WRAPPED_COMPONENTS = [
  ':matches(CallExpression[callee.name=/^(memo|forwardRef)$/], CallExpression[callee.property.name=/^(memo|forwardRef)$/]) > :function',
].map((selector) => ({ selector, message: WRAPPED_COMPONENT_MESSAGE }));
const componentsTheCompilerReads = {
  files: ['src/**/*.tsx'],
  ignores: ['**/*.test.tsx'],
  rules: { 'no-restricted-syntax': ['error', ...SPREAD_INTO_CALLS, ...WRAPPED_COMPONENTS] },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'lib',
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
  // Each src folder may import only what its CONTEXT.md says: shared code flows one way
  // (core → formats, providers → share → worker, state → app → ui), and nothing imports the UI.
  // Import cycles and imports between ui features are refused by src/importGraph.test.ts.
  ...importRules(),
  noSpreadIntoCalls,
  componentsTheCompilerReads,
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
