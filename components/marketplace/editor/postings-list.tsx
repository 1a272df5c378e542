import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import {
  isProject,
  PostingStatus,
  type TPosting,
} from '@/components/marketplace/shared/posting-facts';
import { companyIdOf, useCanIn } from '@/components/team/use-company';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatDay } from '@/lib/format/day';
import { KINDS, kindOfPosting } from '@/lib/kinds';
import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  useCancelPostingMutation,
  marketplaceApi,
  useMyPostingsQuery,
} from '@/services/marketplace-api';
import type { TAddress } from '@/store/session-preload';
import type { AppStore } from '@/store';
import styles from '@/components/layout/list-page.module.css';
import { KindTabs, kindListOf, useKindList } from '@/components/marketplace/shared/kind-tabs';

/**
 * A posting is edited or cancelled while it recruits (docs/api.md: `DELETE` of a started,
 * finished or cancelled one is 409); a started project is finished from its applicant board.
 */
const recruiting = (p: TPosting) =>
  isProject(p)
    ? p.project_status_id === PROJECT_STATUS.recruiting
    : p.job_status_id === JOB_STATUS.recruiting;
const cancellable = recruiting;
const editable = recruiting;

/** The list's first read, from the address's `type` and `page` (store/session-preload.ts). */
export function prefetch(store: AppStore, { query }: TAddress) {
  if (store.getState().auth.user)
    store.dispatch(marketplaceApi.util.prefetch('myPostings', kindListOf(query), {}));
}

/** /business/postings: my projects and jobs in tabs, with status, deadline and applicants; edit, cancel. */
export default function PostingsList() {
  const { t, i18n } = useTranslation('market');
  const { t: tp } = useTranslation('pipeline');
  const failureText = useFailureText();
  const { type, page } = useKindList();
  const { data } = useMyPostingsQuery({ type, page });
  const [cancelPosting] = useCancelPostingMutation();
  const [asking, setAsking] = useState<TPosting | null>(null);
  // A recruiter moves applicants only: no new posting, no edit, no cancel (docs/product.md
  // "Companies and teams", "Screens"). The chosen company's role; a posting names its own.
  const canIn = useCanIn();

  async function cancel(p: TPosting) {
    setAsking(null);
    const outcome = await settle(cancelPosting({ kind: kindOfPosting(p), id: p.id }));
    if (!outcome.ok) return toastError(failureText(outcome.failure));
    toastSuccess(t('postings.cancelled'));
  }

  return (
    <>
      <KindTabs pathname="/business/postings" current={type} />
      {!data ? (
        <p className={`${styles.empty} ${styles.state}`} role="status">
          {t('postings.loading')}
        </p>
      ) : data.data.length === 0 ? (
        <div className={styles.empty}>
          <p>{t(`postings.empty_${KINDS[type].postings}`)}</p>
          {canIn().editPostings && (
            <ButtonLink href={`/business/${type}s/new`}>{t(`postings.new_${type}`)}</ButtonLink>
          )}
        </div>
      ) : (
        <ul className={styles.list}>
          {data.data.map((p) => (
            <li key={p.id} className={styles.card}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={`/${type}s/${p.id}`}>{p.name}</Link>
                </h2>
                <PostingStatus posting={p} />
              </div>
              <p className={styles.meta}>
                <span>{t('posting.applicants', { count: p.applications_count })}</span>
                <span>
                  {isProject(p) && p.project_status_id === PROJECT_STATUS.started
                    ? tp('postings.in_progress')
                    : !p.accepting
                      ? t('posting.closed')
                      : p.end_date
                        ? t('posting.deadline', { date: formatDay(p.end_date, i18n.language) })
                        : t('posting.no_deadline')}
                </span>
              </p>
              <div className={styles.actions}>
                <ButtonLink href={`/business/${type}s/${p.id}/applicants`}>
                  {tp('postings.view_applicants', { count: p.applications_count })}
                </ButtonLink>
                {editable(p) && canIn(companyIdOf(p)).editPostings && (
                  <ButtonLink href={`/business/${type}s/${p.id}/edit`} variant="secondary">
                    {t('postings.edit')}
                  </ButtonLink>
                )}
                {cancellable(p) && canIn(companyIdOf(p)).editPostings && (
                  <Button variant="ghost" onClick={() => setAsking(p)}>
                    {t('postings.cancel')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        title={asking ? t('postings.cancel_title', { name: asking.name }) : ''}
        onClose={() => setAsking(null)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)}>
              {t('postings.keep')}
            </Button>
            <Button variant="danger" onClick={() => asking && void cancel(asking)}>
              {t('postings.cancel')}
            </Button>
          </>
        }
      >
        <p>{t('postings.cancel_body')}</p>
      </Dialog>
    </>
  );
}
