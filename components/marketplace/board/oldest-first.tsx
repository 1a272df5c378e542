import { useTranslation } from 'next-i18next/pages';
import { useState } from 'react';
import type { TBoardApplication } from '@/types/pipeline';
import styles from './workbench.module.css';

const since = (a: TBoardApplication) => Date.parse(a.stage_since ?? a.created_at) || 0;

/**
 * A column's "oldest first" on request (docs/product.md "The recruiter's workbench"): the
 * columns where it is on show their cards by time in the status, the longest there first.
 */
export function useOldestFirst() {
  const [on, setOn] = useState<ReadonlySet<number>>(new Set());
  return {
    isOn: (status: number) => on.has(status),
    toggle: (status: number) =>
      setOn((all) => {
        const next = new Set(all);
        if (next.has(status)) next.delete(status);
        else next.add(status);
        return next;
      }),
    order: (status: number, cards: TBoardApplication[]) =>
      on.has(status) ? [...cards].sort((a, b) => since(a) - since(b)) : cards,
  };
}

export type TOldestFirst = ReturnType<typeof useOldestFirst>;

/** The column header's toggle. */
export function OldestFirstToggle({
  statusLabel,
  pressed,
  onToggle,
}: {
  statusLabel: string;
  pressed: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('pipeline');
  return (
    <button
      type="button"
      className={styles.oldestFirst}
      aria-pressed={pressed}
      aria-label={t('workbench.oldest_first_label', { status: statusLabel })}
      onClick={onToggle}
    >
      {t('workbench.oldest_first')}
    </button>
  );
}
