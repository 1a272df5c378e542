import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useEffect, useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { sortByLabel } from '@/lib/format/by-label';
import { COMPANY_LIMITS, companyUpdateSchema } from '@/lib/schemas/company-page';
import { toastError, toastSuccess } from '@/lib/toast';
import { getChosenCompany, updateCompany } from '@/services/company-page-api';
import type { TFailure } from '@/services/http-client';
import { localName, useGetCountriesQuery } from '@/services/reference-api';
import type { TChosenCompany, TCompanyRecord } from '@/types/company-page';
import { companyPath } from '@/components/marketplace/shared/company-line';
import { LogoField } from './logo-field';
import styles from './company.module.css';

// /business/company (docs/product.md "The company page"): the chosen company's page as its
// owners and admins edit it; a recruiter reads it.

type TForm = {
  name: string;
  logo_url: string;
  about: string;
  website: string;
  country_code: string;
};
const FIELDS: (keyof TForm)[] = ['name', 'logo_url', 'about', 'website', 'country_code'];

const formOf = (c: TCompanyRecord): TForm => ({
  name: c.name,
  logo_url: c.logo_url ?? '',
  about: c.about ?? '',
  website: c.website ?? '',
  country_code: c.country_code ?? '',
});

/** The chosen company as GET /me/company answers it, read once the page is in the browser. */
function useChosenCompany() {
  type TState =
    | { status: 'loading' }
    | { status: 'failed'; failure: TFailure }
    | ({ status: 'ready' } & TChosenCompany);
  const [state, setState] = useState<TState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    void getChosenCompany().then((outcome) => {
      if (!live) return;
      setState(
        outcome.ok
          ? { status: 'ready', ...outcome.data }
          : { status: 'failed', failure: outcome.failure },
      );
    });
    return () => {
      live = false;
    };
  }, [attempt]);
  const load = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, load, setState };
}

/** What a recruiter sees: the page's values, and who may change them. */
function ReadOnly({ company, countryName }: { company: TCompanyRecord; countryName: string }) {
  const { t } = useTranslation('company');
  const none = t('edit.none');
  const rows: [string, string][] = [
    [t('edit.name'), company.name],
    [t('edit.about'), company.about ?? none],
    [t('edit.website'), company.website ?? none],
    [t('edit.country'), countryName || none],
  ];
  return (
    <>
      <p role="note" className={styles.muted}>
        {t('edit.read_only')}
      </p>
      <dl className={styles.form}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className={styles.kind}>{label}</dt>
            <dd className={styles.about}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function EditForm({
  company,
  onSaved,
}: {
  company: TCompanyRecord;
  onSaved: (company: TCompanyRecord) => void;
}) {
  const { t, i18n } = useTranslation('company');
  const { t: tp } = useTranslation('profile');
  const failureText = useFailureText();
  const fields = useFieldErrors();
  const [form, setForm] = useState<TForm>(() => formOf(company));
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const countries = useGetCountriesQuery().data;
  const lang = i18n.language;
  const countryOptions = sortByLabel(
    (countries ?? []).map((c) => ({ value: c.code, label: localName(c, lang) })),
    lang,
  );
  const set = (key: keyof TForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // The same schema as PATCH /companies/{id}: what passes here, the server takes.
    const checked = fields.check(companyUpdateSchema, form);
    if (!checked.ok) return;
    setSaving(true);
    const outcome = await updateCompany(company.id, form);
    setSaving(false);
    if (outcome.ok) {
      toastSuccess(t('edit.saved'));
      setForm(formOf(outcome.data));
      onSaved(outcome.data);
      return;
    }
    fields.setErrors(outcome.failure.fields);
    toastError(failureText(outcome.failure, { shown: FIELDS }));
  }

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <LogoField
        url={form.logo_url}
        name={form.name || company.name}
        error={fields.text('logo_url')}
        onUploading={setUploading}
        onChange={(url) => {
          set('logo_url')(url);
          fields.clear('logo_url');
        }}
      />
      <TextField
        label={t('edit.name')}
        maxLength={COMPANY_LIMITS.name}
        required
        autoComplete="organization"
        {...fields.bind('name', form.name, set('name'))}
      />
      <TextAreaField
        label={t('edit.about')}
        maxLength={COMPANY_LIMITS.about}
        rows={6}
        counter={tp('fields.counter', { count: form.about.length, max: COMPANY_LIMITS.about })}
        {...fields.bind('about', form.about, set('about'))}
      />
      <TextField
        label={t('edit.website')}
        type="url"
        inputMode="url"
        autoComplete="url"
        hint={t('edit.website_hint')}
        {...fields.bind('website', form.website, set('website'))}
      />
      <SelectField
        label={t('edit.country')}
        options={countryOptions}
        placeholder={t('edit.none')}
        {...fields.bind('country_code', form.country_code, set('country_code'))}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? t('edit.saving') : t('edit.save')}
        </Button>
      </div>
    </form>
  );
}

/** The chosen company's page: the form for an owner or admin, its values for a recruiter. */
export default function CompanyEditor() {
  const { t, i18n } = useTranslation('company');
  const failureText = useFailureText();
  const { state, load, setState } = useChosenCompany();
  const countries = useGetCountriesQuery().data;

  if (state.status === 'loading') {
    return (
      <p role="status" aria-live="polite">
        {t('edit.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert">
        <p>{failureText(state.failure, { fallback: t('edit.failed'), nothingSaved: false })}</p>
        <Button variant="secondary" onClick={load}>
          {t('edit.retry')}
        </Button>
      </div>
    );
  }
  const { company, role } = state;
  const country = countries?.find((c) => c.code === company.country_code);
  const path = companyPath(company);
  return (
    <section className={styles.card} aria-labelledby="company-edit-name">
      <div className={styles.pageHeader}>
        <h2 id="company-edit-name">{company.name}</h2>
        <Link href={path}>{t('edit.see_public')}</Link>
      </div>
      {role === 'recruiter' ? (
        <ReadOnly
          company={company}
          countryName={country ? localName(country, i18n.language) : ''}
        />
      ) : (
        <EditForm
          key={company.id}
          company={company}
          onSaved={(saved) => setState({ status: 'ready', company: saved, role })}
        />
      )}
      <p className={styles.note}>{t('edit.slug_note', { path })}</p>
    </section>
  );
}
