import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { PageFrame } from './page-frame';
import styles from './layout.module.css';

/** The friendly 404 and 500 pages, in both languages. */
export function ErrorScreen({ kind }: { kind: 'not_found' | 'server_error' }) {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t(`error_pages.${kind}.title`)}>
      <section className={styles.errorScreen}>
        <p className={styles.errorCode} aria-hidden="true">
          {kind === 'not_found' ? '404' : '500'}
        </p>
        <h1>{t(`error_pages.${kind}.title`)}</h1>
        <p>{t(`error_pages.${kind}.body`)}</p>
        <ButtonLink href="/">{t('error_pages.back_home')}</ButtonLink>
      </section>
    </PageFrame>
  );
}
