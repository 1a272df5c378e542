import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { CompletenessMeter } from './completeness-meter';
import styles from './my-profile.module.css';
import { ProfileView } from './profile-view';

/** /profile/my-profile: the profile as others see it, how complete it is, and where to edit it. */
export function MyProfile() {
  const { t } = useTranslation('profile');
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <div className={styles.page}>
      <ProfileView
        user={user}
        empty={
          <>
            <p>{t('my_profile.empty')}</p>
            <ButtonLink href="/profile/edit#experiences" variant="secondary">
              {t('experiences.add')}
            </ButtonLink>
          </>
        }
      />
      <aside className={styles.aside} aria-label={t('my_profile.aside')}>
        <div className={`${styles.card} ${styles.actions}`}>
          <ButtonLink href="/profile/edit">{t('my_profile.edit')}</ButtonLink>
          <Link href={`/talents/${user.id}`}>{t('my_profile.public')}</Link>
          <Link href="/profile/settings">{t('menu.settings')}</Link>
        </div>
        <CompletenessMeter user={user} />
      </aside>
    </div>
  );
}
