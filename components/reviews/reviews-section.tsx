import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TReview, TReviewPage } from '@/types/review';
import { ReviewItem } from './review-item';
import type ReviewsLiveList from './reviews-live';
import type { TReviewOwner } from './reviews-live';
import { Stars } from './stars';
import styles from './reviews.module.css';

/** The reviews as the server rendered them, while the live list loads and for everyone signed out. */
function StaticList({
  page,
  replyName,
  footer,
}: {
  page: TReviewPage;
  replyName: string;
  footer?: (review: TReview) => ReactNode;
}) {
  return (
    <>
      {page.data.map((r) => (
        <ReviewItem key={r.id} review={r} replyName={replyName} footer={footer} />
      ))}
    </>
  );
}

/**
 * "Reviews" on a talent's public page (written by companies) and on a company's page (written by
 * talents), rendered with the page (docs/product.md "Reviews"): the average and count, each review
 * beside its work with "Verified on Algorand/NEAR" when the work's proof verifies. The API is read
 * only once the viewer is signed in (the reviewed side's reply form) or asks for more reviews: that
 * part loads apart (./reviews-live.tsx), so the public page's first load stays small.
 */
export function ReviewsSection({
  owner,
  initial,
  replyName,
  footer,
}: {
  owner: TReviewOwner;
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
  const signedIn = rehydrated && Boolean(viewer);
  const live = signedIn || pages > 1;
  const fallback = <StaticList page={initial} replyName={replyName} footer={footer} />;
  return (
    <section className={styles.section} aria-labelledby="reviews-title" id="reviews">
      <h2 id="reviews-title">{t('title')}</h2>
      {initial.count === 0 ? (
        <p className={styles.muted}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.summary}>
            <span className={styles.average}>{initial.average?.toFixed(1)}</span>
            <Stars rating={initial.average ?? 0} />
            <span className={styles.muted}>{t('count', { count: initial.count })}</span>
          </p>
          <ul className={styles.list}>
            {live ? (
              <ReviewsLive
                owner={owner}
                initial={initial}
                pages={pages}
                signedIn={signedIn}
                replyName={replyName}
                footer={footer}
                fallback={fallback}
              />
            ) : (
              fallback
            )}
          </ul>
          {pages < initial.last_page && (
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

type TLiveProps = Parameters<typeof ReviewsLiveList>[0];
type TLiveList = ComponentType<TLiveProps>;

/** The live list, loaded when first wanted; until it is there, the server's list stays. */
function ReviewsLive({ fallback, ...props }: TLiveProps & { fallback: ReactNode }) {
  const [List, setList] = useState<TLiveList | null>(null);
  useEffect(() => {
    let alive = true;
    void import('./reviews-live').then((m) => {
      if (alive) setList(() => m.default);
    });
    return () => {
      alive = false;
    };
  }, []);
  return List ? <List {...props} /> : <>{fallback}</>;
}
