import { useTranslation } from 'next-i18next/pages';
import { useEffect } from 'react';
import { LeaveGuard } from '@/components/forms/leave-guard';
import { Button } from '@/components/ui/button';
import { referenceApi } from '@/services/reference-api';
import type { AppStore } from '@/store';
import { EducationsSection } from './educations-section';
import { ExperiencesSection } from './experiences-section';
import { LanguagesSection } from './languages-section';
import { PersonalSection } from './personal-section';
import { ProfessionalSection } from './professional-section';
import styles from './profile-edit.module.css';
import { RolesSection } from './roles-section';
import { SkillsSection } from './skills-section';
import { useMyProfile } from './use-my-profile';

/** The sections' first reads besides the profile (store/session-preload.ts): the country and language lists. */
export function prefetch(store: AppStore) {
  store.dispatch(referenceApi.util.prefetch('getCountries', undefined, {}));
  store.dispatch(referenceApi.util.prefetch('getLanguages', undefined, {}));
}

/**
 * The sections of /profile/edit, loaded as one chunk after the page (with the server-data cache,
 * they would not fit the page's first-load budget), over the profile read once for the visit.
 * Once they exist, the #section of the address (completeness links point to it) is scrolled to.
 */
export default function ProfileSections() {
  const { t } = useTranslation('profile');
  const { profile, isError, refetch } = useMyProfile();
  const ready = Boolean(profile);

  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (ready && id) document.getElementById(decodeURIComponent(id))?.scrollIntoView();
  }, [ready]);

  if (isError) {
    return (
      <div className={`${styles.section} ${styles.loading}`} role="alert">
        <p>{t('edit.load_failed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('edit.retry')}
        </Button>
      </div>
    );
  }
  if (!profile) return <SectionsLoading />;
  return (
    <LeaveGuard>
      <PersonalSection profile={profile} />
      <ProfessionalSection profile={profile} />
      <ExperiencesSection />
      <EducationsSection />
      <SkillsSection />
      <RolesSection profile={profile} />
      <LanguagesSection profile={profile} />
    </LeaveGuard>
  );
}

/** Room kept for the sections while they load, so the page does not jump when they arrive. */
export function SectionsLoading() {
  const { t } = useTranslation('profile');
  return (
    <p className={`${styles.section} ${styles.loading}`} role="status">
      {t('section.loading')}
    </p>
  );
}
