import Head from 'next/head';
import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';

/** Every page: translated <title>, skip link, header, main landmark, footer. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const fullTitle = `${title} · ${t('app.name')}`;
  return (
    <>
      <Head>
        <title>{fullTitle}</title>
        <meta name="description" content={t('app.description')} key="description" />
      </Head>
      <a href="#main" className={styles.skipLink}>
        {t('layout.skip_to_content')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
