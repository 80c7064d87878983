import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      'apps/server/drizzle/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // core is a leaf: it must never reach into the apps.
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mergeboard/server*', '@mergeboard/web*', '**/apps/**'],
              message: 'core is a leaf package',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features talk to each other only through their public index.ts (ARCHITECTURE §2).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features/[^/]+/(?!index$).+',
              message: 'Import another feature through its public index.ts, not its internals.',
            },
            { group: ['@mergeboard/server*'], message: 'The web app talks to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    // Code flows one way: shared (lib, ui, config) → features → app (STYLE.md).
    files: ['apps/web/src/{lib,ui,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)/',
              message: 'Shared code must not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features/[^/]+/(?!index$).+',
              message: 'Import another feature through its public index.ts, not its internals.',
            },
            { group: ['@mergeboard/web*'], message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
);
