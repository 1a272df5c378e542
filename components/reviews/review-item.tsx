import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { ReportButton } from '@/components/trust/report-button';
import { verifyPath } from '@/lib/explorer';
import { formatDay } from '@/lib/format/day';
import { postingPath } from '@/lib/kinds';
import type { TReview } from '@/types/review';
import { Stars } from './stars';
import styles from './reviews.module.css';

/** The name a review's author shows under: "Former user" in the page's language once gone. */
export function useAuthorName() {
  const { t } = useTranslation('reviews');
  return (r: TReview) => (r.author.deleted ? t('former_user') : r.author.name);
}

/**
 * One published review, beside its work and, when the chain confirms it, its proof
 * (docs/product.md "Reviews"). `reply` is the reply form or its button (signed in, the reviewed
 * side); `footer` is room for actions on it.
 */
export function ReviewItem({
  review: r,
  replyName,
  reply,
  footer,
}: {
  review: TReview;
  /** Who answers on the reviewed side (the talent, or the company). */
  replyName: string;
  reply?: ReactNode;
  footer?: (review: TReview) => ReactNode;
}) {
  const { t, i18n } = useTranslation('reviews');
  const author = useAuthorName()(r);
  const network = r.proof ? t(`networks.${r.proof.network}`) : '';
  return (
    <li className={styles.review} aria-labelledby={`review-${r.id}`}>
      <p className={styles.head}>
        <Stars rating={r.rating} />
        <span id={`review-${r.id}`} className={styles.author}>
          {r.author.company ?? author}
        </span>
        {r.author.company && !r.author.deleted && (
          <span className={styles.muted}>{t('by', { name: author })}</span>
        )}
        <time className={styles.muted} dateTime={r.created_at}>
          {formatDay(r.created_at, i18n.language)}
        </time>
      </p>
      <p className={styles.work}>
        <span>
          {t('work')} <Link href={postingPath(r.posting.kind, r.posting.id)}>{r.posting.name}</Link>
        </span>
        {r.proof?.verdict === 'verified' && (
          <Link className={styles.verified} href={verifyPath(r.proof.network, r.proof.tx_id)}>
            <span aria-hidden="true">✓</span> {t('verified', { network })}
          </Link>
        )}
      </p>
      <p className={styles.body}>{r.body}</p>
      {r.reply && (
        <div className={styles.reply}>
          <p className={styles.author}>{t('reply.from', { name: replyName })}</p>
          <p>{r.reply.body}</p>
        </div>
      )}
      {/* The review's footer: its actions (docs/product.md "Reviews", "Reports and suspension"). */}
      <div className={styles.footer}>
        {reply}
        <ReportButton
          targetKind="review"
          targetId={r.id}
          ariaLabel={t('report.review_named', { ns: 'common', name: r.author.company ?? author })}
        />
        {footer?.(r)}
      </div>
    </li>
  );
}
