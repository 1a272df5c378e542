import { useTranslation } from 'next-i18next/pages';
import { useEarliestToday } from '@/components/forms/use-today';
import { Button } from '@/components/ui/button';
import { SelectField, type TOption } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { currencyOptions } from '@/lib/format/money';
import { CURRENCIES } from '@/lib/currencies';
import { MARKET_LIMITS, MODALITIES } from '@/lib/schemas/marketplace';
import { useDeferredMount } from '@/lib/use-deferred-arrival';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';
import { KIND_FIELDS } from './kind-fields';
import { SkillsPicker } from './skills-picker';
import { usePostingForm } from './use-posting-form';
import styles from '@/components/layout/list-page.module.css';

/**
 * Posting a project or a job, or editing one while it recruits (docs/product.md "Marketplace"). The
 * fields both kinds have are here; each kind's own come from `KIND_FIELDS` (./kind-fields.tsx), the
 * state and the save from `usePostingForm` (./use-posting-form.ts).
 */
export function PostingForm({
  kind,
  posting,
  countries,
}: {
  kind: TPostingKind;
  posting?: TProject | TJob;
  countries: TOption[];
}) {
  const { t, i18n } = useTranslation('market');
  const { t: tc } = useTranslation('common');
  const today = useEarliestToday();
  const { form, field, skills, submit, busy } = usePostingForm(kind, posting);
  const Own = KIND_FIELDS[kind];
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('form.name')}
        maxLength={MARKET_LIMITS.name}
        {...field('name')}
        required
      />
      <TextField
        label={t('form.summary')}
        hint={t('form.summary_hint')}
        maxLength={MARKET_LIMITS.summary}
        counter={`${form.summary.length} / ${MARKET_LIMITS.summary}`}
        {...field('summary')}
        required
      />
      <TextAreaField
        label={t('form.description')}
        rows={8}
        maxLength={MARKET_LIMITS.description}
        {...field('description')}
        required
      />
      <Own slot="details" field={field} />
      <SkillsPicker {...skills} />
      <div className={styles.row}>
        <Own slot="pay" field={field} />
        <SelectField
          label={t('form.currency')}
          options={currencyOptions(CURRENCIES, i18n.language)}
          {...field('currency')}
        />
      </div>
      <div className={styles.row}>
        <Own slot="terms" field={field} />
        <SelectField
          label={t('form.modality')}
          options={MODALITIES.map((m) => ({ value: m, label: t(`modality.${m}`) }))}
          {...field('modality')}
        />
        <SelectField
          label={t('form.country')}
          placeholder={t('form.any_country')}
          options={countries}
          {...field('country_code')}
        />
      </div>
      <TextField
        label={t('form.end_date')}
        hint={t('form.end_date_hint')}
        type="date"
        min={today}
        {...field('end_date')}
        optionalLabel={tc('auth.fields.optional')}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? t('form.saving') : posting ? t('form.save') : t('form.publish')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form as its page shows it. Rendered by the server (`fromServer`: the page had the session),
 * it hydrates as it is. Otherwise it appears once the session is back and its chunk has arrived,
 * rendered as a transition, in slices (lib/use-deferred-arrival.ts), not as one long task;
 * nothing shows before.
 */
export function PostingFormScreen({
  fromServer,
  ...props
}: Parameters<typeof PostingForm>[0] & { fromServer: boolean }) {
  const mounted = useDeferredMount();
  return fromServer || mounted ? <PostingForm {...props} /> : null;
}
