import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatDay } from '@/lib/format/day';
import { langOf } from '@/lib/i18n/lang';
import { VERIFICATION_REASON_MAX } from '@/lib/schemas/admin';
import { toastError, toastSuccess } from '@/lib/toast';
import { settle } from '@/services/api';
import {
  adminApi,
  useDecideVerificationMutation,
  useVerificationQueueQuery,
} from '@/services/admin-api';
import type { AppStore } from '@/store';
import type { TVerificationItem } from '@/types/admin';
import { Pager } from './pager';
import styles from './admin.module.css';

// /admin/verifications (docs/product.md "Operators"): the experiences and study centres whose
// talent asked for a verification, oldest request first, with what the talent wrote. Approve
// verifies the entry; Refuse asks for the reason the talent will read.

/** The queue's first page, read on the server with the page (page-state/operator-page.ts). */
export function prefetch(store: AppStore) {
  store.dispatch(adminApi.util.prefetch('verificationQueue', { page: 1 }, {}));
}

/** Where the entry is: the workplace or the study centre. */
const placeOf = (item: TVerificationItem) =>
  item.kind === 'workplace' ? item.entry.workplace_name : item.entry.name;

function Entry({ item }: { item: TVerificationItem }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const e = item.entry;
  const ongoing = item.kind === 'workplace' ? item.entry.work_here : item.entry.studying_here;
  const dates = `${formatDay(e.start_date, lang)} – ${
    e.end_date && !ongoing ? formatDay(e.end_date, lang) : t('verifications.present')
  }`;
  return (
    <dl className={styles.facts}>
      {item.kind === 'workplace' ? (
        <>
          <dt>{t('verifications.fields.workplace')}</dt>
          <dd>{item.entry.workplace_name}</dd>
          <dt>{t('verifications.fields.position')}</dt>
          <dd>{item.entry.position}</dd>
        </>
      ) : (
        <>
          <dt>{t('verifications.fields.centre')}</dt>
          <dd>{item.entry.name}</dd>
          <dt>{t('verifications.fields.course')}</dt>
          <dd>{item.entry.course_name}</dd>
        </>
      )}
      <dt>{t('verifications.fields.dates')}</dt>
      <dd>{dates}</dd>
      <dt>{t('verifications.fields.description')}</dt>
      <dd>{e.description || t('verifications.no_description')}</dd>
    </dl>
  );
}

/** The reason dialog of a refusal: the reason is required and the talent reads it. */
function RefuseDialog({ item, onClose }: { item: TVerificationItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const say = useFailureText();
  const [decide, { isLoading }] = useDecideVerificationMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!item) return;
    if (!reason.trim()) {
      setError(t('verifications.refuse.required'));
      return;
    }
    const outcome = await settle(
      decide({
        kind: item.kind,
        id: item.id,
        verify_status_id: 4,
        reason: reason.trim(),
        lang: langOf(i18n.language),
      }),
    );
    if (outcome.ok) {
      toastSuccess(t('verifications.refused', { place: placeOf(item) }));
      close();
    } else {
      const field = outcome.failure.fields.find((f) => f.path === 'reason');
      if (field) setError(say(outcome.failure));
      else toastError(say(outcome.failure, { serverWords: true }));
    }
  };
  return (
    <Dialog
      open={item !== null}
      title={item ? t('verifications.refuse.title', { place: placeOf(item) }) : ''}
      onClose={close}
      dismissible={!isLoading}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {t('actions.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void submit()} disabled={isLoading}>
            {t('verifications.refuse.submit')}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t('verifications.refuse.reason')}
        hint={t('verifications.refuse.hint')}
        value={reason}
        maxLength={VERIFICATION_REASON_MAX}
        counter={`${reason.length} / ${VERIFICATION_REASON_MAX}`}
        error={error}
        required
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
      />
    </Dialog>
  );
}

export default function VerificationQueue() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const say = useFailureText();
  const [page, setPage] = useState(1);
  const { data, isError, isFetching } = useVerificationQueueQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );
  const [decide, { isLoading: deciding }] = useDecideVerificationMutation();
  const [refusing, setRefusing] = useState<TVerificationItem | null>(null);

  const approve = async (item: TVerificationItem) => {
    const outcome = await settle(
      decide({
        kind: item.kind,
        id: item.id,
        verify_status_id: 3,
        lang: langOf(lang),
      }),
    );
    if (outcome.ok) toastSuccess(t('verifications.approved', { place: placeOf(item) }));
    else toastError(say(outcome.failure, { serverWords: true }));
  };

  return (
    <section aria-labelledby="admin-verifications" className={styles.state}>
      <h2 id="admin-verifications" className="visually-hidden">
        {t('tabs.verifications')}
      </h2>
      {isError && <p role="alert">{t('errors.load')}</p>}
      {!data && !isError && <p role="status">{t('loading')}</p>}
      {data && (
        <p role="status" aria-busy={isFetching}>
          {t('verifications.count', { count: data.total })}
        </p>
      )}
      {data?.data.length === 0 && <p className={styles.empty}>{t('verifications.empty')}</p>}
      {data && data.data.length > 0 && (
        <ol className={styles.list}>
          {data.data.map((item) => {
            const place = placeOf(item);
            const who = `${item.talent.name} ${item.talent.last_name}`.trim();
            return (
              <li key={`${item.kind}-${item.id}`} className={styles.card}>
                <div className={styles.cardHead}>
                  <h3>{place}</h3>
                  <Badge tone="info">{t(`verifications.kinds.${item.kind}`)}</Badge>
                </div>
                <p className={styles.meta}>
                  <Link href={`/talents/${item.talent.id}`}>{who}</Link>
                  <span>{item.talent.email}</span>
                  <span>
                    {t('verifications.requested')}{' '}
                    <time dateTime={item.requested_at}>{formatDay(item.requested_at, lang)}</time>
                  </span>
                </p>
                <Entry item={item} />
                <div className={styles.actions}>
                  <Button
                    onClick={() => void approve(item)}
                    disabled={deciding}
                    aria-label={t('verifications.approve_named', { place, name: who })}
                  >
                    {t('verifications.approve')}
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() => setRefusing(item)}
                    disabled={deciding}
                    aria-label={t('verifications.refuse_named', { place, name: who })}
                  >
                    {t('verifications.refuse.open')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {data && (
        <Pager
          page={data.page}
          last={data.last_page}
          onPage={setPage}
          label={t('verifications.pages')}
        />
      )}
      <RefuseDialog item={refusing} onClose={() => setRefusing(null)} />
    </section>
  );
}
