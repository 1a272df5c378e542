import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { PROFILE_LIMITS, studyCentreSchema, type TStudyCentre } from '@/lib/schemas/profile';
import type { TEducation } from '@/types/user';
import { DateRangeFields } from './date-range-fields';
import styles from './profile-edit.module.css';

type TForm = {
  name: string;
  course_name: string;
  start_date: string;
  end_date: string;
  description: string;
  studying_here: boolean;
};

const fromItem = (item?: TEducation): TForm => ({
  name: item?.name ?? '',
  course_name: item?.course_name ?? '',
  start_date: item?.start_date ?? '',
  end_date: item?.end_date ?? '',
  description: item?.description ?? '',
  studying_here: item?.studying_here ?? false,
});

/** Adds an education entry to the list or changes one (seed §3); "I study here" clears the end date. */
export function EducationForm({
  item,
  onSubmit,
  onCancel,
}: {
  item?: TEducation;
  onSubmit: (values: TStudyCentre) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const [form, setForm] = useState<TForm>(() => fromItem(item));
  const fields = useFieldErrors();
  const set = (changes: Partial<TForm>) => {
    setForm((f) => ({ ...f, ...changes }));
    fields.clear(...Object.keys(changes));
  };

  // The same schema as POST and PATCH /user_study_centres: what passes here, the server takes.
  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = fields.check(studyCentreSchema, form);
    if (checked.ok) onSubmit(checked.value);
  }

  const heading = item ? t('educations.edit_title') : t('educations.add_title');
  return (
    <form className={styles.itemForm} onSubmit={submit} noValidate aria-label={heading}>
      <h3>{heading}</h3>
      <div className={styles.row}>
        <TextField
          label={t('fields.study_name')}
          value={form.name}
          maxLength={PROFILE_LIMITS.line}
          onChange={(e) => set({ name: e.target.value })}
          error={fields.text('name')}
          required
        />
        <TextField
          label={t('fields.course_name')}
          value={form.course_name}
          maxLength={PROFILE_LIMITS.line}
          onChange={(e) => set({ course_name: e.target.value })}
          error={fields.text('course_name')}
          required
        />
      </div>
      <DateRangeFields
        start={form.start_date}
        end={form.end_date}
        current={form.studying_here}
        currentLabel={t('fields.studying_here')}
        errors={{ start_date: fields.text('start_date'), end_date: fields.text('end_date') }}
        onChange={({ start, end, current }) =>
          set({
            ...(start !== undefined && { start_date: start }),
            ...(end !== undefined && { end_date: end }),
            ...(current !== undefined && { studying_here: current }),
          })
        }
      />
      <TextAreaField
        label={t('fields.description')}
        optionalLabel={t('fields.optional')}
        value={form.description}
        maxLength={PROFILE_LIMITS.text}
        onChange={(e) => set({ description: e.target.value })}
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="secondary">
          {item ? t('educations.apply') : t('educations.add_to_list')}
        </Button>
      </div>
    </form>
  );
}
