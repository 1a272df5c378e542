// @ts-check
const { i18n } = require('./next-i18next.config.js');

const { CompileHintsPlugin } = require('./lib/compile-hints-plugin.js');

/** @type {import('next').NextConfig} */
module.exports = {
  i18n,
  // The browser journeys build beside the real build (scripts/lib/build.mjs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Always defined, so Next inlines it and drops the test wallet signer from every other build
  // (lib/algorand/index.ts; `npm run check:bundle` checks it is absent).
  env: { NEXT_PUBLIC_WALLET_TEST_SIGNER: process.env.NEXT_PUBLIC_WALLET_TEST_SIGNER ?? '' },
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'pg-boss',
    '@node-rs/argon2',
    'nodemailer',
  ],
  // Node's `crypto` stays out of the browser: it saves ~105 KB of crypto-browserify in wallet
  // chunks. Production builds use webpack (docs/security.md "Headers": its pages carry no inline
  // script, so the CSP needs neither 'unsafe-inline' nor per-request nonces); `next dev` uses
  // Turbopack.
  turbopack: { resolveAlias: { crypto: { browser: './lib/empty-module.js' } } },
  webpack(config, { isServer, dev }) {
    if (!isServer) {
      config.resolve.alias = {
        ...config.resolve.alias,
        crypto: require.resolve('./lib/empty-module.js'),
        // Lighter stand-ins for two helpers of the i18n libraries on every page's first load
        // (docs/performance.md "Budgets"); production builds only, `next dev` keeps the packages.
        'hoist-non-react-statics$': require.resolve('./lib/hoist-statics.js'),
        'use-sync-external-store/shim$': require.resolve('./lib/use-sync-external-store-shim.js'),
      };
      if (!dev) config.plugins.push(new CompileHintsPlugin());
    }
    return config;
  },
};
