import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDay } from '@/lib/format/day';
import type { TPostingKind } from '@/lib/kinds';
import { useReviewStateQuery } from '@/services/reviews-api';
import { ReviewDialog } from './review-dialog';
import { Stars } from './stars';
import styles from './reviews.module.css';

/**
 * Where one side stands on the review of one finished application (docs/product.md "Reviews"):
 * "Review Andes Labs" while the window is open, the pending state once written (hidden until the
 * other side writes or the window closes), "Reviewed" once published. Shown on the talent's
 * /applications and on the hired card of a finished posting's board. Nothing for work that was
 * not hired or not finished.
 */
export default function ReviewAction({
  kind,
  applicationId,
}: {
  kind: TPostingKind;
  applicationId: number;
}) {
  const { t, i18n } = useTranslation('reviews');
  const [open, setOpen] = useState(false);
  const { data } = useReviewStateQuery({ kind, application_id: applicationId });
  if (!data || data.opens_at === null) return null;
  const name = data.counterpart.name;
  const other = data.other;
  return (
    <div className={styles.action}>
      {data.open && (
        <Button
          onClick={() => setOpen(true)}
          aria-label={t('action.review_about', { name, posting: data.posting.name })}
        >
          {t('action.review', { name })}
        </Button>
      )}
      {data.open && data.closes_at && (
        <span className={styles.muted}>
          {t('action.until', { date: formatDay(data.closes_at, i18n.language) })}
        </span>
      )}
      {data.mine && !data.mine.visible && (
        <span className={styles.pending}>{t('action.pending', { name })}</span>
      )}
      {data.mine && data.mine.visible && <Badge tone="success">{t('action.reviewed')}</Badge>}
      {data.mine && (
        <span className={styles.muted}>
          {t('action.yours')} <Stars rating={data.mine.rating} />
        </span>
      )}
      {other.state === 'waiting' && (
        <span className={styles.muted}>{t('action.waiting', { name })}</span>
      )}
      {other.state === 'visible' && (
        <span className={styles.muted}>
          {t('action.theirs', { name })} <Stars rating={other.review.rating} />
        </span>
      )}
      {!data.open && !data.mine && other.state === 'none' && (
        <span className={styles.muted}>{t('action.closed')}</span>
      )}
      <ReviewDialog
        open={open}
        onClose={() => setOpen(false)}
        kind={kind}
        applicationId={applicationId}
        name={name}
        posting={data.posting.name}
      />
    </div>
  );
}
