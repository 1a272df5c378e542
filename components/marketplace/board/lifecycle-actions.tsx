import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { isProject, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { useFailureText } from '@/components/forms/failure-text';
import { companyIdOf, useCompanyCan } from '@/components/team/use-company';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { langOf } from '@/lib/i18n/lang';
import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  useFinishJobMutation,
  useFinishProjectMutation,
  useStartProjectMutation,
} from '@/services/pipeline-api';
import type { TBoardCounts } from '@/types/pipeline';
import styles from './pipeline.module.css';

type TAction = 'start' | 'finish_project' | 'finish_job';

const TITLE: Record<TAction, string> = {
  start: 'lifecycle.start_title',
  finish_project: 'lifecycle.finish_project_title',
  finish_job: 'lifecycle.finish_job_title',
};
const BODY: Record<TAction, string> = {
  start: 'lifecycle.start_body',
  finish_project: 'lifecycle.finish_project_body',
  finish_job: 'lifecycle.finish_job_body',
};
const DONE: Record<TAction, string> = {
  start: 'lifecycle.started',
  finish_project: 'lifecycle.project_finished',
  finish_job: 'lifecycle.job_finished',
};
const BUTTON: Record<TAction, string> = {
  start: 'lifecycle.start',
  finish_project: 'lifecycle.finish_project',
  finish_job: 'lifecycle.finish_job',
};

/**
 * A posting's next step in its life (docs/product.md "A project's life"): a project starts once
 * someone is hired and then finishes; a job finishes once someone is hired. Each asks first, and
 * says that everyone still waiting will be told the position is closed.
 */
export function LifecycleActions({
  posting,
  counts,
  onChanged,
}: {
  posting: TPosting;
  counts: TBoardCounts;
  onChanged: (posting: TPosting) => void;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const failureText = useFailureText();
  const lang = langOf(i18n.language);
  const hintId = useId();
  const [asking, setAsking] = useState<TAction | null>(null);
  const [start, started] = useStartProjectMutation();
  const [finishProject, projectFinished] = useFinishProjectMutation();
  const [finishJob, jobFinished] = useFinishJobMutation();
  const saving = started.isLoading || projectFinished.isLoading || jobFinished.isLoading;
  // Starting and finishing are a posting's edits: a recruiter has neither (docs/product.md
  // "Companies and teams", "Screens").
  const may = useCompanyCan(companyIdOf(posting)).editPostings;

  const project = isProject(posting);
  const status = project ? posting.project_status_id : posting.job_status_id;
  const hired = counts[2] > 0;
  const waiting = counts[0] + counts[1];

  let action: TAction | null = null;
  if (project && status === PROJECT_STATUS.recruiting) action = 'start';
  else if (project && status === PROJECT_STATUS.started) action = 'finish_project';
  else if (!project && (status === JOB_STATUS.recruiting || status === JOB_STATUS.inSelection)) {
    action = 'finish_job';
  }
  if (!action || !may) return null;
  const needsHire = action !== 'finish_project' && !hired;

  async function run(which: TAction) {
    const key = { kind: project ? ('project' as const) : ('job' as const), id: posting.id, lang };
    const outcome =
      which === 'start'
        ? await settle(start(key))
        : which === 'finish_project'
          ? await settle(finishProject(key))
          : await settle(finishJob(key));
    if (!outcome.ok) {
      // The dialog stays open: the owner sees why and may try again or cancel.
      toastError(
        failureText(outcome.failure, { fallback: t('lifecycle.failed'), serverWords: true }),
      );
      return;
    }
    setAsking(null);
    onChanged(outcome.data);
    toastSuccess(t(DONE[which]));
  }

  return (
    <div className={styles.lifecycle}>
      <Button
        onClick={() => setAsking(action)}
        disabled={needsHire || saving}
        aria-describedby={needsHire ? hintId : undefined}
      >
        {t(BUTTON[action])}
      </Button>
      {needsHire && (
        <p id={hintId} className={`${styles.lifecycleHint} ${styles.muted}`}>
          {t('lifecycle.needs_hire')}
        </p>
      )}
      <Dialog
        open={asking !== null}
        title={asking ? t(TITLE[asking], { name: posting.name }) : ''}
        onClose={() => setAsking(null)}
        dismissible={!saving}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)} disabled={saving}>
              {t('dialog.cancel')}
            </Button>
            <Button onClick={() => asking && void run(asking)} disabled={saving}>
              {asking ? t(BUTTON[asking]) : ''}
            </Button>
          </>
        }
      >
        {asking && <p>{t(BODY[asking])}</p>}
        <p>
          {waiting > 0
            ? t('lifecycle.closes_open', { count: waiting })
            : t('lifecycle.closes_none')}
        </p>
      </Dialog>
    </div>
  );
}
