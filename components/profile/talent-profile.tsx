import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { getUser } from '@/services/auth-service';
import type { TCountry } from '@/services/reference-service';
import type { TUser } from '@/types/user';
import styles from './my-profile.module.css';
import { ProfileView } from './profile-view';

type TState = { id: string; user: TUser | null | undefined };

/**
 * /talents/[id]: a public profile, fetched in the browser (the viewer's token decides whether
 * e-mail and phone come with it). `user` undefined while loading, null when there is none.
 */
export function TalentProfile({
  id,
  load = getUser,
  loadCountries,
}: {
  id: string;
  load?: (id: number) => Promise<TUser | null>;
  loadCountries?: () => Promise<TCountry[] | null>;
}) {
  const { t } = useTranslation('profile');
  const valid = /^\d{1,10}$/.test(id) && Number(id) > 0;
  const [state, setState] = useState<TState>({ id, user: undefined });

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void load(Number(id)).then((user) => {
      if (live) setState({ id, user });
    });
    return () => {
      live = false;
    };
  }, [id, load, valid]);

  // A state left from another id counts as loading (client navigation between profiles).
  const user = !valid ? null : state.id === id ? state.user : undefined;
  if (user === undefined) {
    return (
      <p className={styles.state} role="status">
        {t('talent.loading')}
      </p>
    );
  }
  if (user === null) {
    return (
      <section className={`${styles.card} ${styles.state}`} aria-labelledby="talent-missing">
        <h1 id="talent-missing">{t('talent.not_found_title')}</h1>
        <p>{t('talent.not_found_body')}</p>
        <ButtonLink href="/">{t('talent.back')}</ButtonLink>
      </section>
    );
  }
  return <ProfileView user={user} loadCountries={loadCountries} />;
}
