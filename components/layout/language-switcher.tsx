import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useSyncExternalStore } from 'react';
import styles from './layout.module.css';

const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
] as const;

const onHashChange = (notify: () => void) => {
  window.addEventListener('hashchange', notify);
  return () => window.removeEventListener('hashchange', notify);
};

/** Switches the interface language and keeps the current page (and its query and hash). */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const router = useRouter();
  // The server never sees the hash: it is added after hydration, so both renders match.
  const hash = useSyncExternalStore(
    onHashChange,
    () => window.location.hash,
    () => '',
  );
  const href = `${router.asPath.split('#')[0]}${hash}`;
  return (
    <nav aria-label={t('layout.language')} className={styles.languages}>
      {LOCALES.map((l) => (
        <Link
          key={l.code}
          href={href}
          locale={l.code}
          lang={l.code}
          hrefLang={l.code}
          aria-current={router.locale === l.code ? 'true' : undefined}
          className={router.locale === l.code ? styles.languageActive : styles.language}
          scroll={false}
          // Not in the background on every page (components/layout/header.tsx).
          prefetch={false}
        >
          {/* On a phone only the code shows; the full name stays the link's accessible name. */}
          <span className={styles.languageName}>{l.name}</span>
          <span className={styles.languageCode} aria-hidden="true">
            {l.code.toUpperCase()}
          </span>
        </Link>
      ))}
    </nav>
  );
}
