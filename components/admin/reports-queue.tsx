import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatDay } from '@/lib/format/day';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  adminApi,
  type TReportTab,
  useAdminReportsQuery,
  useLiftSuspensionMutation,
  useResolveReportMutation,
} from '@/services/admin-api';
import type { TAddress } from '@/store/session-preload';
import type { AppStore } from '@/store';
import type { TAdminReport, TPersonRef, TReportAction, TReportStatus } from '@/types/admin';
import { Pager } from './pager';
import styles from './admin.module.css';

// /admin/reports (docs/product.md "Operators", "Reports"): what people reported, in two tabs:
// Open (oldest first) and Resolved (newest first). Each report shows the thing (a link), the
// reason, who reported it and its author; an operator dismisses it, hides the thing or suspends
// its author, with an optional note. A suspension can be lifted from its report.

/** The longest note an operator leaves on a resolution. */
const NOTE_MAX = 1000;

const tabOf = (query: Record<string, unknown>): TReportTab =>
  query.status === 'resolved' ? 'resolved' : 'open';

/** The tab's first page, read on the server with the page (page-state/operator-page.ts). */
export function prefetch(store: AppStore, { query }: TAddress) {
  store.dispatch(adminApi.util.prefetch('adminReports', { status: tabOf(query), page: 1 }, {}));
}

const STATUS_TONE: Record<TReportStatus, TBadgeTone> = {
  open: 'warning',
  dismissed: 'neutral',
  hidden: 'info',
  suspended: 'danger',
};

const nameOf = (p: TPersonRef | null, former: string) =>
  p ? `${p.name} ${p.last_name}`.trim() : former;

/** The confirmation of a resolution, with its optional note. */
function ResolveDialog({
  pending,
  onClose,
}: {
  pending: { report: TAdminReport; action: TReportAction } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const say = useFailureText();
  const [resolve, { isLoading }] = useResolveReportMutation();
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  const submit = async () => {
    if (!pending) return;
    const { report, action } = pending;
    const outcome = await settle(
      resolve({ id: report.id, action, ...(note.trim() ? { note: note.trim() } : {}) }),
    );
    if (outcome.ok) {
      toastSuccess(t(`reports.done.${action}`));
      close();
    } else {
      toastError(say(outcome.failure, { serverWords: true }));
    }
  };
  const action = pending?.action;
  return (
    <Dialog
      open={pending !== null}
      title={action ? t(`reports.confirm.${action}.title`) : ''}
      onClose={close}
      dismissible={!isLoading}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant={action === 'dismiss' ? 'primary' : 'danger'}
            onClick={() => void submit()}
            disabled={isLoading}
          >
            {action ? t(`reports.actions.${action}`) : ''}
          </Button>
        </>
      }
    >
      {pending && (
        <>
          <p>
            {t(`reports.confirm.${pending.action}.body`, {
              thing: pending.report.target.label,
              name: nameOf(pending.report.author, t('reports.former_user')),
            })}
          </p>
          <TextAreaField
            label={t('reports.note')}
            optionalLabel={t('optional')}
            hint={t('reports.note_hint')}
            value={note}
            maxLength={NOTE_MAX}
            counter={`${note.length} / ${NOTE_MAX}`}
            onChange={(e) => setNote(e.target.value)}
          />
        </>
      )}
    </Dialog>
  );
}

function ReportCard({
  report,
  onAction,
}: {
  report: TAdminReport;
  onAction: (action: TReportAction) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const say = useFailureText();
  const [lift, { isLoading: lifting }] = useLiftSuspensionMutation();
  const former = t('reports.former_user');
  const author = report.author;
  const kind =
    report.target_kind === 'posting' && report.posting_kind
      ? t(`reports.kinds.${report.posting_kind}`)
      : t(`reports.kinds.${report.target_kind}`);
  const liftSuspension = async () => {
    if (!author) return;
    const outcome = await settle(lift({ userId: author.id }));
    if (outcome.ok) toastSuccess(t('reports.lifted', { name: nameOf(author, former) }));
    else toastError(say(outcome.failure, { serverWords: true }));
  };
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <h3>
          {report.target.url ? (
            <Link href={report.target.url}>{report.target.label}</Link>
          ) : (
            report.target.label
          )}
        </h3>
        <span className={styles.meta}>
          <Badge tone="neutral">{kind}</Badge>
          <Badge tone={STATUS_TONE[report.status]}>{t(`reports.status.${report.status}`)}</Badge>
          {report.target.hidden && <Badge tone="info">{t('reports.hidden')}</Badge>}
        </span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('reports.fields.reason')}</dt>
        <dd>{report.reason}</dd>
        <dt>{t('reports.fields.reporter')}</dt>
        <dd>{nameOf(report.reporter, former)}</dd>
        <dt>{t('reports.fields.author')}</dt>
        <dd>
          {author ? `${nameOf(author, former)} · ${author.email}` : former}
          {author?.suspended && (
            <>
              {' '}
              <Badge tone="danger">{t('reports.suspended')}</Badge>
            </>
          )}
        </dd>
        <dt>{t('reports.fields.reported')}</dt>
        <dd>
          <time dateTime={report.created_at}>{formatDay(report.created_at, lang)}</time>
        </dd>
        {report.status !== 'open' && (
          <>
            <dt>{t('reports.fields.resolved')}</dt>
            <dd>
              {nameOf(report.resolved_by, former)}
              {report.resolved_at && (
                <>
                  {' · '}
                  <time dateTime={report.resolved_at}>{formatDay(report.resolved_at, lang)}</time>
                </>
              )}
            </dd>
            {report.note && (
              <>
                <dt>{t('reports.fields.note')}</dt>
                <dd>{report.note}</dd>
              </>
            )}
          </>
        )}
      </dl>
      {report.status === 'open' && (
        <div className={styles.actions}>
          {(['dismiss', 'hide', 'suspend'] as const).map((action) => (
            <Button
              key={action}
              variant={action === 'dismiss' ? 'secondary' : 'danger'}
              onClick={() => onAction(action)}
              // Suspending needs an author (a deleted account has none left).
              disabled={action === 'suspend' && (!author || author.suspended)}
              aria-label={t(`reports.actions_named.${action}`, { thing: report.target.label })}
            >
              {t(`reports.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
      {report.status === 'suspended' && author?.suspended && (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void liftSuspension()}
            disabled={lifting}
            aria-label={t('reports.lift_named', { name: nameOf(author, former) })}
          >
            {t('reports.lift')}
          </Button>
        </div>
      )}
    </li>
  );
}

export default function ReportsQueue() {
  const { t } = useTranslation('admin');
  const router = useRouter();
  const tab = tabOf(router.query);
  const [page, setPage] = useState(1);
  const { data, isError, isFetching } = useAdminReportsQuery(
    { status: tab, page },
    { refetchOnMountOrArgChange: true },
  );
  const [pending, setPending] = useState<{ report: TAdminReport; action: TReportAction } | null>(
    null,
  );
  return (
    <section aria-labelledby="admin-reports" className={styles.state}>
      <h2 id="admin-reports" className="visually-hidden">
        {t('tabs.reports')}
      </h2>
      <nav aria-label={t('reports.tabs_label')} className={styles.tabs}>
        {(['open', 'resolved'] as const).map((name) => (
          <Link
            key={name}
            href={{ pathname: '/admin/reports', query: name === 'open' ? {} : { status: name } }}
            className={name === tab ? styles.tabActive : styles.tab}
            aria-current={name === tab ? 'page' : undefined}
            onClick={() => setPage(1)}
            prefetch={false}
          >
            {t(`reports.tabs.${name}`)}
          </Link>
        ))}
      </nav>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {!data && !isError && <p role="status">{t('loading')}</p>}
      {data && (
        <p role="status" aria-busy={isFetching}>
          {t(`reports.count_${tab}`, { count: data.total })}
        </p>
      )}
      {data?.data.length === 0 && <p className={styles.empty}>{t(`reports.empty_${tab}`)}</p>}
      {data && data.data.length > 0 && (
        <ol className={styles.list}>
          {data.data.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              onAction={(action) => setPending({ report, action })}
            />
          ))}
        </ol>
      )}
      {data && (
        <Pager page={data.page} last={data.last_page} onPage={setPage} label={t('reports.pages')} />
      )}
      <ResolveDialog pending={pending} onClose={() => setPending(null)} />
    </section>
  );
}
