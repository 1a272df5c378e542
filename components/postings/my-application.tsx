import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorText } from '@/lib/error-text';
import { APPLICATION_STATUS, statusName } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  useMyApplicationsQuery,
  useWithdrawJobApplicationMutation,
  useWithdrawProjectApplicationMutation,
} from '@/services/marketplace-api';
import type { TJobApplication, TProjectApplication } from '@/types/marketplace';
import type { TUserJob, TUserProject } from '@/types/user';
import { JobApplicationForm, ProjectApplicationForm } from './application-forms';
import { isProject, type TPosting } from './posting-facts';
import styles from './postings.module.css';

/** An application may be changed or withdrawn before the recruiter decides (applied or shortlisted). */
const OPEN = new Set<number>([APPLICATION_STATUS.applied, APPLICATION_STATUS.shortlisted]);

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
  const { t: tc } = useTranslation('common');
  const project = isProject(posting);
  const status =
    'accepted' in entry.application ? entry.application.accepted : entry.application.selected;
  const open = OPEN.has(status);
  const full = useMyApplicationsQuery({
    type: project ? 'project' : 'job',
    page: 1,
    posting_id: posting.id,
  }).data?.data[0];
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [withdrawProject, wp] = useWithdrawProjectApplicationMutation();
  const [withdrawJob, wj] = useWithdrawJobApplicationMutation();
  const statusKey = statusName(APPLICATION_STATUS, status) ?? 'applied';

  async function withdraw() {
    setAsking(false);
    const id = entry.application.id;
    const outcome = project ? await settle(withdrawProject(id)) : await settle(withdrawJob(id));
    if (!outcome.ok) return toastError(errorText(tc, outcome.failure.fields[0] ?? outcome.failure));
    toastSuccess(t('apply.withdrawn'));
  }

  return (
    <section className={styles.panel} aria-labelledby="my-application">
      <h2 id="my-application">{t('apply.yours')}</h2>
      <p>
        <Badge
          tone={
            status === APPLICATION_STATUS.rejected
              ? 'danger'
              : status === APPLICATION_STATUS.hired
                ? 'success'
                : 'info'
          }
        >
          {t(`statuses.application.${statusKey}`)}
        </Badge>
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
            <Button
              variant="ghost"
              onClick={() => setAsking(true)}
              disabled={wp.isLoading || wj.isLoading}
            >
              {t('apply.withdraw')}
            </Button>
          </div>
        )
      )}
      <Dialog
        open={asking}
        title={t('apply.withdraw_title', { name: posting.name })}
        onClose={() => setAsking(false)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('postings.keep')}
            </Button>
            <Button variant="danger" onClick={() => void withdraw()}>
              {t('apply.withdraw')}
            </Button>
          </>
        }
      >
        <p>{t('apply.withdraw_body')}</p>
      </Dialog>
    </section>
  );
}
