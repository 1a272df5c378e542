import { useTranslation } from 'next-i18next/pages';
import { useEffect } from 'react';
import { useMyApplicationsQuery, userEntryOf } from '@/services/marketplace-api';
import { applicationSaved } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import { JobApplicationForm, ProjectApplicationForm } from './application-forms';
import { isProject, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { kindOfPosting } from '@/lib/kinds';
import styles from './postings.module.css';

/**
 * The form of the apply panel (apply-panel.tsx): a talent who has not applied, an open posting.
 * With `check` (the page came without the server's word on it), the API is asked first whether
 * the talent applied; an application found goes into the stored user, and the panel shows it.
 */
export default function ApplyForm({
  posting,
  check = false,
  onDone,
}: {
  posting: TPosting;
  check?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('market');
  const dispatch = useAppDispatch();
  const kind = kindOfPosting(posting);
  const mine = useMyApplicationsQuery(
    { type: kind, page: 1, posting_id: posting.id },
    { skip: !check, refetchOnMountOrArgChange: true },
  );
  const found = check ? mine.data?.data[0] : undefined;
  useEffect(() => {
    if (!found) return;
    dispatch(applicationSaved(userEntryOf(found)));
  }, [found, dispatch]);

  // Asking (or found: the panel turns into the application).
  if (check && (found || (!mine.data && !mine.isError))) {
    return <div className={styles.applyLoading} aria-hidden="true" />;
  }
  return (
    <section className={styles.panel} aria-labelledby="apply-title">
      <h2 id="apply-title">{t('apply.title')}</h2>
      {isProject(posting) ? (
        <ProjectApplicationForm posting={posting} onDone={onDone} />
      ) : (
        <JobApplicationForm posting={posting} onDone={onDone} />
      )}
    </section>
  );
}
