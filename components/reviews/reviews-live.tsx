import { useTranslation } from 'next-i18next/pages';
import { useState, type ReactNode } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { langOf } from '@/lib/i18n/lang';
import { REVIEW_LIMITS, reviewReplySchema } from '@/lib/schemas/reviews';
import { toastSuccess } from '@/lib/toast';
import { failureOf } from '@/services/api';
import {
  useReplyToReviewMutation,
  useReviewListQuery,
  type TReviewListArgs,
} from '@/services/reviews-api';
import type { TReview, TReviewPage } from '@/types/review';
import { ReviewItem, useAuthorName } from './review-item';
import styles from './reviews.module.css';

// The Reviews section once it reads the API (./reviews-section.tsx loads it when the viewer is
// signed in or asks for more): the pages after the first, and the reply of the reviewed side.
// Apart, so that the public pages' first load carries no API cache.

export type TReviewOwner = { of: 'talent'; id: number } | { of: 'company'; slug: string };

/** The reply form of one review, for the reviewed side. */
function ReplyForm({ review, onDone }: { review: TReview; onDone: () => void }) {
  const { t, i18n } = useTranslation('reviews');
  const failureText = useFailureText();
  const fields = useFieldErrors();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToReviewMutation();
  const authorName = useAuthorName();
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
      className={styles.replyForm}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <TextAreaField
        label={t('reply.label', { name: authorName(review) })}
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

/** A review with its reply button and form, when the viewer may still reply. */
function LiveItem({
  review,
  replyName,
  footer,
}: {
  review: TReview;
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  const { t } = useTranslation('reviews');
  const [replying, setReplying] = useState(false);
  const authorName = useAuthorName();
  const canReply = review.can_reply && !review.reply;
  const reply = replying ? (
    <ReplyForm review={review} onDone={() => setReplying(false)} />
  ) : canReply ? (
    <Button
      variant="secondary"
      onClick={() => setReplying(true)}
      aria-label={t('reply.open_to', { name: authorName(review) })}
    >
      {t('reply.open')}
    </Button>
  ) : null;
  return <ReviewItem review={review} replyName={replyName} reply={reply} footer={footer} />;
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
        <LiveItem key={r.id} review={r} replyName={replyName} footer={footer} />
      ))}
    </>
  );
}

/** The list as the API answers it to the viewer, `pages` pages of it. */
export default function ReviewsLive({
  owner,
  initial,
  pages,
  signedIn,
  replyName,
  footer,
}: {
  owner: TReviewOwner;
  initial: TReviewPage;
  pages: number;
  /** Signed in, the first page is read again: the reviewed side learns which it may reply to. */
  signedIn: boolean;
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  const { data: fresh } = useReviewListQuery({ ...owner, page: 1 }, { skip: !signedIn });
  const page = fresh ?? initial;
  return (
    <>
      {page.data.map((r) => (
        <LiveItem key={r.id} review={r} replyName={replyName} footer={footer} />
      ))}
      {Array.from({ length: pages - 1 }, (_, i) => (
        <MorePage
          key={i + 2}
          args={{ ...owner, page: i + 2 }}
          replyName={replyName}
          footer={footer}
        />
      ))}
    </>
  );
}
