// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      '.data/**',
      'db/migrations/**',
      'next-env.d.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-unresolved': 'off', // TypeScript resolves (and checks) imports
      'import-x/no-named-as-default-member': 'off',
      'import-x/no-named-as-default': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through lib/env.ts.',
        },
      ],
    },
  },
  {
    // Browser code: the server's configuration stays on the server.
    files: ['components/**', 'store/**', 'services/**', 'pages/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@/lib/env', message: 'Browser code reads @/lib/public-env.' }] },
      ],
    },
  },
  {
    // Primitives never reach into app state or the network.
    files: ['components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@/lib/env', message: 'Browser code reads @/lib/public-env.' }],
          patterns: [
            {
              group: ['@/store', '@/store/*', '@/services', '@/services/*'],
              message: 'components/ui must not import store or services.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where reading the environment is the point: the env module, configs, scripts and tests.
    files: [
      'lib/env.ts',
      'lib/public-env.ts',
      '*.config.*',
      '*.js',
      'instrumentation.ts',
      'scripts/**',
      'tests/**',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
