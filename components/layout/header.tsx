import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { AccountMenu } from './account-menu';
import { LanguageSwitcher } from './language-switcher';
import { NotificationBell } from './notification-bell';
import styles from './layout.module.css';

/**
 * Logo, language switcher, the notifications bell (signed in) and account, as items of one
 * wrapping row: on a phone the account (sign-in and register, or the menu) moves to a second row
 * instead of overflowing. Its links are on every page and in view at once: they load their page
 * when pointed at or touched (`prefetch={false}`), not in the page's first seconds, whose network
 * and main thread are the page's own.
 */
export function Header() {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <div className={styles.headerInner}>
        <Link href="/" className={styles.brand} prefetch={false}>
          <span aria-hidden="true" className={styles.brandMark}>
            ◆
          </span>
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.main')} className={styles.mainNav}>
          <Link href="/opportunities" className={styles.navLink} prefetch={false}>
            {t('nav.opportunities')}
          </Link>
        </nav>
        <LanguageSwitcher />
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
