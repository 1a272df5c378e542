import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TBoardApplication } from '@/types/pipeline';
import { OWNER_STATUSES, useStatusLabel } from './applicant-card';
import { OldestFirstToggle, useOldestFirst } from './oldest-first';
import type { TBoardView } from './use-applicant-board';
import styles from './pipeline.module.css';
import wb from './workbench.module.css';

/**
 * The board's columns, one by status the owner moves applicants between, each with its count;
 * the withdrawn apart, folded under them.
 */
export function BoardColumns({
  view: { counts, inStatus },
  card,
}: {
  view: TBoardView;
  card: (application: TBoardApplication) => ReactNode;
}) {
  const { t } = useTranslation('pipeline');
  const label = useStatusLabel();
  const oldest = useOldestFirst();
  return (
    <>
      <div className={styles.columns} role="group" aria-label={t('board.columns')}>
        {OWNER_STATUSES.map((s) => {
          const cards = oldest.order(s, inStatus(s));
          const headingId = `column-${s}`;
          return (
            <section key={s} className={styles.column} aria-labelledby={headingId}>
              <div className={wb.columnHead}>
                <h2 id={headingId} className={styles.columnTitle}>
                  {label(s)} <span className={styles.count}>{counts[s]}</span>
                </h2>
                {cards.length > 1 && (
                  <OldestFirstToggle
                    statusLabel={label(s)}
                    pressed={oldest.isOn(s)}
                    onToggle={() => oldest.toggle(s)}
                  />
                )}
              </div>
              {cards.length === 0 ? (
                <p className={styles.columnEmpty}>{t('board.column_empty')}</p>
              ) : (
                <ul className={styles.cards}>{cards.map(card)}</ul>
              )}
            </section>
          );
        })}
      </div>
      {counts[4] > 0 && (
        <details className={styles.withdrawn}>
          <summary>{t('board.withdrawn', { count: counts[4] })}</summary>
          <p className={styles.muted}>{t('board.withdrawn_hint')}</p>
          <ul className={styles.cards}>{inStatus(APPLICATION_STATUS.withdrawn).map(card)}</ul>
        </details>
      )}
    </>
  );
}
