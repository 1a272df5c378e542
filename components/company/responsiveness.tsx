import { useTranslation } from 'next-i18next/pages';
import type { TResponsiveness } from '@/types/pipeline';
import styles from './responsiveness.module.css';

/** The days a median reads as: whole days up, at least one (docs/product.md "Responsiveness"). */
export const shownDays = (median: number) => Math.max(1, Math.ceil(median));

/**
 * How quickly a company answers its applicants, on its page and its postings: "Usually answers
 * within 3 days · Answers 85% of applicants within 14 days". Nothing when there are no figures
 * (fewer than 10 applications). Rendered on the server with the page: no shift after hydration.
 */
export function Responsiveness({
  value,
  className,
}: {
  value: TResponsiveness | undefined;
  className?: string;
}) {
  const { t, i18n } = useTranslation('market');
  if (!value) return null;
  const median = value.median_days_to_first_move;
  const days = median === null ? null : shownDays(median);
  const share = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(value.answered_share);
  const speed =
    days === null
      ? null
      : days === 1
        ? t('responsiveness.within_day')
        : t('responsiveness.within_days', { days });
  return (
    <p className={[styles.line, className].filter(Boolean).join(' ')}>
      {speed && (
        <>
          <span className={styles.lead}>{speed}</span>
          <span aria-hidden="true"> · </span>
        </>
      )}
      <span>{t('responsiveness.share', { share })}</span>{' '}
      <span className={styles.basis}>{t('responsiveness.basis', { count: value.sample })}</span>
    </p>
  );
}
