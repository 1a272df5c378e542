import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { ButtonLink } from '@/components/ui/button';
import { formatDay } from '@/lib/format/day';
import { formatMoney } from '@/lib/format/money';
import { APPLICATION_STATUS, OPEN_APPLICATION_STATUSES, statusName } from '@/lib/statuses';
import { marketplaceApi, useMyApplicationsQuery } from '@/services/marketplace-api';
import type { TAddress } from '@/store/session-preload';
import type { AppStore } from '@/store';
import styles from '@/components/layout/list-page.module.css';
import { KindTabs, kindListOf, useKindList } from '@/components/marketplace/shared/kind-tabs';
import { ApplicationStatus } from '@/components/marketplace/shared/application-status';
import { MessageButton } from '@/components/messages/message-button';
import { InvitesTab, isInvitesTab, MyInvites } from '@/components/marketplace/invites/my-invites';
import { WithdrawApplication } from './withdraw-application';
import {
  KINDS,
  kindOfApplication,
  postingOfApplication,
  postingPath,
  postingStatusOf,
  statusOf,
} from '@/lib/kinds';

// The review of finished work (docs/product.md "Reviews"): only hired work that finished has one.
const ReviewAction = dynamic(() => import('@/components/reviews/review-action'), { ssr: false });

/** The list's first read, from the address's `type` and `page` (store/session-preload.ts). */
export function prefetch(store: AppStore, { query }: TAddress) {
  if (store.getState().auth.user)
    store.dispatch(marketplaceApi.util.prefetch('myApplications', kindListOf(query), {}));
}

/** /applications: the talent's applications in tabs, each with its status and posting. */
export default function ApplicationsList() {
  const { t, i18n } = useTranslation('market');
  const { type, page } = useKindList();
  const invites = isInvitesTab(useRouter().query);
  const { data } = useMyApplicationsQuery({ type, page }, { skip: invites });
  if (invites) {
    return (
      <>
        <KindTabs pathname="/applications" current={null}>
          <InvitesTab active />
        </KindTabs>
        <MyInvites />
      </>
    );
  }
  return (
    <>
      <KindTabs pathname="/applications" current={type}>
        <InvitesTab active={false} />
      </KindTabs>
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
            const kind = kindOfApplication(a);
            const status = statusOf(a);
            const posting = postingOfApplication(a);
            const postingStatusId = postingStatusOf(posting);
            // A talent withdraws while the posting recruits (docs/product.md "Applying").
            const postingRecruits = postingStatusId === KINDS[kind].statuses.recruiting;
            const postingStatus = statusName(KINDS[kind].statuses, postingStatusId);
            const finishedHire =
              status === APPLICATION_STATUS.hired &&
              postingStatusId === KINDS[kind].statuses.finished;
            return (
              <li key={a.id} className={styles.card}>
                <div className={styles.cardHead}>
                  <h2>
                    <Link href={postingPath(kind, posting.id)}>{posting.name}</Link>
                  </h2>
                  <ApplicationStatus status={status} />
                </div>
                <p className={styles.meta}>
                  <span>
                    {t('applications.applied_on', { time: formatDay(a.created_at, i18n.language) })}
                  </span>
                  {'price_proposal' in a && (
                    <span>{formatMoney(a.price_proposal, a.project.currency, i18n.language)}</span>
                  )}
                  {postingStatus && <span>{t(`statuses.${kind}.${postingStatus}`)}</span>}
                </p>
                {a.reason && (
                  <p className={styles.meta}>{t('apply.reason', { reason: a.reason })}</p>
                )}
                {finishedHire && <ReviewAction kind={kind} applicationId={a.id} />}
                <div className={styles.actions}>
                  <MessageButton kind={kind} applicationId={a.id} posting={posting.name} />
                  {OPEN_APPLICATION_STATUSES.includes(status) && postingRecruits && (
                    <WithdrawApplication
                      kind={type}
                      applicationId={a.id}
                      postingName={posting.name}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
