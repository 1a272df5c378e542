import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { formatDay } from '@/lib/format/day';
import { formatMoney } from '@/lib/format/money';
import { JOB_STATUS, OPEN_APPLICATION_STATUSES, PROJECT_STATUS, statusName } from '@/lib/statuses';
import { marketplaceApi, useMyApplicationsQuery } from '@/services/marketplace-api';
import type { TAddress } from '@/store/session-preload';
import type { AppStore } from '@/store';
import type { TJobApplication, TProjectApplication } from '@/types/marketplace';
import styles from '@/components/layout/list-page.module.css';
import { KindTabs, kindListOf, useKindList } from '@/components/marketplace/shared/kind-tabs';
import { ApplicationStatus } from '@/components/marketplace/shared/application-status';
import { WithdrawApplication } from './withdraw-application';
import { KINDS } from '@/lib/kinds';

const isProjectApplication = (a: TProjectApplication | TJobApplication): a is TProjectApplication =>
  'project_id' in a;

/** The list's first read, from the address's `type` and `page` (store/session-preload.ts). */
export function prefetch(store: AppStore, { query }: TAddress) {
  if (store.getState().auth.user)
    store.dispatch(marketplaceApi.util.prefetch('myApplications', kindListOf(query), {}));
}

/** /applications: the talent's applications in tabs, each with its status and posting. */
export default function ApplicationsList() {
  const { t, i18n } = useTranslation('market');
  const { type, page } = useKindList();
  const { data } = useMyApplicationsQuery({ type, page });
  return (
    <>
      <KindTabs pathname="/applications" current={type} />
      {!data ? (
        <p className={`${styles.empty} ${styles.state}`} role="status">
          {t('applications.loading')}
        </p>
      ) : data.data.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('applications.empty')}</p>
          <ButtonLink
            href={{
              pathname: '/opportunities',
              query: { tab: KINDS[type].postings },
            }}
          >
            {t('applications.find')}
          </ButtonLink>
        </div>
      ) : (
        <ul className={styles.list}>
          {data.data.map((a) => {
            const project = isProjectApplication(a);
            const status = project ? a.accepted : a.selected;
            const posting = project ? a.project : a.job;
            // A talent withdraws while the posting recruits (docs/product.md "Applying").
            const postingRecruits =
              (project ? a.project.project_status_id : a.job.job_status_id) ===
              PROJECT_STATUS.recruiting;
            const postingStatus = project
              ? statusName(PROJECT_STATUS, a.project.project_status_id)
              : statusName(JOB_STATUS, a.job.job_status_id);
            return (
              <li key={a.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <h2>
                    <Link href={`/${type}s/${posting.id}`}>{posting.name}</Link>
                  </h2>
                  <ApplicationStatus status={status} />
                </div>
                <p className={styles.meta}>
                  <span>
                    {t('applications.applied_on', { time: formatDay(a.created_at, i18n.language) })}
                  </span>
                  {project && (
                    <span>{formatMoney(a.price_proposal, a.project.currency, i18n.language)}</span>
                  )}
                  {postingStatus && (
                    <span>{t(`statuses.${project ? 'project' : 'job'}.${postingStatus}`)}</span>
                  )}
                </p>
                {a.reason && (
                  <p className={styles.meta}>{t('apply.reason', { reason: a.reason })}</p>
                )}
                {OPEN_APPLICATION_STATUSES.includes(status) && postingRecruits && (
                  <div className={styles.actions}>
                    <WithdrawApplication
                      kind={type}
                      applicationId={a.id}
                      postingName={posting.name}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
