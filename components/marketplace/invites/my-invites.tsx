import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/layout/list-page.module.css';
import { Pagination } from '@/components/marketplace/browse/pagination';
import { Badge } from '@/components/ui/badge';
import { formatDay } from '@/lib/format/day';
import { postingPath } from '@/lib/kinds';
import { useMyInvitesQuery } from '@/services/invites-api';
import own from './invites.module.css';

/** Whether /applications shows its Invitations tab (`?type=invites`). */
export const isInvitesTab = (query: Record<string, unknown>) => query.type === 'invites';

/** The Invitations tab's link, beside the kinds' tabs of /applications. */
export function InvitesTab({ active }: { active: boolean }) {
  const { t } = useTranslation('market');
  return (
    <Link
      href={{ pathname: '/applications', query: { type: 'invites' } }}
      className={active ? styles.tabActive : styles.tab}
      aria-current={active ? 'page' : undefined}
    >
      {t('invites.tab')}
    </Link>
  );
}

/**
 * /applications → Invitations (docs/product.md "Invitations to apply"): the companies that
 * invited the talent to apply, newest first, each with its posting's link, the message, and
 * "Applied" once the talent applied.
 */
export function MyInvites() {
  const { t, i18n } = useTranslation('market');
  const page = Number(useRouter().query.page) || 1;
  const { data } = useMyInvitesQuery({ page }, { refetchOnMountOrArgChange: true });
  if (!data) {
    return (
      <p className={`${styles.empty} ${styles.state}`} role="status">
        {t('invites.loading_list')}
      </p>
    );
  }
  if (data.data.length === 0) return <p className={styles.empty}>{t('invites.empty')}</p>;
  return (
    <>
      <ul className={styles.list}>
        {data.data.map((invite) => {
          const { posting } = invite;
          const inviter = invite.inviter
            ? `${invite.inviter.name} ${invite.inviter.last_name}`.trim()
            : null;
          return (
            <li key={invite.id} className={styles.card}>
              <div className={styles.cardHead}>
                <h2>
                  <Link href={postingPath(posting.kind, posting.id)}>{posting.name}</Link>
                </h2>
                {invite.applied && <Badge tone="success">{t('invites.applied')}</Badge>}
              </div>
              <p className={styles.meta}>
                <span>
                  {inviter
                    ? t('invites.by_person', { name: inviter, company: posting.company.name })
                    : t('invites.by_company', { company: posting.company.name })}
                </span>
                <span>{t(`invites.kind.${posting.kind}`)}</span>
                <span>
                  {t('invites.on', { time: formatDay(invite.created_at, i18n.language) })}
                </span>
              </p>
              {invite.message && <p className={own.quote}>{invite.message}</p>}
            </li>
          );
        })}
      </ul>
      <Pagination page={data.page} last={data.last_page} />
    </>
  );
}
