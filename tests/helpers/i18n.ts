import i18next, { type i18n as TI18nInstance } from 'i18next';
import enCommon from '@/public/locales/en/common.json';
import enMarket from '@/public/locales/en/market.json';
import enPipeline from '@/public/locales/en/pipeline.json';
import enProfile from '@/public/locales/en/profile.json';
import enWallet from '@/public/locales/en/wallet.json';
import esCommon from '@/public/locales/es/common.json';
import esMarket from '@/public/locales/es/market.json';
import esPipeline from '@/public/locales/es/pipeline.json';
import esProfile from '@/public/locales/es/profile.json';
import esWallet from '@/public/locales/es/wallet.json';

/** An i18next instance with the real catalogs (both namespaces) in the given language. */
export async function makeI18n(
  locale: 'en' | 'es' = 'en',
  plugins: Parameters<TI18nInstance['use']>[0][] = [],
) {
  const i18n = i18next.createInstance();
  for (const plugin of plugins) i18n.use(plugin);
  await i18n.init({
    lng: locale,
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common', 'profile', 'market', 'pipeline', 'wallet'],
    resources: {
      en: {
        common: enCommon,
        profile: enProfile,
        market: enMarket,
        pipeline: enPipeline,
        wallet: enWallet,
      },
      es: {
        common: esCommon,
        profile: esProfile,
        market: esMarket,
        pipeline: esPipeline,
        wallet: esWallet,
      },
    },
    interpolation: { escapeValue: false },
  });
  return i18n;
}
