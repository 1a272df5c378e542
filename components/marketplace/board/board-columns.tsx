import { useTranslation } from 'next-i18next/pages';
import { useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TBoardApplication } from '@/types/pipeline';
import { OWNER_STATUSES, useStatusLabel, type TOwnerStatus } from './applicant-card';
import { OldestFirstToggle, type TOldestFirst } from './oldest-first';
import type { TBoardView } from './use-applicant-board';
import bulk from './bulk.module.css';
import styles from './pipeline.module.css';
import wb from './workbench.module.css';

/** A phone's width, where the columns become tabs (docs/product.md "The recruiter's workbench"). */
export const NARROW_QUERY = '(max-width: 640px)';

/** Whether the screen is as narrow as a phone (false on the server and in the first paint). */
export function useNarrow(query = NARROW_QUERY) {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', changed);
      return () => list.removeEventListener?.('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The board's columns, one by status the owner moves applicants between, each with its count;
 * the withdrawn apart, folded under them. On a phone (`narrow`) the columns are tabs, one shown
 * (the WAI-ARIA tabs pattern: arrows, Home and End move between them). `columnHead` draws what
 * goes over a column's cards (its "select all").
 */
export function BoardColumns({
  view: { counts, inStatus },
  card,
  narrow = false,
  tab = APPLICATION_STATUS.applied,
  onTab,
  columnHead,
  oldest,
}: {
  view: TBoardView;
  card: (application: TBoardApplication) => ReactNode;
  narrow?: boolean;
  tab?: TOwnerStatus;
  onTab?: (status: TOwnerStatus) => void;
  columnHead?: (status: TOwnerStatus, cards: TBoardApplication[]) => ReactNode;
  /** Which columns show their oldest first (the board's, which selects ranges in that order). */
  oldest: TOldestFirst;
}) {
  const { t } = useTranslation('pipeline');
  const label = useStatusLabel();
  // A column's cards as shown: by time in the status when its "oldest first" is on.
  const shownIn = (s: TOwnerStatus) => oldest.order(s, inStatus(s));
  const cardsOf = (s: TOwnerStatus) => {
    const cards = shownIn(s);
    return cards.length === 0 ? (
      <p className={styles.columnEmpty}>{t('board.column_empty')}</p>
    ) : (
      <>
        {columnHead?.(s, cards)}
        <ul className={styles.cards}>{cards.map(card)}</ul>
      </>
    );
  };

  function tabKey(e: KeyboardEvent<HTMLDivElement>) {
    const at = OWNER_STATUSES.indexOf(tab);
    const n = OWNER_STATUSES.length;
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % n
        : e.key === 'ArrowLeft'
          ? (at - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const status = OWNER_STATUSES[to]!;
    onTab?.(status);
    document.getElementById(`board-tab-${status}`)?.focus();
  }

  return (
    <>
      {narrow ? (
        <div>
          <div
            className={bulk.tablist}
            role="tablist"
            aria-label={t('tabs.label')}
            onKeyDown={tabKey}
          >
            {OWNER_STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                id={`board-tab-${s}`}
                className={bulk.tab}
                aria-selected={s === tab}
                aria-controls="board-tabpanel"
                tabIndex={s === tab ? 0 : -1}
                onClick={() => onTab?.(s)}
              >
                {t('tabs.tab', { status: label(s), count: counts[s] })}
              </button>
            ))}
          </div>
          <div
            id="board-tabpanel"
            role="tabpanel"
            aria-labelledby={`board-tab-${tab}`}
            className={bulk.panel}
          >
            <div className={wb.columnHead}>
              {/* The column's heading, as on a wide screen (the cards' names are h3). */}
              <h2 className="visually-hidden">{label(tab)}</h2>
              {inStatus(tab).length > 1 && (
                <OldestFirstToggle
                  statusLabel={label(tab)}
                  pressed={oldest.isOn(tab)}
                  onToggle={() => oldest.toggle(tab)}
                />
              )}
            </div>
            {cardsOf(tab)}
          </div>
        </div>
      ) : (
        <div className={styles.columns} role="group" aria-label={t('board.columns')}>
          {OWNER_STATUSES.map((s) => {
            const headingId = `column-${s}`;
            return (
              <section key={s} className={styles.column} aria-labelledby={headingId}>
                <div className={wb.columnHead}>
                  <h2 id={headingId} className={styles.columnTitle}>
                    {label(s)} <span className={styles.count}>{counts[s]}</span>
                  </h2>
                  {inStatus(s).length > 1 && (
                    <OldestFirstToggle
                      statusLabel={label(s)}
                      pressed={oldest.isOn(s)}
                      onToggle={() => oldest.toggle(s)}
                    />
                  )}
                </div>
                {cardsOf(s)}
              </section>
            );
          })}
        </div>
      )}
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
