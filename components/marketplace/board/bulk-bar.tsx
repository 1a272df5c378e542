import { useTranslation } from 'next-i18next/pages';
import { Button } from '@/components/ui/button';
import { MARKET_LIMITS } from '@/lib/marketplace';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TOwnerStatus } from './applicant-card';
import type { TSkipped } from './use-board-selection';
import styles from './bulk.module.css';

/** The bulk moves, in the bar's order: the usual next step first, the rejection last. */
const BULK_TARGETS: TOwnerStatus[] = [
  APPLICATION_STATUS.shortlisted,
  APPLICATION_STATUS.applied,
  APPLICATION_STATUS.hired,
  APPLICATION_STATUS.rejected,
];

/**
 * The bar over the board while applicants are selected (docs/product.md "The recruiter's
 * workbench"): how many, the moves a single card offers (any status 0–3; those already there
 * are skipped by the server and listed back), and Clear.
 */
export function BulkBar({
  count,
  canMove,
  onMove,
  onClear,
}: {
  count: number;
  canMove: boolean;
  onMove: (to: TOwnerStatus) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('pipeline');
  if (count === 0) return null;
  // One move takes at most 200 (the call's limit): more are not cut silently, the bar says so.
  const tooMany = count > MARKET_LIMITS.bulkMove;
  return (
    <div className={styles.bar} role="region" aria-label={t('bulk.bar')}>
      <p className={styles.barCount} role="status">
        {t('bulk.selected', { count })}
        {tooMany && <> {t('bulk.over_limit', { max: MARKET_LIMITS.bulkMove })}</>}
      </p>
      <div className={styles.barActions}>
        {canMove &&
          !tooMany &&
          BULK_TARGETS.map((to) => (
            <Button
              key={to}
              variant={to === APPLICATION_STATUS.rejected ? 'danger' : 'secondary'}
              onClick={() => onMove(to)}
            >
              {t(`bulk.to_${to}`)}
            </Button>
          ))}
        <Button variant="ghost" onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </div>
    </div>
  );
}

/** Who the last bulk move left where they were, and why, until dismissed. */
export function SkippedList({ skipped, onDismiss }: { skipped: TSkipped; onDismiss: () => void }) {
  const { t } = useTranslation('pipeline');
  if (skipped.length === 0) return null;
  return (
    <section className={styles.skipped} role="status" aria-labelledby="bulk-skipped">
      <h2 id="bulk-skipped">{t('bulk.skipped_title', { count: skipped.length })}</h2>
      <ul>
        {skipped.map((s) => (
          <li key={s.id}>
            {t('bulk.skipped_item', { name: s.name, why: t(`bulk.skip.${s.code}`) })}
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onDismiss}>
        {t('bulk.dismiss')}
      </Button>
    </section>
  );
}
