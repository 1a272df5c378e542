import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { isProject, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { useFailureText } from '@/components/forms/failure-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { langOf } from '@/lib/i18n/lang';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { toastError } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  useClearAcceptedMessageMutation,
  useMarkReadyToCloseMutation,
} from '@/services/pipeline-api';
import { RecordOnChain } from '@/components/wallets/record-on-chain';
import type { TUserJob, TUserProject } from '@/types/user';
import styles from './pipeline.module.css';
import { KINDS, kindOfApplication, statusOf } from '@/lib/kinds';

/**
 * docs/product.md "Entities and fields": the hired talent sees a congratulations message once. Closing it (the button or
 * Escape) clears `shown_accepted_message` on the server, and the stored user follows.
 */
function Congratulations({ entry }: { entry: TUserProject }) {
  const { t } = useTranslation('pipeline');
  const [clear] = useClearAcceptedMessageMutation();
  const [closed, setClosed] = useState(false);
  const failureText = useFailureText();

  async function close() {
    setClosed(true);
    const outcome = await settle(clear(entry.application.id));
    // Not cleared: it shows again next time, which is better than never.
    if (!outcome.ok) {
      toastError(failureText(outcome.failure, { fallback: t('talent.failed'), serverWords: true }));
    }
  }

  const open = !closed && entry.application.shown_accepted_message;
  return (
    <Dialog
      open={open}
      title={t('talent.congrats_title')}
      onClose={() => void close()}
      actions={<Button onClick={() => void close()}>{t('dialog.understand')}</Button>}
    >
      <p>{t('talent.congrats_body', { name: entry.name })}</p>
    </Dialog>
  );
}

/** The hired talent's "the work is done" on a started project, after a confirmation. */
function ReadyToClose({ entry }: { entry: TUserProject }) {
  const { t, i18n } = useTranslation('pipeline');
  const failureText = useFailureText();
  const lang = langOf(i18n.language);
  const [mark, marking] = useMarkReadyToCloseMutation();
  const [asking, setAsking] = useState(false);
  const [told, setTold] = useState<string | null>(null);

  async function confirm() {
    const outcome = await settle(mark({ id: entry.application.id, lang }));
    if (!outcome.ok) {
      toastError(failureText(outcome.failure, { fallback: t('talent.failed'), serverWords: true }));
      return;
    }
    setAsking(false);
    setTold(outcome.data.message);
  }

  if (entry.application.ready_to_close) {
    return (
      <>
        <p>
          <Badge tone="success">{t('card.ready_to_close')}</Badge>
        </p>
        <p role="status">{told ?? t('talent.ready_done')}</p>
      </>
    );
  }
  return (
    <>
      <p>{t('talent.started')}</p>
      <div>
        <Button onClick={() => setAsking(true)} disabled={marking.isLoading}>
          {t('talent.ready')}
        </Button>
      </div>
      <Dialog
        open={asking}
        title={t('talent.ready_title', { name: entry.name })}
        onClose={() => setAsking(false)}
        dismissible={!marking.isLoading}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={marking.isLoading}>
              {t('dialog.cancel')}
            </Button>
            <Button onClick={() => void confirm()} disabled={marking.isLoading}>
              {t('talent.ready')}
            </Button>
          </>
        }
      >
        <p>{t('talent.ready_body')}</p>
      </Dialog>
    </>
  );
}

/**
 * Where the talent's application stands after the business decided (docs/product.md "A
 * project's life"): hired (and then the project started, ready to close, finished), or not
 * selected with the business's reason.
 */
export function TalentProgress({
  posting,
  entry,
  reason,
}: {
  posting: TPosting;
  entry: TUserProject | TUserJob;
  /** The reason the business gave, from the full application. */
  reason: string | null | undefined;
}) {
  const { t } = useTranslation('pipeline');
  const project = kindOfApplication(entry.application) === KINDS.project.kind;
  const status = statusOf(entry.application);

  if (status === APPLICATION_STATUS.rejected) {
    return (
      <div className={styles.progress}>
        <p>{t('talent.rejected')}</p>
        {reason && <p className={styles.muted}>{t('talent.reason', { reason })}</p>}
      </div>
    );
  }
  if (status !== APPLICATION_STATUS.hired) return null;

  if (project && isProject(posting)) {
    const mine = entry as TUserProject;
    const postingStatus = posting.project_status_id;
    return (
      <div className={styles.progress}>
        <Congratulations entry={mine} />
        {postingStatus === PROJECT_STATUS.recruiting && <p>{t('talent.hired')}</p>}
        {postingStatus === PROJECT_STATUS.started && <ReadyToClose entry={mine} />}
        {postingStatus === PROJECT_STATUS.finished && (
          <>
            <p>{t('talent.project_finished')}</p>
            <RecordOnChain kind="project" applicationId={mine.application.id} postingId={mine.id} />
          </>
        )}
      </div>
    );
  }
  if (isProject(posting)) return null;
  const finished = posting.job_status_id === JOB_STATUS.finished;
  return (
    <div className={styles.progress}>
      <p>{finished ? t('talent.job_finished') : t('talent.job_hired')}</p>
      {finished && (
        <RecordOnChain kind="job" applicationId={entry.application.id} postingId={entry.id} />
      )}
    </div>
  );
}
