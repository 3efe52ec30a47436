// Lint: typescript-eslint's recommended rules (without type information, to stay fast) and the
// React hooks rules. The type checker (npm run typecheck) covers the rest.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { serverLayers } from './eslint.server-layers.js';

// The web app and its machines see the server only through the API contract (@canopy/contract:
// schemas and types, no server code), never a server module.
const SERVER_CODE = ['@server/*', '**/server/src/**', '**/server/test/**'];
// One way to reach the engine and the contract from outside them: by package name (ADR 20).
const BY_PACKAGE_NAME = [
  { regex: '^(\\.\\./)+(engine|contract/src)/', message: 'Import @canopy/engine/… or @canopy/contract/… by name.' },
  { group: ['@engine/*'], message: 'Import @canopy/engine/… by name.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'docs/', 'server/drizzle/', '.data/', 'tests/e2e/artifacts/', 'scratch/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: BY_PACKAGE_NAME }],
    },
  },
  {
    // Machines must stay free of React, the HTTP client and three.js (ARCHITECTURE.md §1).
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'ofetch', 'three'],
          patterns: [{ group: ['@react-three/*', '../src/*', '../../src/*', '@src/*', ...SERVER_CODE] }, ...BY_PACKAGE_NAME],
        },
      ],
    },
  },
  {
    // Views and their services: no server module (ADR 20: the contract is the only shared code).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: SERVER_CODE, message: 'Import the API contract from @canopy/contract, not server code.' }, ...BY_PACKAGE_NAME] },
      ],
    },
  },
  {
    // Views render and send events; the modules that call the API client live in src/services/
    // (bound to machines with .provide), so a screen never fetches (ADR 22).
    // Types from src/api are fine; tests may drive the client directly.
    files: ['src/screens/**/*.{ts,tsx}'],
    ignores: ['src/screens/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: SERVER_CODE, message: 'Import the API contract from @canopy/contract, not server code.' },
            {
              group: ['**/api/*', '@src/api/*'],
              allowTypeImports: true,
              message: 'Screens do not call the API client: put the call in src/services/ and bind it to the machine.',
            },
            ...BY_PACKAGE_NAME,
          ],
        },
      ],
    },
  },
  {
    // The contract is a package of schemas and types: nothing from the server, the app or the machines.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...SERVER_CODE, '@src/*', '@machines/*', '../../src/*', '../../machines/*'] }, ...BY_PACKAGE_NAME] },
      ],
    },
  },
  {
    // The engine is pure: no I/O, no React, no server code.
    files: ['engine/**/*.ts'],
    ignores: ['engine/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'ofetch', 'node:fs', 'fs', 'node:http', 'pg'],
          patterns: ['@server/*', '@src/*', '@machines/*', '@canopy/contract/*', '**/server/**', '**/contract/**'],
        },
      ],
    },
  },
  // The server's layers and contexts, one way (ADR 28).
  serverLayers,
);
