import i18next, { type i18n as TI18nInstance } from 'i18next';
import { CATALOGS } from './catalogs';

/** An i18next instance with the real catalogs (every namespace) in the given language. */
export async function makeI18n(
  locale: 'en' | 'es' = 'en',
  plugins: Parameters<TI18nInstance['use']>[0][] = [],
) {
  const i18n = i18next.createInstance();
  for (const plugin of plugins) i18n.use(plugin);
  await i18n.init({
    lng: locale,
    fallbackLng: false,
    defaultNS: 'common',
    ns: Object.keys(CATALOGS.en),
    resources: CATALOGS,
    interpolation: { escapeValue: false },
  });
  return i18n;
}
