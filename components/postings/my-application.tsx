import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { ApplicationStatus } from '@/components/applications/application-status';
import { WithdrawApplication } from '@/components/applications/withdraw-application';
import { Button } from '@/components/ui/button';
import { OPEN_APPLICATION_STATUSES } from '@/lib/statuses';
import { useMyApplicationsQuery } from '@/services/marketplace-api';
import type { TJobApplication, TProjectApplication } from '@/types/marketplace';
import type { TUserJob, TUserProject } from '@/types/user';
import { JobApplicationForm, ProjectApplicationForm } from './application-forms';
import { isProject, type TPosting } from './posting-facts';
import styles from './postings.module.css';

/** The talent's own application to this posting: its status, and edit or withdraw while it is open. */
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
  const project = isProject(posting);
  const status =
    'accepted' in entry.application ? entry.application.accepted : entry.application.selected;
  const open = OPEN_APPLICATION_STATUSES.includes(status);
  const full = useMyApplicationsQuery({
    type: project ? 'project' : 'job',
    page: 1,
    posting_id: posting.id,
  }).data?.data[0];
  const [editing, setEditing] = useState(false);

  return (
    <section className={styles.panel} aria-labelledby="my-application">
      <h2 id="my-application">{t('apply.yours')}</h2>
      <p>
        <ApplicationStatus status={status} />
      </p>
      {justApplied && <p role="status">{t('apply.sent')}</p>}
      {full?.reason && <p className={styles.muted}>{t('apply.reason', { reason: full.reason })}</p>}
      {editing && full ? (
        project ? (
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
              kind={project ? 'project' : 'job'}
              applicationId={entry.application.id}
              postingName={posting.name}
            />
          </div>
        )
      )}
    </section>
  );
}
