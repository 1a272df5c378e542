import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { PageFrame } from './page-frame';
import styles from './layout.module.css';

/** The friendly 404 and 500 pages, in both languages. */
export function ErrorScreen({ kind }: { kind: 'not_found' | 'server_error' }) {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t(`errors.${kind}.title`)}>
      <section className={styles.errorScreen}>
        <p className={styles.errorCode} aria-hidden="true">
          {kind === 'not_found' ? '404' : '500'}
        </p>
        <h1>{t(`errors.${kind}.title`)}</h1>
        <p>{t(`errors.${kind}.body`)}</p>
        <ButtonLink href="/">{t('errors.back_home')}</ButtonLink>
      </section>
    </PageFrame>
  );
}
