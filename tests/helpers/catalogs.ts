import enAdmin from '@/public/locales/en/admin.json';
import enCommon from '@/public/locales/en/common.json';
import enCompany from '@/public/locales/en/company.json';
import enMarket from '@/public/locales/en/market.json';
import enMessages from '@/public/locales/en/messages.json';
import enPipeline from '@/public/locales/en/pipeline.json';
import enProfile from '@/public/locales/en/profile.json';
import enReviews from '@/public/locales/en/reviews.json';
import enTeam from '@/public/locales/en/team.json';
import enTokens from '@/public/locales/en/tokens.json';
import enWallet from '@/public/locales/en/wallet.json';
import enWebhooks from '@/public/locales/en/webhooks.json';
import esAdmin from '@/public/locales/es/admin.json';
import esCommon from '@/public/locales/es/common.json';
import esCompany from '@/public/locales/es/company.json';
import esMarket from '@/public/locales/es/market.json';
import esMessages from '@/public/locales/es/messages.json';
import esPipeline from '@/public/locales/es/pipeline.json';
import esProfile from '@/public/locales/es/profile.json';
import esReviews from '@/public/locales/es/reviews.json';
import esTeam from '@/public/locales/es/team.json';
import esTokens from '@/public/locales/es/tokens.json';
import esWallet from '@/public/locales/es/wallet.json';
import esWebhooks from '@/public/locales/es/webhooks.json';

/** Every translation catalog of the app, by language and namespace, for tests to read. */
export const CATALOGS = {
  en: {
    common: enCommon,
    profile: enProfile,
    team: enTeam,
    market: enMarket,
    pipeline: enPipeline,
    wallet: enWallet,
    company: enCompany,
    messages: enMessages,
    reviews: enReviews,
    admin: enAdmin,
    tokens: enTokens,
    webhooks: enWebhooks,
  },
  es: {
    common: esCommon,
    profile: esProfile,
    team: esTeam,
    market: esMarket,
    pipeline: esPipeline,
    wallet: esWallet,
    company: esCompany,
    messages: esMessages,
    reviews: esReviews,
    admin: esAdmin,
    tokens: esTokens,
    webhooks: esWebhooks,
  },
};

export type TNamespace = keyof (typeof CATALOGS)['en'];
