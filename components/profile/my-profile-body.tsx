import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { profileApi } from '@/services/profile-api';
import { localName, referenceApi, useGetCountriesQuery } from '@/services/reference-api';
import type { AppStore } from '@/store';
import { CompletenessMeter } from './completeness-meter';
import styles from './my-profile.module.css';
import { ProfileView } from './profile-view';
import { RequestVerification } from './request-verification';
import { useMyProfile } from './use-my-profile';

/** The page's first reads, started as soon as this chunk is there (store/session-preload.ts). */
export function prefetch(store: AppStore) {
  const user = store.getState().auth.user;
  if (!user) return;
  store.dispatch(profileApi.util.prefetch('getMe', user.id, {}));
  store.dispatch(referenceApi.util.prefetch('getCountries', undefined, {}));
}

/** The signed-in user's own profile page, over the profile read once for the visit. */
export default function MyProfileBody() {
  const { t, i18n } = useTranslation('profile');
  const { profile: user, isError, refetch } = useMyProfile();
  const countries = useGetCountriesQuery().data;
  if (isError) {
    return (
      <section className={`${styles.card} ${styles.state}`} role="alert">
        <p>{t('edit.load_failed')}</p>
        <button type="button" onClick={() => void refetch()}>
          {t('edit.retry')}
        </button>
      </section>
    );
  }
  if (!user) {
    return (
      <p className={styles.state} role="status">
        {t('talent.loading')}
      </p>
    );
  }
  const country = countries?.find((c) => c.code === user.country_code);
  return (
    <div className={styles.page}>
      <ProfileView
        user={user}
        countryName={country ? localName(country, i18n.language) : null}
        entryActions={{
          workplace: (entry) => (
            <RequestVerification target={{ kind: 'workplace', entry }} title={entry.position} />
          ),
          study: (entry) => (
            <RequestVerification target={{ kind: 'study', entry }} title={entry.course_name} />
          ),
        }}
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
