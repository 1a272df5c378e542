import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { preloadForSession } from '@/store/session-preload';
import styles from './my-profile.module.css';

function Loading() {
  const { t } = useTranslation('profile');
  return (
    <p className={styles.state} role="status">
      {t('talent.loading')}
    </p>
  );
}

/**
 * /profile/my-profile: the profile as others see it, how complete it is and where to edit it.
 * It comes in a second chunk, with the server-data cache (first-load budget); the server renders
 * it when it knows the session (page-state/signed-in-page.ts).
 */
export const MyProfile = dynamic(() => import('./my-profile-body'), {
  loading: () => <Loading />,
});
preloadForSession(['/profile/my-profile'], () => import('./my-profile-body'));
