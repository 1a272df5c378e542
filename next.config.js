// @ts-check
const { i18n } = require('./next-i18next.config.js');

const isProd = process.env.NODE_ENV === 'production';

/** Security headers of QUALITY.md's baseline. */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  {
    key: 'Content-Security-Policy',
    value: [
      "default-src 'self'",
      // Next's inline bootstrap and GA need inline/extra script sources.
      `script-src 'self' 'unsafe-inline'${isProd ? '' : " 'unsafe-eval'"} https://www.googletagmanager.com https://accounts.google.com`,
      "style-src 'self' 'unsafe-inline' https://accounts.google.com",
      "img-src 'self' data: blob: https:",
      "connect-src 'self' https: wss:",
      'frame-src https://accounts.google.com',
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ].join('; '),
  },
  ...(isProd
    ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
    : []),
];

/** @type {import('next').NextConfig} */
module.exports = {
  i18n,
  reactStrictMode: true,
  poweredByHeader: false,
  // CI and the pre-commit routine run `npm run typecheck`; the build need not type-check again.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'nodemailer'],
  // Saves ~105 KB of crypto-browserify in wallet chunks (STACK-NOTES.md).
  turbopack: { resolveAlias: { crypto: { browser: './lib/empty-module.js' } } },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};
