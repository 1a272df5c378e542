import { useTranslation } from 'next-i18next/pages';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { TextField } from '@/components/ui/text-field';
import { useToday } from '@/components/forms/use-today';
import styles from './profile-edit.module.css';

/**
 * Start and end dates with the "current" checkbox ("I work here", "I study here"): checking it
 * clears and disables the end date, since a current entry has none.
 */
export function DateRangeFields({
  start,
  end,
  current,
  currentLabel,
  errors,
  onChange,
}: {
  start: string;
  end: string;
  current: boolean;
  currentLabel: string;
  /** Texts of the errors of the two dates, if any. */
  errors: { start_date?: string | null; end_date?: string | null };
  onChange: (next: { start?: string; end?: string; current?: boolean }) => void;
}) {
  const { t } = useTranslation('profile');
  const today = useToday();
  return (
    <>
      <CheckboxField
        label={currentLabel}
        checked={current}
        onChange={(e) =>
          onChange(e.target.checked ? { current: true, end: '' } : { current: false })
        }
      />
      <div className={styles.row}>
        <TextField
          label={t('fields.start_date')}
          type="date"
          max={today}
          value={start}
          onChange={(e) => onChange({ start: e.target.value })}
          error={errors.start_date}
          required
        />
        <TextField
          label={t('fields.end_date')}
          type="date"
          min={start || undefined}
          max={today}
          value={end}
          disabled={current}
          onChange={(e) => onChange({ end: e.target.value })}
          error={errors.end_date}
          hint={current ? t('fields.end_date_current') : undefined}
        />
      </div>
    </>
  );
}
