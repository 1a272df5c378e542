import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { PROFILE_LIMITS } from '@/lib/schemas/profile';
import { DateRangeFields } from './date-range-fields';
import styles from './profile-edit.module.css';

type TDated = { start_date: string; end_date: string; description: string };

/**
 * What an experience and an education entry share below their two names: the dates with the
 * "current" checkbox (`currentKey`), the description, anything else (`children`), and the
 * form's Cancel and submit buttons.
 */
export function EntryDetails<K extends string>({
  form,
  currentKey,
  currentLabel,
  set,
  errorText,
  submitLabel,
  onCancel,
  children,
}: {
  form: TDated & Record<K, boolean>;
  currentKey: K;
  currentLabel: string;
  set: (changes: Partial<TDated & Record<K, boolean>>) => void;
  errorText: (path: string) => string | null;
  submitLabel: string;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  return (
    <>
      <DateRangeFields
        start={form.start_date}
        end={form.end_date}
        current={form[currentKey]}
        currentLabel={currentLabel}
        errors={{ start_date: errorText('start_date'), end_date: errorText('end_date') }}
        onChange={({ start, end, current }) =>
          set({
            ...(start !== undefined && { start_date: start }),
            ...(end !== undefined && { end_date: end }),
            ...(current !== undefined && { [currentKey]: current }),
          } as Partial<TDated & Record<K, boolean>>)
        }
      />
      <TextAreaField
        label={t('fields.description')}
        optionalLabel={t('fields.optional')}
        value={form.description}
        maxLength={PROFILE_LIMITS.text}
        onChange={(e) =>
          set({ description: e.target.value } as Partial<TDated & Record<K, boolean>>)
        }
      />
      {children}
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="secondary">
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
