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
      };
      if (!dev) config.plugins.push(new CompileHintsPlugin());
    }
    return config;
  },
};
