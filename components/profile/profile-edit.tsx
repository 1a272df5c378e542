import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import { ButtonLink } from '@/components/ui/button';
import { PROFILE_SECTIONS } from '@/lib/profile/completeness';
import { preloadForSession } from '@/store/session-preload';
import styles from './profile-edit.module.css';

// The sections come in a second chunk, with the server-data cache (first-load budget). They
// render in the browser only, once stored state is back: several sections start their form from
// the stored lists (store/profile-slice.ts), which a server render would not see (docs/
// performance.md "How pages paint early").
const ProfileSections = dynamic(() => import('./profile-sections'), {
  ssr: false,
  loading: () => <Loading />,
});
preloadForSession(['/profile/edit'], () => import('./profile-sections'));

function Loading() {
  const { t } = useTranslation('profile');
  return (
    <p className={`${styles.section} ${styles.loading}`} role="status">
      {t('section.loading')}
    </p>
  );
}

/**
 * /profile/edit: every section of the profile, each with its own Save (docs/product.md "Editing the profile"). The
 * heading and its lead are the same for everyone, so they are in the server's page and paint at
 * once; the sections wait for the session.
 */
export function ProfileEdit() {
  const { t } = useTranslation('profile');
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1>{t('edit.title')}</h1>
          <p>{t('edit.lead')}</p>
        </div>
        <ButtonLink href="/profile/my-profile" variant="secondary">
          {t('edit.view_profile')}
        </ButtonLink>
      </header>
      <RequireAuth>
        <nav aria-label={t('edit.nav_label')} className={styles.nav}>
          <ul>
            {PROFILE_SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`edit.sections.${id}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.sections}>
          <ProfileSections />
        </div>
      </RequireAuth>
    </div>
  );
}
