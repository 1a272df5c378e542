// @ts-check
/** docs/product.md "The product and its users": en (default) and es, no automatic locale detection, default namespace 'common'. */
/** @type {import('next-i18next/pages').UserConfig} */
module.exports = {
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'es'],
    localeDetection: false,
  },
  defaultNS: 'common',
  // Each language is complete (npm run check:i18n, plural forms included), so a page carries its
  // own language's texts only: no English copy in a Spanish page's HTML (docs/architecture.md
  // "How pages paint early").
  fallbackLng: false,
  ns: [
    'common',
    'profile',
    'market',
    'pipeline',
    'wallet',
    'company',
    'team',
    'messages',
    'reviews',
    'admin',
    'tokens',
    'webhooks',
  ],
  // No `path` import: it would pull path-browserify into every page.
  localePath: typeof window === 'undefined' ? `${process.cwd()}/public/locales` : '/locales',
  reloadOnPrerender: process.env.NODE_ENV === 'development',
};
