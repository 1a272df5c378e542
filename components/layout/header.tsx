import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import styles from './layout.module.css';

export function Header() {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link href="/" className={styles.brand}>
          <span aria-hidden="true" className={styles.brandMark}>
            ◆
          </span>
          {t('app.name')}
        </Link>
        <div className={styles.headerActions}>
          <LanguageSwitcher />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
