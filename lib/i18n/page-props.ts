import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18NextConfig from '../../next-i18next.config.js';

/** The translation props every page passes (namespace `common` first, seed §1). */
export function translationProps(locale: string | undefined, namespaces: string[] = ['common']) {
  return serverSideTranslations(locale ?? 'en', namespaces, nextI18NextConfig);
}

/** `getStaticProps` of a page that needs only its translations. */
export const staticTranslations = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale)) },
});
