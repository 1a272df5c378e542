import { useTranslation } from 'next-i18next/pages';
import type { FC } from 'react';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { CONTRACT_TYPES, MARKET_LIMITS } from '@/lib/schemas/marketplace';
import type { TPostingKind } from '@/types/marketplace';
import type { TFieldBinding, TTextKey } from './use-posting-form';

/**
 * Where the form leaves room for a kind's own fields: `details` after the description, `pay` at
 * the start of the row with the currency, `terms` at the start of the row with the modality.
 */
type TSlot = 'details' | 'pay' | 'terms';
type TKindFieldsProps = { slot: TSlot; field: (key: TTextKey) => TFieldBinding };

/** An amount in the posting's currency, typed with the language's decimal mark. */
function MoneyField({
  label,
  binding,
  required = false,
}: {
  label: string;
  binding: TFieldBinding;
  required?: boolean;
}) {
  const { t: tc } = useTranslation('common');
  return (
    <TextField
      label={label}
      inputMode="decimal"
      {...binding}
      required={required}
      optionalLabel={required ? undefined : tc('auth.fields.optional')}
    />
  );
}

/** A project's own fields: its budget and its length in weeks. */
function ProjectFields({ slot, field }: TKindFieldsProps) {
  const { t } = useTranslation('market');
  if (slot !== 'pay') return null;
  return (
    <>
      <MoneyField label={t('form.budget')} binding={field('budget')} required />
      <TextField
        label={t('form.weeks')}
        type="number"
        min={MARKET_LIMITS.weeksMin}
        max={MARKET_LIMITS.weeksMax}
        {...field('weeks')}
        required
      />
    </>
  );
}

/** A job's own fields: its requirements, its salary range and its contract type. */
function JobFields({ slot, field }: TKindFieldsProps) {
  const { t } = useTranslation('market');
  const { t: tc } = useTranslation('common');
  if (slot === 'details') {
    return (
      <TextAreaField
        label={t('form.requirements')}
        optionalLabel={tc('auth.fields.optional')}
        rows={5}
        maxLength={MARKET_LIMITS.requirements}
        {...field('requirements')}
      />
    );
  }
  if (slot === 'pay') {
    return (
      <>
        <MoneyField label={t('form.min_salary')} binding={field('min_salary')} />
        <MoneyField label={t('form.max_salary')} binding={field('max_salary')} />
      </>
    );
  }
  return (
    <SelectField
      label={t('form.contract_type')}
      options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contract.${c}`) }))}
      {...field('contract_type')}
    />
  );
}

/** Each kind's own fields, in the slots the posting form leaves for them. */
export const KIND_FIELDS: Record<TPostingKind, FC<TKindFieldsProps>> = {
  project: ProjectFields,
  job: JobFields,
};
