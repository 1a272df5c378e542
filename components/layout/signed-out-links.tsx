import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import styles from './layout.module.css';

/**
 * Sign-in and register in the header. As a `placeholder` (until stored state is back) it holds
 * its place, unseen and inert: for a visitor, most often signed out, nothing in the header moves
 * when it appears.
 */
export function SignedOutLinks({ placeholder }: { placeholder: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div
      className={
        placeholder ? `${styles.authLinks} ${styles.accountPlaceholder}` : styles.authLinks
      }
      aria-hidden={placeholder || undefined}
      inert={placeholder || undefined}
    >
      {/* Not in the background on every page (components/layout/header.tsx). */}
      <Link href="/auth/login" className={styles.navLink} prefetch={false}>
        {/* On a phone an icon, whose name stays the words (components/layout/layout.module.css). */}
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className={`${styles.navIcon} ${styles.signInIcon}`}
        >
          <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 21a8 8 0 0 1 16 0" />
        </svg>
        <span className={styles.navLabel}>{t('nav.sign_in')}</span>
      </Link>
      <ButtonLink href="/auth/register" prefetch={false}>
        {t('nav.register')}
      </ButtonLink>
    </div>
  );
}
