import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { endDateError, LIMITS, required, startDateError } from '@/lib/profile/validation';
import { compactErrors } from '@/lib/validation';
import type { TExperienceInput } from '@/services/profile-service';
import type { TExperience } from '@/types/user';
import { DateRangeFields } from './date-range-fields';
import styles from './profile-edit.module.css';

type TForm = {
  workplace_name: string;
  position: string;
  start_date: string;
  end_date: string;
  description: string;
  work_here: boolean;
  enable_business: boolean;
};

const fromItem = (item?: TExperience): TForm => ({
  workplace_name: item?.workplace_name ?? '',
  position: item?.position ?? '',
  start_date: item?.start_date ?? '',
  end_date: item?.end_date ?? '',
  description: item?.description ?? '',
  work_here: item?.work_here ?? false,
  enable_business: item?.enable_business ?? false,
});

/**
 * Adds an experience to the list or changes one (seed §3). The list is saved by the section's
 * Save button. Checking "I work here" clears and disables the end date; "use as business"
 * asks first, since it turns the account into a business one (seed §4).
 */
export function ExperienceForm({
  item,
  onSubmit,
  onCancel,
}: {
  item?: TExperience;
  onSubmit: (values: TExperienceInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const [form, setForm] = useState<TForm>(() => fromItem(item));
  const [errors, setErrors] = useState<Partial<Record<keyof TForm, string>>>({});
  const [askBusiness, setAskBusiness] = useState(false);
  const set = (changes: Partial<TForm>) => setForm((f) => ({ ...f, ...changes }));
  const err = (key: keyof TForm) => (errors[key] ? t(errors[key]!) : null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = compactErrors({
      workplace_name: required(form.workplace_name),
      position: required(form.position),
      start_date: startDateError(form.start_date),
      end_date: endDateError(form.start_date, form.end_date, form.work_here),
    });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSubmit({
      workplace_name: form.workplace_name.trim(),
      position: form.position.trim(),
      start_date: form.start_date,
      end_date: form.work_here ? null : form.end_date || null,
      description: form.description.trim() || null,
      work_here: form.work_here,
      enable_business: form.enable_business,
    });
  }

  return (
    <form
      className={styles.itemForm}
      onSubmit={submit}
      noValidate
      aria-label={item ? t('experiences.edit_title') : t('experiences.add_title')}
    >
      <h3>{item ? t('experiences.edit_title') : t('experiences.add_title')}</h3>
      <div className={styles.row}>
        <TextField
          label={t('fields.workplace_name')}
          value={form.workplace_name}
          maxLength={LIMITS.line}
          autoComplete="organization"
          onChange={(e) => set({ workplace_name: e.target.value })}
          error={err('workplace_name')}
          required
        />
        <TextField
          label={t('fields.position')}
          value={form.position}
          maxLength={LIMITS.line}
          autoComplete="organization-title"
          onChange={(e) => set({ position: e.target.value })}
          error={err('position')}
          required
        />
      </div>
      <DateRangeFields
        start={form.start_date}
        end={form.end_date}
        current={form.work_here}
        currentLabel={t('fields.work_here')}
        errors={errors}
        onChange={({ start, end, current }) =>
          set({
            ...(start !== undefined && { start_date: start }),
            ...(end !== undefined && { end_date: end }),
            ...(current !== undefined && { work_here: current }),
          })
        }
      />
      <TextAreaField
        label={t('fields.description')}
        optionalLabel={t('fields.optional')}
        value={form.description}
        maxLength={LIMITS.text}
        onChange={(e) => set({ description: e.target.value })}
      />
      <CheckboxField
        label={t('fields.enable_business')}
        hint={t('fields.enable_business_hint')}
        tone="warning"
        checked={form.enable_business}
        onChange={(e) =>
          e.target.checked ? setAskBusiness(true) : set({ enable_business: false })
        }
      />
      <div className={styles.formActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="secondary">
          {item ? t('experiences.apply') : t('experiences.add_to_list')}
        </Button>
      </div>
      <Dialog
        open={askBusiness}
        title={t('business.confirm_title')}
        onClose={() => setAskBusiness(false)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAskBusiness(false)}>
              {t('dialog.cancel')}
            </Button>
            <Button
              onClick={() => {
                set({ enable_business: true });
                setAskBusiness(false);
              }}
            >
              {t('dialog.accept')}
            </Button>
          </>
        }
      >
        <p>{t('business.confirm_body')}</p>
      </Dialog>
    </form>
  );
}
