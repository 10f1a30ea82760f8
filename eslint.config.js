// Lint: correctness (typescript-eslint, react-hooks), no import cycles, and the boundaries of the
// layout in docs/ARCHITECTURE.md: shared/ imports neither side, the server never imports the client,
// the server's lower layers never import commands or the doors, the client imports the server's types
// only, and a client feature reaches another only through its index.ts.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featureEntryOnly = {
  // first-load.ts: the few exports of a feature the app's first load needs, without the rest's code.
  group: ['@client/features/*/**', '!@client/features/*/first-load'],
  message:
    'Import another feature through its public entry, @client/features/<feature> (its index.ts), or its first-load.ts.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'no-restricted-imports': [
        'error',
        {
          name: 'date-fns',
          message:
            "Import each function from its own module, 'date-fns/<function>': the index loads all of date-fns (0.9 CPU-s per Node process).",
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Migrations are frozen and typed against Kysely<any> on purpose: they never import the app's tables.
    files: ['migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The test harness answers JSON of every shape: its helpers default a body's type to any, so a test
    // reads `res.body.results[0].id` without a cast. Everywhere else a type is written out.
    files: ['tests/support/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['shared/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*', '@client/*', '@tests/*'],
              message: 'shared/ holds pure rules used by both sides: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'migrations/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@client/*', '@tests/*'], message: 'The server never imports the client or the tests.' },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/ARCHITECTURE.md): the doors (rest, trpc) call commands and queries;
    // what lies below them never reaches up, and neither door depends on the other.
    files: ['server/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './server/services',
                './server/policies',
                './server/presenters',
                './server/processors',
                './server/queries',
              ],
              from: ['./server/commands', './server/rest', './server/trpc'],
              message: 'Services, policies, presenters, processors and queries sit below commands and the doors.',
            },
            { target: './server/rest', from: './server/trpc', message: 'The REST door does not depend on tRPC.' },
            { target: './server/trpc', from: './server/rest', message: 'The tRPC door does not depend on REST.' },
          ],
        },
      ],
    },
  },
  {
    files: ['client/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@server/*'],
              allowTypeImports: true,
              message: 'The client imports the server’s types only (import type).',
            },
            { group: ['@tests/*'], message: 'The client never imports the tests.' },
            featureEntryOnly,
          ],
        },
      ],
    },
  },
  prettier,
);
