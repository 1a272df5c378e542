import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { SelectField, type TOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { CURRENCIES } from '@/lib/currencies';
import { currencyOptions } from '@/lib/format/money';
import { CONTRACT_TYPES, MODALITIES, SORTS } from '@/lib/marketplace';
import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import styles from './opportunities.module.css';

/** The filters as the URL carries them (every choice is in the URL: shareable, back works). */
export type TFilterValues = Record<string, string>;

/**
 * The search form of /opportunities. It is a plain GET form, so it works before (or without)
 * JavaScript; with it, a search is a client navigation to the same page with the new query.
 */
export function SearchFilters({
  tab,
  values,
  countries,
  onSearch,
}: {
  tab: 'projects' | 'jobs';
  values: TFilterValues;
  countries: TOption[];
  /** After a search is asked for (a narrow screen folds the filters: components/opportunities/filter-panel.tsx). */
  onSearch?: () => void;
}) {
  const { t, i18n } = useTranslation('market');
  const router = useRouter();
  // Pay is compared in one currency (docs/api.md "Search"): once an amount is typed, the
  // currency is required, by the browser (without JavaScript too) and by the submit.
  const amountOf = (form: HTMLFormElement | null, name: string) =>
    String(new FormData(form ?? undefined).get(name) ?? '').trim();
  const [hasAmount, setHasAmount] = useState(
    Boolean(values.min_pay?.trim() || values.max_pay?.trim()),
  );
  const [currencyError, setCurrencyError] = useState<string | null>(null);
  /**
   * The browser's own check says why in the page's language (not the browser's): the select is
   * invalid with our sentence while an amount has no currency.
   */
  const checkCurrency = (form: HTMLFormElement | null) => {
    const select = form?.elements.namedItem('currency') as HTMLSelectElement | null;
    const amount = amountOf(form, 'min_pay') !== '' || amountOf(form, 'max_pay') !== '';
    select?.setCustomValidity(amount && select.value === '' ? t('search.currency_required') : '');
    return amount;
  };
  const onAmount = (e: FormEvent<HTMLInputElement>) => {
    setHasAmount(checkCurrency(e.currentTarget.form));
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const query: Record<string, string> = { tab };
    for (const [key, value] of data.entries()) {
      if (typeof value === 'string' && value.trim() !== '') query[key] = value.trim();
    }
    if ((query.min_pay || query.max_pay) && !query.currency) {
      setCurrencyError(t('search.currency_required'));
      (e.currentTarget.elements.namedItem('currency') as HTMLSelectElement | null)?.focus();
      return;
    }
    void router.push({ pathname: router.pathname, query });
    onSearch?.();
  }

  // Without a status, the search lists postings open for applications (docs/api.md "Search").
  const statuses = tab === 'jobs' ? JOB_STATUS : PROJECT_STATUS;
  const statusOptions = Object.entries(statuses).map(([name, id]) => ({
    value: String(id),
    label: t(`statuses.${tab === 'jobs' ? 'job' : 'project'}.${name}`),
  }));
  const option = (prefix: string) => (v: string) => ({ value: v, label: t(`${prefix}.${v}`) });
  return (
    <form
      className={styles.filters}
      method="get"
      onSubmit={submit}
      aria-label={t('search.filters')}
    >
      <input type="hidden" name="tab" value={tab} />
      <TextField
        label={t('search.search')}
        name="search"
        type="search"
        placeholder={t('search.search_placeholder')}
        defaultValue={values.search}
        maxLength={100}
        className={styles.wide}
      />
      <TextField
        label={t('search.skill')}
        name="skill"
        defaultValue={values.skill}
        maxLength={60}
      />
      <SelectField
        label={t('search.country')}
        name="country"
        placeholder={t('search.any_country')}
        options={countries}
        defaultValue={values.country ?? ''}
      />
      <SelectField
        label={t('search.modality')}
        name="modality"
        placeholder={t('search.any_modality')}
        options={MODALITIES.map(option('modality'))}
        defaultValue={values.modality ?? ''}
      />
      {tab === 'jobs' && (
        <SelectField
          label={t('search.contract_type')}
          name="contract_type"
          placeholder={t('search.any_contract')}
          options={CONTRACT_TYPES.map(option('contract'))}
          defaultValue={values.contract_type ?? ''}
        />
      )}
      <SelectField
        label={t('search.status')}
        name="status"
        placeholder={t('search.any_status')}
        options={statusOptions}
        defaultValue={values.status ?? ''}
      />
      <TextField
        label={t('search.min_pay')}
        name="min_pay"
        inputMode="numeric"
        pattern="[0-9]*"
        defaultValue={values.min_pay}
        hint={t('search.pay_hint')}
        onInput={onAmount}
      />
      <TextField
        label={t('search.max_pay')}
        name="max_pay"
        inputMode="numeric"
        pattern="[0-9]*"
        defaultValue={values.max_pay}
        onInput={onAmount}
      />
      <SelectField
        label={t('search.currency')}
        name="currency"
        placeholder={t('search.any_currency')}
        options={currencyOptions(CURRENCIES, i18n.language)}
        defaultValue={values.currency ?? ''}
        required={hasAmount}
        hint={t('search.currency_hint')}
        error={currencyError}
        onChange={(e) => {
          setCurrencyError(null);
          checkCurrency(e.currentTarget.form);
        }}
        onInvalid={() => setCurrencyError(t('search.currency_required'))}
      />
      <SelectField
        label={t('search.sort')}
        name="sort"
        options={SORTS.map((s) => ({ value: s, label: t(`search.sort_${s}`) }))}
        defaultValue={values.sort ?? 'newest'}
      />
      <div className={styles.filterActions}>
        <Button type="submit">{t('search.apply')}</Button>
        <ButtonLink href={{ pathname: router.pathname, query: { tab } }} variant="ghost">
          {t('search.clear')}
        </ButtonLink>
      </div>
    </form>
  );
}
