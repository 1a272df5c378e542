import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useGuardedForm } from '@/components/forms/leave-guard';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { useEarliestToday } from '@/components/forms/use-today';
import { Button } from '@/components/ui/button';
import { SelectField, type TOption } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { currencyOptions, toMajorInput, toMinor } from '@/lib/format/money';
import { CURRENCIES } from '@/lib/currencies';
import { CONTRACT_TYPES, KIND_SCHEMAS, MARKET_LIMITS, MODALITIES } from '@/lib/schemas/marketplace';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeferredMount } from '@/lib/use-deferred-arrival';
import { settle } from '@/services/api';
import { useCreatePostingMutation, useUpdatePostingMutation } from '@/services/marketplace-api';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';
import { SkillsPicker } from './skills-picker';
import styles from '@/components/layout/list-page.module.css';

type TForm = {
  name: string;
  summary: string;
  description: string;
  requirements: string;
  skills: string[];
  budget: string;
  currency: string;
  weeks: string;
  contract_type: string;
  min_salary: string;
  max_salary: string;
  modality: string;
  country_code: string;
  end_date: string;
};

/** The form's values for a posting; amounts are written with the language's decimal mark. */
function fromPosting(p: TProject | TJob | undefined, lang: string): TForm {
  const project = p && 'budget' in p ? p : undefined;
  const job = p && 'contract_type' in p ? p : undefined;
  const currency = p?.currency ?? 'USD';
  return {
    name: p?.name ?? '',
    summary: p?.summary ?? '',
    description: p?.description ?? '',
    requirements: job?.requirements ?? '',
    skills: p?.skills ?? [],
    budget: toMajorInput(project?.budget, currency, lang),
    currency,
    weeks: project ? String(project.weeks) : '',
    contract_type: job?.contract_type ?? 'full_time',
    min_salary: toMajorInput(job?.min_salary, currency, lang),
    max_salary: toMajorInput(job?.max_salary, currency, lang),
    modality: p?.modality ?? 'remote',
    country_code: p?.country_code ?? '',
    end_date: p?.end_date ?? '',
  };
}

/** The payload of the form, as the API (and the shared schema) takes it: money in minor units. */
function payload(kind: TPostingKind, f: TForm) {
  const common = {
    name: f.name,
    summary: f.summary,
    description: f.description,
    skills: f.skills,
    currency: f.currency,
    modality: f.modality,
    country_code: f.country_code,
    end_date: f.end_date,
  };
  if (kind === 'project') {
    return {
      ...common,
      budget: toMinor(f.budget, f.currency),
      weeks: f.weeks === '' ? undefined : Number(f.weeks),
    };
  }
  return {
    ...common,
    requirements: f.requirements,
    contract_type: f.contract_type,
    min_salary: toMinor(f.min_salary, f.currency) ?? null,
    max_salary: toMinor(f.max_salary, f.currency) ?? null,
  };
}

/**
 * Posting a project or a job, or editing one while it recruits (docs/product.md "Marketplace"). The same
 * schema as the API checks it before sending; whatever was typed stays when a save fails.
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
  const failureText = useFailureText();
  const router = useRouter();
  const today = useEarliestToday();
  const fields = useFieldErrors();
  const [initial] = useState(() => fromPosting(posting, i18n.language));
  const [form, setForm] = useState<TForm>(initial);
  const [createPosting, creating] = useCreatePostingMutation();
  const [updatePosting, updating] = useUpdatePostingMutation();
  const busy = creating.isLoading || updating.isLoading;
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  useGuardedForm({ dirty: dirty && !busy, saving: busy });
  const set = (key: keyof TForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    fields.clear(key);
  };
  const field = (key: keyof TForm) => ({
    value: form[key] as string,
    onChange: set(key),
    error: fields.text(key),
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = payload(kind, form);
    const checked = fields.check(KIND_SCHEMAS[kind].posting as never, body);
    if (!checked.ok) return;
    const outcome = await (posting
      ? settle(
          updatePosting({
            kind,
            data: Object.assign({}, checked.value, { id: posting.id }),
          } as never),
        )
      : settle(createPosting({ kind, data: checked.value } as never)));
    if (!outcome.ok) {
      fields.setErrors(outcome.failure.fields);
      return toastError(failureText(outcome.failure, { shown: Object.keys(form) }));
    }
    toastSuccess(posting ? t('form.updated') : t('form.created'));
    setForm(initial); // nothing left unsaved: leaving is not held
    await router.push({ pathname: '/business/postings', query: { type: kind } });
  }

  const money = (key: 'budget' | 'min_salary' | 'max_salary', label: string, required = false) => (
    <TextField
      label={label}
      inputMode="decimal"
      {...field(key)}
      required={required}
      optionalLabel={required ? undefined : tc('auth.fields.optional')}
    />
  );
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
      {kind === 'job' && (
        <TextAreaField
          label={t('form.requirements')}
          optionalLabel={tc('auth.fields.optional')}
          rows={5}
          maxLength={MARKET_LIMITS.requirements}
          {...field('requirements')}
        />
      )}
      <SkillsPicker
        value={form.skills}
        onChange={(skills) => {
          setForm((f) => ({ ...f, skills }));
          fields.clear('skills');
        }}
        error={fields.text('skills')}
      />
      <div className={styles.row}>
        {kind === 'project' ? (
          <>
            {money('budget', t('form.budget'), true)}
            <TextField
              label={t('form.weeks')}
              type="number"
              min={MARKET_LIMITS.weeksMin}
              max={MARKET_LIMITS.weeksMax}
              {...field('weeks')}
              required
            />
          </>
        ) : (
          <>
            {money('min_salary', t('form.min_salary'))}
            {money('max_salary', t('form.max_salary'))}
          </>
        )}
        <SelectField
          label={t('form.currency')}
          options={currencyOptions(CURRENCIES, i18n.language)}
          {...field('currency')}
        />
      </div>
      <div className={styles.row}>
        {kind === 'job' && (
          <SelectField
            label={t('form.contract_type')}
            options={CONTRACT_TYPES.map((c) => ({ value: c, label: t(`contract.${c}`) }))}
            {...field('contract_type')}
          />
        )}
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
