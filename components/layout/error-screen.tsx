import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { PageFrame } from './page-frame';
import styles from './layout.module.css';

const STATUS = { bad_address: '400', not_found: '404', server_error: '500' } as const;

/** The friendly 400, 404 and 500 pages, in both languages. */
export function ErrorScreen({ kind }: { kind: keyof typeof STATUS }) {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t(`error_pages.${kind}.title`)}>
      <section className={styles.errorScreen}>
        <p className={styles.errorCode} aria-hidden="true">
          {STATUS[kind]}
        </p>
        <h1>{t(`error_pages.${kind}.title`)}</h1>
        <p>{t(`error_pages.${kind}.body`)}</p>
        <ButtonLink href="/">{t('error_pages.back_home')}</ButtonLink>
      </section>
    </PageFrame>
  );
}
