import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import { formatDay } from '@/lib/format/day';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { KINDS, kindOfApplication, statusOf } from '@/lib/kinds';
import type { TBoardApplication } from '@/types/pipeline';
import { ratingOf, useDuration, useRatingText } from './workbench-format';
import styles from './workbench.module.css';

// The notes and rating panel comes with its own chunk, when a member opens it (first-load budget).
const NotesPanel = dynamic(() => import('./notes-panel'), { ssr: false });

/**
 * A card's part of the recruiter's workbench (docs/product.md "The recruiter's workbench"): the
 * team's rating, how long the applicant has been in their status, and the button to the notes
 * and rating panel.
 */
export function CardWorkbench({
  application: a,
  name,
  statusLabel,
}: {
  application: TBoardApplication;
  /** The talent's full name, and the name of the application's status. */
  name: string;
  statusLabel: string;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const ratingText = useRatingText();
  const duration = useDuration();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const rating = ratingText(ratingOf(a));
  const time = a.stage_since ? duration(a.stage_since) : null;
  const kind = kindOfApplication(a);
  const postingId = (a as unknown as Record<string, number>)[KINDS[kind].postingIdField]!;

  return (
    <div className={styles.cardBar}>
      <p className={styles.cardFacts}>
        {rating ? (
          <span className={styles.rating} role="img" aria-label={rating.label}>
            {rating.text}
          </span>
        ) : (
          <span className={styles.muted}>{t('workbench.unrated')}</span>
        )}
        {time && (
          <time
            className={styles.muted}
            dateTime={a.stage_since}
            title={formatDay(a.stage_since, i18n.language)}
          >
            {t('workbench.in_stage', { status: statusLabel, time })}
          </time>
        )}
      </p>
      {/* The withdrawn are apart and read-only: no notes or rating any more. */}
      {statusOf(a) !== APPLICATION_STATUS.withdrawn && (
        <button
          type="button"
          className={styles.notesButton}
          aria-label={t('workbench.notes_button_label', { count: a.notes_count ?? 0, name })}
          aria-haspopup="dialog"
          // What Enter or o on the card opens (use-board-keys.ts).
          data-card-open=""
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          {t('workbench.notes_button', { count: a.notes_count ?? 0 })}
        </button>
      )}
      {loaded && (
        <NotesPanel
          open={open}
          onClose={() => setOpen(false)}
          application={a}
          name={name}
          kind={kind}
          postingId={postingId}
        />
      )}
    </div>
  );
}
