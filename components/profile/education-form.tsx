import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/text-field';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { PROFILE_LIMITS, studyCentreSchema, type TStudyCentre } from '@/lib/schemas/profile';
import type { TEducation } from '@/types/user';
import { EntryDetails } from './entry-details';
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

/** Adds an education entry to the list or changes one (docs/product.md "Entities and fields"); "I study here" clears the end date. */
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
      <EntryDetails
        form={form}
        currentKey="studying_here"
        currentLabel={t('fields.studying_here')}
        set={set}
        errorText={fields.text}
        submitLabel={item ? t('educations.apply') : t('educations.add_to_list')}
        onCancel={onCancel}
      />
    </form>
  );
}
