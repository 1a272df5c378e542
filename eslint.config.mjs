// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Import fences between the browser and the server.
//
// Browser code (pages/** but pages/api/**, components/**, store/**, services/**) never imports the
// server (server/**) or the database (db/**); the server (server/**, db/**) never imports browser
// code (components/**, store/**, services/**, pages/**). Two rules hold each fence:
// - no-restricted-imports catches the `@/…` spelling by name, even when the file does not exist;
// - import-x/no-restricted-paths resolves every import (relative ones like `../../server/app`
//   included) and checks where it lands, so `./services/…` inside server/ stays allowed while an
//   escape into the top-level services/ does not.
//
// The one exception: files in pages/** may import @/server/ssr/**. Those are server-side loaders
// used only inside getServerSideProps, which Next strips (with its imports) from the browser
// bundle, so they never reach the browser. Nothing else under server/ may be imported by a page.
// ---------------------------------------------------------------------------------------------
const ENV_IN_BROWSER = { name: '@/lib/env', message: 'Browser code reads @/lib/public-env.' };
const SERVER_FROM_BROWSER =
  'Browser code never imports the server or the database; call the API through services/.';
const BROWSER_FROM_SERVER =
  'The server never imports browser code (components, store, services, pages, page-state); share through lib/.';
const NO_SERVER_IN_BROWSER = {
  group: ['@/server', '@/db'], // each also covers everything beneath it
  message: SERVER_FROM_BROWSER,
};
const NO_SERVER_IN_PAGES = [
  { group: ['@/db'], message: SERVER_FROM_BROWSER },
  {
    // @/server and anything under it but @/server/ssr/**.
    regex: '^@/server(?!/ssr(/|$))(/|$)',
    message: `${SERVER_FROM_BROWSER} Pages may import only @/server/ssr/** (getServerSideProps loaders).`,
  },
];
const BROWSER_FILES = ['pages/**', 'components/**', 'store/**', 'services/**'];
const BROWSER_IGNORES = ['pages/api/**'];

// ---------------------------------------------------------------------------------------------
// The layers (docs/architecture.md "Layers and the rules between them"), lowest first:
//
//   types < lib < store < services < components < pages     the browser's side
//   types < lib < db < server < server/ssr < page-state < pages   the server's side
//
// A folder imports only folders below it on its side; `page-state/` (the glue that renders a
// signed-in page's store on the server) is the one place where both sides meet, and only pages
// import it. import-x/no-restricted-paths resolves each import (`@/…` and relative ones) and
// checks where it lands; a zone lists, for the files of `target`, the folders they may not import.
// ---------------------------------------------------------------------------------------------
const PAGES = ['./pages/*.{ts,tsx}', './pages/!(api)/**']; // pages/api/** is the API's door
const layer = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except && { except }),
});
// The marketplace's screens (components/marketplace/), lowest first: shared < applications,
// board, browse, editor < posting. A part imports only the parts below it, never a sibling.
const MARKET = './components/marketplace';
const MARKET_PARTS = ['shared', 'applications', 'board', 'browse', 'editor', 'posting'];
const MARKET_BELOW = {
  shared: [],
  applications: ['shared'],
  board: ['shared'],
  browse: ['shared'],
  editor: ['shared'],
  posting: ['shared', 'applications', 'board'],
};
const MARKET_ZONES = MARKET_PARTS.map((part) =>
  layer(
    `${MARKET}/${part}`,
    MARKET_PARTS.filter((p) => p !== part && !MARKET_BELOW[part].includes(p)).map(
      (p) => `${MARKET}/${p}`,
    ),
    `components/marketplace/${part} imports only ${MARKET_BELOW[part].join(', ') || 'no other part'} of the marketplace (docs/architecture.md "Layers and the rules between them").`,
  ),
);

const LAYER_ZONES = [
  layer(
    './types',
    [
      './lib',
      './db',
      './server',
      './store',
      './services',
      './page-state',
      './components',
      './pages',
    ],
    'types/ is the lowest layer: it imports no other folder of the app.',
  ),
  layer(
    './lib',
    ['./db', './server', './store', './services', './page-state', './components', './pages'],
    'lib/ is shared by both sides: it imports only types/ (page-state/ holds page glue).',
  ),
  layer(
    './db',
    ['./server', './store', './services', './page-state', './components', './pages'],
    'db/ imports only lib/ and types/.',
  ),
  layer(
    './server',
    ['./store', './services', './page-state', './components', './pages'],
    BROWSER_FROM_SERVER,
  ),
  layer(
    './store',
    ['./services', './page-state', './components', './pages', './server', './db'],
    'store/ imports only lib/ and types/.',
  ),
  layer(
    './services',
    ['./page-state', './components', './pages', './server', './db'],
    'services/ imports only store/, lib/ and types/.',
  ),
  layer(
    './components',
    ['./page-state', './pages', './server', './db'],
    `${SERVER_FROM_BROWSER} Components never import pages or page-state/ (pages' server glue).`,
  ),
  layer(
    './components/ui',
    ['./store', './services'],
    'components/ui must not import store or services.',
  ),
  layer(
    './page-state',
    ['./components', './pages', './db'],
    'page-state/ imports server/ssr/, services/, store/, lib/ and types/.',
  ),
  layer('./page-state', './server', 'page-state/ reaches the server only through server/ssr/.', [
    './ssr',
  ]),
  layer(
    PAGES,
    './server',
    `${SERVER_FROM_BROWSER} Pages may import only server/ssr/** (getServerSideProps loaders).`,
    ['./ssr'],
  ),
  layer(PAGES, './db', SERVER_FROM_BROWSER),
  ...MARKET_ZONES,
];

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      '.next-*/**',
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
      // Cycles among the app's own modules (type-only imports aside); node_modules cannot import
      // back into the app, so the rule does not walk it (a third of the lint's time otherwise).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: LAYER_ZONES }],
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
        {
          selector:
            "ConditionalExpression[test.operator='==='][test.right.value='es'][consequent.value='es'][alternate.value='en']",
          message: 'A language from a locale is langOf(locale) (lib/i18n/lang.ts).',
        },
      ],
    },
  },
  {
    // Browser code: the server's configuration stays on the server, and so do the server and the
    // database themselves (the fence above).
    files: BROWSER_FILES,
    ignores: BROWSER_IGNORES,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [ENV_IN_BROWSER], patterns: [NO_SERVER_IN_BROWSER] },
      ],
    },
  },
  {
    // Pages: the same, but for the getServerSideProps loaders under @/server/ssr/**.
    files: ['pages/**'],
    ignores: BROWSER_IGNORES,
    rules: {
      'no-restricted-imports': ['error', { paths: [ENV_IN_BROWSER], patterns: NO_SERVER_IN_PAGES }],
    },
  },
  {
    // Primitives never reach into app state or the network.
    files: ['components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ENV_IN_BROWSER],
          patterns: [
            NO_SERVER_IN_BROWSER,
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
    // The server and the database never import browser code (the fence above).
    files: ['server/**', 'db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/components', '@/store', '@/services', '@/pages', '@/page-state'],
              message: BROWSER_FROM_SERVER,
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
      'lib/chain-env.ts',
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
