import { useTranslation } from 'next-i18next/pages';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TOption } from '@/components/ui/select-field';
import styles from './opportunities.module.css';
import { SearchFilters, type TFilterValues } from './search-filters';

/** The URL's choices that narrow the results (the sort only orders them). */
const FILTERS = ['search', 'skill', 'country', 'modality', 'status', 'min_pay', 'max_pay'];

/**
 * How many filters the URL sets for `tab` (the contract type counts on jobs only). The currency
 * is part of a pay filter; alone, it is one of its own.
 */
export function activeFilters(tab: 'projects' | 'jobs', values: TFilterValues): number {
  const set = (name: string) => (values[name] ?? '').trim() !== '';
  const names = tab === 'jobs' ? [...FILTERS, 'contract_type'] : FILTERS;
  const alone = set('currency') && !set('min_pay') && !set('max_pay') ? 1 : 0;
  return names.filter(set).length + alone;
}

/**
 * The filters of /opportunities. On a wide screen they are a column beside the results, always
 * shown. On a narrow one (the same width where the column goes, opportunities.module.css) they
 * fold behind a button that shows how many are set ("Filters (2)"), so the results come first:
 * a disclosure (WAI-ARIA APG) whose panel follows the button, so Tab goes on into it; Escape in
 * it, or a search, folds it and returns focus to the button.
 */
export function FilterPanel({
  tab,
  values,
  countries,
}: {
  tab: 'projects' | 'jobs';
  values: TFilterValues;
  countries: TOption[];
}) {
  const count = activeFilters(tab, values);
  return (
    <FilterFold count={count}>
      {/* Keyed by the URL's choices: back, forward and "Clear filters" show what they list. */}
      <SearchFilters
        key={`${tab}?${new URLSearchParams(values).toString()}`}
        tab={tab}
        values={values}
        countries={countries}
      />
    </FilterFold>
  );
}

/**
 * The fold itself, shared by the postings' filters and the talents' (a narrow screen shows the
 * button, opportunities.module.css); a search (a form's submit in it) folds it.
 */
export function FilterFold({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation('market');
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Only where the button shows (a narrow screen) does folding mean anything.
  const folding = () =>
    Boolean(toggle.current) && window.getComputedStyle(toggle.current!).display !== 'none';

  const fold = () => {
    if (!folding()) return;
    setOpen(false);
    toggle.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || !open || !folding()) return;
    e.preventDefault();
    fold();
  };

  return (
    <div className={styles.filterPanel}>
      <button
        ref={toggle}
        type="button"
        className={styles.filterToggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24">
          <path d="M3 5h18l-7 8v6l-4 2v-8z" />
        </svg>
        {count > 0 ? t('search.filters_toggle_count', { count }) : t('search.filters_toggle')}
      </button>
      <div
        id={panelId}
        className={open ? undefined : styles.folded}
        onKeyDown={onKeyDown}
        onSubmit={fold}
      >
        {children}
      </div>
    </div>
  );
}
