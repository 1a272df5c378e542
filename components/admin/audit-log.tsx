import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { formatDay } from '@/lib/format/day';
import { adminApi, useOperatorAuditQuery } from '@/services/admin-api';
import type { AppStore } from '@/store';
import type { TOperatorAct } from '@/types/admin';
import { Pager } from './pager';
import styles from './admin.module.css';

// /admin/audit (docs/product.md "Operators"): every act of an operator, newest first: who, what,
// on what, when. Grants and revocations made on the command line have no operator.

/** The log's first page, read on the server with the page (page-state/operator-page.ts). */
export function prefetch(store: AppStore) {
  store.dispatch(adminApi.util.prefetch('operatorAudit', { page: 1 }, {}));
}

/** The acts the console names; another (a newer version's) shows as written. */
const KNOWN = new Set([
  'operator.granted',
  'operator.revoked',
  'verification.verified',
  'verification.rejected',
  'report.dismissed',
  'report.hidden',
  'user.suspended',
  'user.unsuspended',
]);

/** The act's target as "key: value" pairs (its plain values; ids as #12). */
function targetText(target: Record<string, unknown>) {
  return Object.entries(target)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${k}: ${typeof v === 'number' && /(^|_)id$/.test(k) ? `#${v}` : String(v)}`)
    .join(' · ');
}

function Act({ act }: { act: TOperatorAct }) {
  const { t, i18n } = useTranslation('admin');
  const who = act.operator
    ? `${act.operator.name} ${act.operator.last_name}`.trim()
    : t('audit.command_line');
  const time = act.created_at.slice(11, 16);
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3>{KNOWN.has(act.action) ? t(`audit.actions.${act.action}`) : act.action}</h3>
        <time dateTime={act.created_at}>
          {t('audit.when', { day: formatDay(act.created_at, i18n.language), time })}
        </time>
      </div>
      <p className={styles.meta}>
        <span>{t('audit.by', { name: who })}</span>
        <span>{targetText(act.target)}</span>
      </p>
    </li>
  );
}

export default function AuditLog() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const { data, isError, isFetching } = useOperatorAuditQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <section aria-labelledby="admin-audit" className={styles.state}>
      <h2 id="admin-audit" className="visually-hidden">
        {t('tabs.audit')}
      </h2>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {!data && !isError && <p role="status">{t('loading')}</p>}
      {data && (
        <p role="status" aria-busy={isFetching}>
          {t('audit.count', { count: data.total })}
        </p>
      )}
      {data?.data.length === 0 && <p className={styles.empty}>{t('audit.empty')}</p>}
      {data && data.data.length > 0 && (
        <ol className={styles.list}>
          {data.data.map((act) => (
            <Act key={act.id} act={act} />
          ))}
        </ol>
      )}
      {data && (
        <Pager page={data.page} last={data.last_page} onPage={setPage} label={t('audit.pages')} />
      )}
    </section>
  );
}
