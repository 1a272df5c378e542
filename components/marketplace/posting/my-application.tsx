import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState } from 'react';
import { ApplicationStatus } from '@/components/marketplace/shared/application-status';
import { WithdrawApplication } from '@/components/marketplace/applications/withdraw-application';
import { TalentProgress } from '@/components/marketplace/board/talent-progress';
import { MessageButton } from '@/components/messages/message-button';
import { Button } from '@/components/ui/button';
import { OPEN_APPLICATION_STATUSES } from '@/lib/statuses';
import { useMyApplicationsQuery, userEntryOf } from '@/services/marketplace-api';
import { applicationSaved } from '@/store/auth-slice';
import { useAppDispatch } from '@/store/hooks';
import type { TJobApplication, TProjectApplication } from '@/types/marketplace';
import type { TUserJob, TUserProject } from '@/types/user';
import { JobApplicationForm, ProjectApplicationForm } from './application-forms';
import { isProject, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { kindOfPosting, statusOf } from '@/lib/kinds';
import styles from './postings.module.css';

/**
 * The talent's own application to this posting: its status, edit or withdraw while it is open,
 * and what happened after the business decided (components/pipeline/talent-progress.tsx).
 */
export function MyApplication({
  posting,
  entry,
  justApplied,
}: {
  posting: TPosting;
  entry: TUserProject | TUserJob;
  justApplied: boolean;
}) {
  const { t } = useTranslation('market');
  const kind = kindOfPosting(posting);
  const status = statusOf(entry.application);
  const open = OPEN_APPLICATION_STATUSES.includes(status);
  // Read afresh on each visit: the business may have moved it since the user signed in.
  const mineQuery = useMyApplicationsQuery(
    { type: kind, page: 1, posting_id: posting.id },
    { refetchOnMountOrArgChange: true },
  );
  const full = mineQuery.data?.data[0];
  const [editing, setEditing] = useState(false);
  useStoredUserFollows(full, mineQuery.fulfilledTimeStamp);

  return (
    <section className={styles.panel} aria-labelledby="my-application">
      <h2 id="my-application">{t('apply.yours')}</h2>
      <p>
        <ApplicationStatus status={status} />
      </p>
      {justApplied && <p role="status">{t('apply.sent')}</p>}
      <TalentProgress posting={posting} entry={entry} reason={full?.reason} />
      <p>
        <MessageButton kind={kind} applicationId={entry.application.id} posting={posting.name} />
      </p>
      {editing && full ? (
        isProject(posting) ? (
          <ProjectApplicationForm
            posting={posting}
            initial={full as TProjectApplication}
            onDone={() => setEditing(false)}
          />
        ) : (
          <JobApplicationForm
            posting={posting}
            initial={full as TJobApplication}
            onDone={() => setEditing(false)}
          />
        )
      ) : (
        open && (
          <div className={styles.actions}>
            {posting.accepting && full && (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('apply.edit')}
              </Button>
            )}
            <WithdrawApplication
              kind={kind}
              applicationId={entry.application.id}
              postingName={posting.name}
            />
          </div>
        )
      )}
    </section>
  );
}

/**
 * The stored user's entry (docs/product.md "Entities and fields") follows the application as the server answers it now, so a
 * hire, a rejection or the project's start made while the talent was away show without signing
 * in again. Only answers fetched since this screen opened count: a cached one may be older than
 * the store.
 */
function useStoredUserFollows(
  full: TProjectApplication | TJobApplication | undefined,
  fetchedAt: number | undefined,
) {
  const dispatch = useAppDispatch();
  const openedAt = useRef(Number.POSITIVE_INFINITY);
  useEffect(() => {
    openedAt.current = Date.now();
  }, []);
  useEffect(() => {
    if (!full || !fetchedAt || fetchedAt < openedAt.current) return;
    dispatch(applicationSaved(userEntryOf(full)));
  }, [full, fetchedAt, dispatch]);
}
