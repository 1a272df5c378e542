import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatMonthYear } from '@/lib/format/dates';
import { formatDuration } from '@/lib/format/relative-time';
import styles from './entry.module.css';
import { VerifyBadge } from './verify-badge';

/** "Mar 2021 – Present · 2 years 3 months" (docs/product.md "Constants and limits": month-year dates, duration in years plus months). */
export function DateSpan({ start, end }: { start: string; end: string | null }) {
  const { t, i18n } = useTranslation('profile');
  const lang = i18n.language;
  return (
    <span className={styles.dates}>
      {formatMonthYear(start, lang)} – {end ? formatMonthYear(end, lang) : t('view.present')}
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
      {formatDuration(start, end, t)}
    </span>
  );
}

/** An experience or an education as a visitor reads it, with its verification badge. */
export function Entry({
  title,
  subtitle,
  start,
  end,
  status,
  description,
  draft = false,
  actions,
}: {
  title: string;
  subtitle: string;
  start: string;
  end: string | null;
  status?: number;
  description?: string | null;
  /** Not on the server yet (added here, not saved). */
  draft?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <article className={styles.entry}>
      <div className={styles.head}>
        <div>
          <h3 className={styles.title}>{title}</h3>
          <p className={styles.subtitle}>{subtitle}</p>
          <DateSpan start={start} end={end} />
        </div>
        <div className={styles.badges}>
          {draft ? (
            <Badge tone="warning">{t('section.draft')}</Badge>
          ) : (
            <VerifyBadge status={status} />
          )}
        </div>
      </div>
      {description && <p className={styles.description}>{description}</p>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </article>
  );
}
