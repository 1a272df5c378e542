import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState, type ReactNode } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { verifyPath } from '@/lib/explorer';
import { formatDay } from '@/lib/format/day';
import { langOf } from '@/lib/i18n/lang';
import { postingPath } from '@/lib/kinds';
import { REVIEW_LIMITS, reviewReplySchema } from '@/lib/schemas/reviews';
import { toastSuccess } from '@/lib/toast';
import { failureOf } from '@/services/api';
import {
  useReplyToReviewMutation,
  useReviewListQuery,
  type TReviewListArgs,
} from '@/services/reviews-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TReview, TReviewPage } from '@/types/review';
import { Stars } from './stars';
import styles from './reviews.module.css';

type TOwner = { of: 'talent'; id: number } | { of: 'company'; slug: string };

/** The reply form of one review, for the reviewed side. */
function ReplyForm({ review, onDone }: { review: TReview; onDone: () => void }) {
  const { t, i18n } = useTranslation('reviews');
  const failureText = useFailureText();
  const fields = useFieldErrors();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const send = async () => {
    setProblem(null);
    const input = { body, lang: langOf(i18n.language) };
    if (!fields.check(reviewReplySchema, input).ok) return;
    const result = await reply({ id: review.id, ...input });
    if ('error' in result) {
      fields.setErrors(failureOf(result.error).fields);
      setProblem(
        failureText(result.error, {
          fallback: t('reply.failed'),
          shown: ['body'],
          serverWords: true,
        }),
      );
      return;
    }
    toastSuccess(t('reply.sent'));
    onDone();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextAreaField
        label={t('reply.label', { name: review.author.name })}
        value={body}
        maxLength={REVIEW_LIMITS.body}
        counter={t('dialog.counter', { count: body.length, max: REVIEW_LIMITS.body })}
        error={fields.text('body')}
        onChange={(e) => {
          setBody(e.target.value);
          fields.clear('body');
        }}
      />
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <div className={styles.footer}>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('dialog.sending') : t('reply.send')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isLoading}>
          {t('dialog.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** One published review, beside its work and, when the chain confirms it, its proof. */
function ReviewItem({
  review: r,
  replyName,
  footer,
}: {
  review: TReview;
  /** Who answers on the reviewed side (the talent, or the company). */
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  const { t, i18n } = useTranslation('reviews');
  const [replying, setReplying] = useState(false);
  const author = r.author.deleted ? t('former_user') : r.author.name;
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
      {replying && <ReplyForm review={r} onDone={() => setReplying(false)} />}
      <div className={styles.footer}>
        {r.can_reply && !r.reply && !replying && (
          <Button
            variant="secondary"
            onClick={() => setReplying(true)}
            aria-label={t('reply.open_to', { name: author })}
          >
            {t('reply.open')}
          </Button>
        )}
        {/* The review's footer: room for actions on it (docs/product.md "Reviews"). */}
        {footer?.(r)}
      </div>
    </li>
  );
}

/** A further page of reviews ("Show more"). */
function MorePage({
  args,
  replyName,
  footer,
}: {
  args: TReviewListArgs;
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  const { data } = useReviewListQuery(args);
  return (
    <>
      {data?.data.map((r) => (
        <ReviewItem key={r.id} review={r} replyName={replyName} footer={footer} />
      ))}
    </>
  );
}

/**
 * "Reviews" on a talent's public page (written by companies) and on a company's page (written by
 * talents), rendered with the page: the average and count, each review beside its work with
 * "Verified on Algorand/NEAR" when the work's proof verifies, and the reply form for the reviewed
 * side once the viewer is known.
 */
export function ReviewsSection({
  owner,
  initial,
  replyName,
  footer,
}: {
  owner: TOwner;
  /** The first page, as the server rendered it. */
  initial: TReviewPage;
  /** The reviewed side's name, over its replies. */
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  const { t } = useTranslation('reviews');
  const { rehydrated } = useSession();
  const viewer = useAppSelector(selectUser);
  const [pages, setPages] = useState(1);
  const first: TReviewListArgs = { ...owner, page: 1 };
  // Signed in, the first page is read again: the reviewed side learns which it may reply to.
  const { data: fresh } = useReviewListQuery(first, { skip: !rehydrated || !viewer });
  const page = fresh ?? initial;
  return (
    <section className={styles.section} aria-labelledby="reviews-title" id="reviews">
      <h2 id="reviews-title">{t('title')}</h2>
      {page.count === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.summary}>
            <span className={styles.average}>{page.average?.toFixed(1)}</span>
            <Stars rating={page.average ?? 0} />
            <span className={styles.muted}>{t('count', { count: page.count })}</span>
          </p>
          <ul className={styles.list}>
            {page.data.map((r) => (
              <ReviewItem key={r.id} review={r} replyName={replyName} footer={footer} />
            ))}
            {Array.from({ length: pages - 1 }, (_, i) => (
              <MorePage
                key={i + 2}
                args={{ ...owner, page: i + 2 }}
                replyName={replyName}
                footer={footer}
              />
            ))}
          </ul>
          {pages < page.last_page && (
            <p>
              <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
                {t('more')}
              </Button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
