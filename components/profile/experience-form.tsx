import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { PROFILE_LIMITS, workplaceSchema, type TWorkplace } from '@/lib/schemas/profile';
import type { TExperience } from '@/types/user';
import { EntryDetails } from './entry-details';
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
 * Adds an experience to the list or changes one (docs/product.md "Entities and fields"). The list is saved by the section's
 * Save button. Checking "I work here" clears and disables the end date; "use as business"
 * asks first, since it turns the account into a business one (docs/product.md "States and transitions").
 */
export function ExperienceForm({
  item,
  onSubmit,
  onCancel,
}: {
  item?: TExperience;
  onSubmit: (values: TWorkplace) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const [form, setForm] = useState<TForm>(() => fromItem(item));
  const fields = useFieldErrors();
  const [askBusiness, setAskBusiness] = useState(false);
  const set = (changes: Partial<TForm>) => {
    setForm((f) => ({ ...f, ...changes }));
    fields.clear(...Object.keys(changes));
  };

  // The same schema as POST and PATCH /user_workplaces: what passes here, the server takes.
  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = fields.check(workplaceSchema, form);
    if (checked.ok) onSubmit(checked.value);
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
          maxLength={PROFILE_LIMITS.line}
          autoComplete="organization"
          onChange={(e) => set({ workplace_name: e.target.value })}
          error={fields.text('workplace_name')}
          required
        />
        <TextField
          label={t('fields.position')}
          value={form.position}
          maxLength={PROFILE_LIMITS.line}
          autoComplete="organization-title"
          onChange={(e) => set({ position: e.target.value })}
          error={fields.text('position')}
          required
        />
      </div>
      <EntryDetails
        form={form}
        currentKey="work_here"
        currentLabel={t('fields.work_here')}
        set={set}
        errorText={fields.text}
        submitLabel={item ? t('experiences.apply') : t('experiences.add_to_list')}
        onCancel={onCancel}
      >
        <CheckboxField
          label={t('fields.enable_business')}
          hint={t('fields.enable_business_hint')}
          tone="warning"
          checked={form.enable_business}
          onChange={(e) =>
            e.target.checked ? setAskBusiness(true) : set({ enable_business: false })
          }
        />
      </EntryDetails>
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
