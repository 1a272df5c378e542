import { useTranslation } from 'next-i18next/pages';
import styles from './layout.module.css';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <p>{t('layout.footer.tagline')}</p>
        <p>{t('layout.footer.open_source')}</p>
      </div>
    </footer>
  );
}
