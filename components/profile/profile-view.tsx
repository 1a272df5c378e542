import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { ChipList } from '@/components/ui/chip-list';
import type { TEducation, TExperience, TPublicUser, TUser } from '@/types/user';
import { Entry } from './entry';
import { FinishedWork } from './finished-work';
import { ProfileCard } from './profile-card';
import { ProfileHeader } from './profile-header';
import styles from './profile-view.module.css';

/**
 * A profile as others see it (/profile/my-profile and /talents/[id]): e-mail and phone appear
 * only when the API sent them (docs/api.md: to the user and to a business the talent applied to).
 */
export function ProfileView({
  user,
  countryName,
  empty,
  entryActions,
}: {
  user: TPublicUser;
  /** The country's name in the active language (the code is shown until it is known). */
  countryName?: string | null;
  /** Shown when the profile has nothing beyond the name (what to do next). */
  empty?: ReactNode;
  /** What the owner can do with an entry (asking for its verification); nothing for others. */
  entryActions?: {
    workplace: (entry: TExperience) => ReactNode;
    study: (entry: TEducation) => ReactNode;
  };
}) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  const languageName = (l: TUser['languages'][number]) =>
    (lang === 'es' ? l.name_es : l.name_en) ?? l.name;
  const chips = (names: string[]) => names.map((n) => ({ key: n, label: n }));
  const isEmpty =
    !user.about &&
    [user.workplaces, user.study_centres, user.skills, user.languages, user.roles_interest].every(
      (l) => l.length === 0,
    );

  return (
    <div className={styles.view}>
      <ProfileHeader user={user} countryName={countryName} />
      {isEmpty && (
        <section className={`${styles.card} ${styles.empty}`}>
          {empty ?? <p>{t('view.empty')}</p>}
        </section>
      )}
      {user.about && (
        <ProfileCard id="about" title={t('view.about')}>
          <p className={styles.about}>{user.about}</p>
        </ProfileCard>
      )}
      {user.workplaces.length > 0 && (
        <ProfileCard id="experiences" title={t('edit.sections.experiences')}>
          {user.workplaces.map((w) => (
            <Entry
              key={w.id}
              title={w.position}
              subtitle={w.workplace_name}
              start={w.start_date}
              end={w.work_here ? null : w.end_date}
              status={w.verify_status_id}
              description={w.description}
              actions={entryActions?.workplace(w)}
            />
          ))}
        </ProfileCard>
      )}
      {user.study_centres.length > 0 && (
        <ProfileCard id="educations" title={t('edit.sections.educations')}>
          {user.study_centres.map((s) => (
            <Entry
              key={s.id}
              title={s.course_name}
              subtitle={s.name}
              start={s.start_date}
              end={s.studying_here ? null : s.end_date}
              status={s.verify_status_id}
              description={s.description}
              actions={entryActions?.study(s)}
            />
          ))}
        </ProfileCard>
      )}
      {user.skills.length > 0 && (
        <ProfileCard id="skills" title={t('edit.sections.skills')}>
          <ChipList items={chips(user.skills.map((s) => s.name))} />
        </ProfileCard>
      )}
      {user.languages.length > 0 && (
        <ProfileCard id="languages" title={t('edit.sections.languages')}>
          <ChipList
            items={user.languages.map((l) => ({ key: String(l.id), label: languageName(l) }))}
          />
        </ProfileCard>
      )}
      <FinishedWork user={user} />
      {user.roles_interest.length > 0 && (
        <ProfileCard id="roles" title={t('edit.sections.roles')}>
          <ChipList items={chips(user.roles_interest.map((r) => r.name))} />
        </ProfileCard>
      )}
    </div>
  );
}
