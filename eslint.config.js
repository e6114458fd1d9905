// ESLint for the whole tree (`npm run lint`). Formatting is Prettier's (`npm run format`): no stylistic rules here, so
// the two never disagree. Import boundaries: see the blocks at the end (docs/decisions/0046).
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      '**/.test-tmp/',
      '**/test-results/',
      'bench/results/',
      'docs/screenshots/',
      '**/*.generated.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a callback's position, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `ready ? deliver(x) : queue(x)` and `a && b()` as statements are used on purpose in a few tight loops.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Tests read JSON answers and rows field by field; the assertion that follows is the check.
    files: ['**/*.test.{ts,tsx}', 'apps/server/src/test-support/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Benchmarks read Lighthouse reports and Chrome traces: large untyped JSON, read field by field.
    files: ['bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Where each part runs.
  {
    files: ['apps/server/**', 'packages/shared/**', 'bench/**', 'e2e/**', 'scripts/**', 'apps/web/scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/*.{js,ts}', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/src/**', 'apps/web/public/**'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The runner's Node.js can hold older time zone data than the browser and the server (decision 0085): a journey
    // takes the network's today from the page (networkToday), never from the runner's clock.
    files: ['e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='reportDay']",
          message: "The runner's today can be an hour off the app's: use networkToday(page).",
        },
        {
          selector:
            "CallExpression[callee.name='impactPanelPeriods'][arguments.length=0], CallExpression[callee.name='rangeBounds'][arguments.0.value=/^(ytd|last-year)$/][arguments.length<4]",
          message: "Give it the network's today from the page (networkToday); its default is the runner's clock.",
        },
      ],
    },
  },
  {
    // Browser scripts handed to page.evaluate / addInitScript run in the page.
    files: ['e2e/**', 'bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },

  // React hooks: the web app only.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A few effects copy a prop or a query's answer into local, editable state (a search box's text while the
      // address changes, a form's weights from the averages asked for, page 1 on a new month). React's render-time
      // alternative is more code for the same screens, and the app does not run the React Compiler.
      'react-hooks/set-state-in-effect': 'off',
    },
  },

  // Import boundaries (they replace features/feature-boundaries.test.ts).
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
        }),
      ],
    },
  },
  {
    // Web (decision 0046, docs/ARCHITECTURE.md): components/lib -> features -> app. A feature imports nothing from
    // another feature; a route file in app/ composes them. components/, lib/ and config/ know no feature and no route.
    files: ['apps/web/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('./apps/web/src', import.meta.url).pathname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./features/${feature}`,
              from: './features',
              except: [`./${feature}`],
              message: 'Features do not import each other: compose them in a route file under app/.',
            })),
            {
              target: ['./components', './lib', './config', './features'],
              from: './app',
              message: 'Routes (app/) import features, never the other way round.',
            },
            {
              target: ['./components', './lib', './config'],
              from: './features',
              message: 'components/, lib/ and config/ know no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app's code imports nothing from test-support/; its tests may.
    files: ['apps/web/src/**'],
    ignores: ['apps/web/src/test-support/**', 'apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/test-support/**'], message: 'Production code does not import test support.' }] },
      ],
    },
  },
  {
    // The server's production code (what the build bundles and the CLI runs) imports nothing from test-support/.
    // Tests and the suites that only tests run (security/, resilience/, cluster/, smoke/) may.
    files: ['apps/server/**'],
    ignores: [
      'apps/server/src/test-support/**',
      'apps/server/src/security/**',
      'apps/server/src/resilience/**',
      'apps/server/src/cluster/**',
      'apps/server/src/smoke/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('./apps/server', import.meta.url).pathname,
          zones: [
            {
              target: '.',
              from: './src/test-support',
              message: 'Production code does not import test support.',
            },
          ],
        },
      ],
    },
  },
  {
    // Benchmarks take their harnesses from apps/server/src/test-support/, never from tests or helpers beside feature code.
    files: ['bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.test', '**/*.test.js', '**/*.test-helper*', '**/*-test-support*'],
              message: 'Import test helpers from apps/server/src/test-support/.',
            },
          ],
        },
      ],
    },
  },
  {
    // packages/shared is used by both apps and knows neither.
    files: ['packages/shared/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: new URL('.', import.meta.url).pathname,
          zones: [
            { target: './packages/shared', from: './apps', message: 'packages/shared imports nothing from apps/.' },
          ],
        },
      ],
    },
  },
);
