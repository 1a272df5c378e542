import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useLayoutEffect, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import {
  isProject,
  PostingStatus,
  type TPosting,
} from '@/components/marketplace/shared/posting-facts';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { langOf } from '@/lib/i18n/lang';
import { changeStatusSchema } from '@/lib/schemas/marketplace';
import { validate } from '@/lib/schemas/validate';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import type { TAddress } from '@/store/session-preload';
import { useDeferredArrival } from '@/lib/use-deferred-arrival';
import { statusOf } from '@/lib/kinds';
import { failureOf, settle } from '@/services/api';
import {
  pipelineApi,
  useBoardQuery,
  useChangeApplicationStatusMutation,
} from '@/services/pipeline-api';
import type { AppStore } from '@/store';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardApplication } from '@/types/pipeline';
import {
  ApplicantCard,
  fullName,
  OWNER_STATUSES,
  useStatusLabel,
  type TOwnerStatus,
} from './applicant-card';
import { BoardTitle } from './board-title';
import { LifecycleActions } from './lifecycle-actions';
import { MoveDialog } from './move-dialog';
import styles from './pipeline.module.css';

type TMove = { application: TBoardApplication; to: TOwnerStatus };

/** Whether the owner may still move applicants (docs/api.md: project 1; job 1 or 2). */
const recruits = (p: TPosting) =>
  isProject(p)
    ? p.project_status_id === PROJECT_STATUS.recruiting
    : p.job_status_id === JOB_STATUS.recruiting || p.job_status_id === JOB_STATUS.inSelection;

/**
 * The board's first read, started as soon as this chunk is there (store/session-preload.ts): the
 * posting is the one in the address (/business/projects/5/applicants, /es/business/jobs/2/...).
 */
export function prefetch(store: AppStore, { path }: TAddress) {
  const user = store.getState().auth.user;
  const match = /\/business\/(project|job)s\/(\d+)\/applicants\/?$/.exec(path);
  if (!user || user.is_talent || !match) return;
  const key = { kind: match[1] as TPostingKind, id: Number(match[2]) };
  store.dispatch(pipelineApi.util.prefetch('board', key, {}));
}

/**
 * The applicant board of one posting (docs/product.md "Pipeline and lifecycle"): columns by
 * status with their counts, the withdrawn apart, each card moved by its buttons after a
 * confirmation, and the posting's next step in its life.
 */
export default function ApplicantBoard({
  kind,
  posting: initial,
  onShown,
}: {
  kind: TPostingKind;
  posting: TPosting;
  /** Called once the board shows the answer (or why there is none), before it paints. */
  onShown?: () => void;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const { t: tc } = useTranslation('common');
  const lang = langOf(i18n.language);
  const label = useStatusLabel();
  const failureText = useFailureText();
  const [posting, setPosting] = useState(initial);
  const board = useBoardQuery({ kind, id: initial.id });
  const [changeStatus, changing] = useChangeApplicationStatusMutation();
  const [move, setMove] = useState<TMove | null>(null);
  /** Reasons being written, by application: a failed save or a cancel never loses one. */
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ id: number; token: number } | null>(null);

  const postingPath = `/${kind}s/${posting.id}`;
  // The board's first render is a transition (lib/use-deferred-arrival.ts).
  const boardData = useDeferredArrival(board.data);
  const answered = Boolean(boardData || board.error);
  useLayoutEffect(() => {
    if (answered) onShown?.();
  }, [answered, onShown]);

  if (board.error) {
    const failure = failureOf(board.error);
    if (failure.code === 'not_found') {
      return (
        <section className={styles.state} role="alert" aria-labelledby="board-missing">
          <h1 id="board-missing">{t('board.not_found_title')}</h1>
          <p>{t('board.not_found')}</p>
          <ButtonLink href="/business/postings" variant="secondary">
            {t('board.back')}
          </ButtonLink>
        </section>
      );
    }
    return (
      <section className={styles.state} role="alert">
        <p>{t('board.load_failed')}</p>
        <p className={styles.muted}>{failureText(failure, { nothingSaved: false })}</p>
        <Button variant="secondary" onClick={() => void board.refetch()}>
          {t('board.retry')}
        </Button>
      </section>
    );
  }
  if (!boardData) {
    return (
      <p className={styles.state} role="status">
        {t('board.loading')}
      </p>
    );
  }

  const { counts, data } = boardData;
  // As everywhere else, applicants are those who did not withdraw; the board is empty only
  // when nobody ever applied.
  const applicants = OWNER_STATUSES.reduce<number>((n, s) => n + counts[s], 0);
  const total = applicants + counts[4];
  const canMove = recruits(posting);
  const currency = posting.currency;
  // The hired talent said the work is done: the owner's cue to finish a started project.
  const started = isProject(posting) && posting.project_status_id === PROJECT_STATUS.started;
  const readyToClose = started
    ? data.filter(
        (a) =>
          'ready_to_close' in a && a.ready_to_close && statusOf(a) === APPLICATION_STATUS.hired,
      )
    : [];
  const inStatus = (s: number) => data.filter((a) => statusOf(a) === s);
  const reason = move ? (reasons[move.application.id] ?? '') : '';

  function ask(application: TBoardApplication, to: TOwnerStatus) {
    setReasonError(null);
    setMove({ application, to });
  }

  async function confirm() {
    if (!move) return;
    const { application, to } = move;
    const rejecting = to === APPLICATION_STATUS.rejected;
    const body = {
      application_id: application.id,
      status: to,
      ...(rejecting ? { reason } : {}),
      lang,
    };
    // The form runs the API's own schema; a rejection also needs its reason (the server's rule).
    const checked = validate(changeStatusSchema, body);
    const fieldError = !checked.ok
      ? checked.errors[0]!
      : rejecting && !checked.value.reason
        ? { path: 'reason', code: 'required' }
        : null;
    if (fieldError) {
      setReasonError(errorText(tc, fieldError));
      return;
    }
    setReasonError(null);
    const outcome = await settle(
      changeStatus({
        kind,
        id: posting.id,
        application_id: application.id,
        status: to,
        ...(rejecting && checked.ok && checked.value.reason
          ? { reason: checked.value.reason }
          : {}),
        lang,
      }),
    );
    if (!outcome.ok) {
      // The dialog stays open with the reason as typed; the owner may try again or cancel.
      const field = outcome.failure.fields.find((f) => f.path === 'reason');
      if (field) setReasonError(errorText(tc, field));
      // docs/product.md "Error catalogue", "Application updates": a failed change says "Error updating the data…".
      toastError(
        failureText(outcome.failure, {
          fallback: t('move.failed'),
          serverWords: true,
          shown: ['reason'],
        }),
      );
      return;
    }
    setReasons(({ [application.id]: _done, ...rest }) => rest);
    setMove(null);
    setFocus((f) => ({ id: application.id, token: (f?.token ?? 0) + 1 }));
    // Names the act ("Ana Quispe moved to Shortlisted"), then the seed's "Error catalogue" (docs/product.md) "Application updates" text.
    toastSuccess(
      t(to === APPLICATION_STATUS.rejected ? 'move.rejected' : 'move.moved', {
        name: fullName(application),
        status: label(to),
      }),
    );
  }

  const card = (a: TBoardApplication) => (
    <ApplicantCard
      key={a.id}
      application={a}
      currency={currency}
      ownerId={posting.owner.id}
      canMove={canMove}
      onMove={ask}
      focusToken={focus?.id === a.id ? focus.token : undefined}
    />
  );

  return (
    <div className={styles.board}>
      <header className={styles.header}>
        <div className={styles.headerText}>
          <BoardTitle name={posting.name} />
          <p className={styles.meta}>
            <PostingStatus posting={posting} />
            <span>{t('board.applicants', { count: applicants })}</span>
            <Link href={postingPath}>{t('board.view_posting')}</Link>
          </p>
        </div>
        <LifecycleActions posting={posting} counts={counts} onChanged={setPosting} />
      </header>

      {!canMove && total > 0 && (
        <p className={styles.note} role="note">
          {t('board.closed')}
        </p>
      )}
      {readyToClose.map((a) => (
        <p key={a.id} className={styles.note} role="note">
          {t('board.ready_note', { name: fullName(a) })}
        </p>
      ))}

      {total === 0 ? (
        <section className={styles.state} aria-labelledby="board-empty">
          <h2 id="board-empty">{t('board.empty_title')}</h2>
          <p>{canMove ? t('board.empty_recruiting') : t('board.empty_closed')}</p>
          {canMove && <ButtonLink href={postingPath}>{t('board.view_posting')}</ButtonLink>}
        </section>
      ) : (
        <>
          <div className={styles.columns} role="group" aria-label={t('board.columns')}>
            {OWNER_STATUSES.map((s) => {
              const cards = inStatus(s);
              const headingId = `column-${s}`;
              return (
                <section key={s} className={styles.column} aria-labelledby={headingId}>
                  <h2 id={headingId} className={styles.columnTitle}>
                    {label(s)} <span className={styles.count}>{counts[s]}</span>
                  </h2>
                  {cards.length === 0 ? (
                    <p className={styles.columnEmpty}>{t('board.column_empty')}</p>
                  ) : (
                    <ul className={styles.cards}>{cards.map(card)}</ul>
                  )}
                </section>
              );
            })}
          </div>
          {counts[4] > 0 && (
            <details className={styles.withdrawn}>
              <summary>{t('board.withdrawn', { count: counts[4] })}</summary>
              <p className={styles.muted}>{t('board.withdrawn_hint')}</p>
              <ul className={styles.cards}>{inStatus(APPLICATION_STATUS.withdrawn).map(card)}</ul>
            </details>
          )}
        </>
      )}

      <MoveDialog
        move={move}
        reason={reason}
        reasonError={reasonError}
        saving={changing.isLoading}
        onReason={(text) => {
          if (!move) return;
          const id = move.application.id;
          setReasons((all) => ({ ...all, [id]: text }));
        }}
        onCancel={() => setMove(null)}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}
