import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { currencyDigits } from '@/lib/format/money';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_LIMITS } from '@/lib/marketplace';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import { toastError } from '@/lib/toast';
import { API_BASE_URL } from '@/services/http-client';
import type { TPostingKind } from '@/types/marketplace';
import type { TBoardQuery } from '@/types/pipeline';
import { hasPrices, isFiltered, queryParams, skillName } from './use-board-filters';
import styles from './workbench.module.css';

/** How long typing rests before the board is read with the new text (ms). */
export const TYPING_PAUSE_MS = 350;

type TDraft = {
  search: string;
  skill: string;
  min_price: string;
  max_price: string;
  max_weeks: string;
};

/** A price in minor units as people type it (major units), and back. */
const toMajor = (minor: number | undefined, digits: number) =>
  minor === undefined ? '' : String(minor / 10 ** digits);
const toMinor = (major: string, digits: number) => {
  const n = Number(major.replace(',', '.'));
  return major.trim() !== '' && Number.isFinite(n) && n > 0
    ? Math.round(n * 10 ** digits)
    : undefined;
};
const toWhole = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};

const draftOf = (q: TBoardQuery, digits: number): TDraft => ({
  search: q.search ?? '',
  skill: q.skill ?? '',
  min_price: toMajor(q.min_price, digits),
  max_price: toMajor(q.max_price, digits),
  max_weeks: q.max_weeks === undefined ? '' : String(q.max_weeks),
});

/** The address of the posting's CSV export, with the reader's language and the board's filters. */
export function exportHref(kind: TPostingKind, id: number, lang: string, query: TBoardQuery) {
  const params = new URLSearchParams({ lang: langOf(lang), ...queryParams(query) });
  return `${API_BASE_URL}/${kind}s/${id}/applications.csv?${params.toString()}`;
}

/**
 * Export as CSV (docs/api.md "The recruiter's workbench"). The API reads only the
 * `Authorization` header, never a cookie (docs/security.md "Session cookie"): the link's address
 * is the file's, and a click fetches it with the session's token and saves what it answers.
 */
function ExportLink({ href, fileName }: { href: string; fileName: string }) {
  const { t } = useTranslation('pipeline');
  return (
    <a
      href={href}
      download={fileName}
      className={styles.export}
      onClick={(e) => {
        e.preventDefault();
        void (async () => {
          try {
            const token = safeStorage.get(STORAGE_KEYS.accessToken);
            const res = await fetch(href, {
              headers: token ? { Authorization: `Bearer ${token}` } : {},
            });
            if (!res.ok) throw new Error(String(res.status));
            const url = URL.createObjectURL(await res.blob());
            const link = document.createElement('a');
            link.href = url;
            link.download = fileName;
            document.body.append(link);
            link.click();
            link.remove();
            URL.revokeObjectURL(url);
          } catch {
            toastError(t('workbench.export_failed'));
          }
        })();
      }}
    >
      {t('workbench.export')}
    </a>
  );
}

/**
 * The board's search, filters and order (docs/product.md "The recruiter's workbench"): typing
 * waits for a pause, a choice applies at once; all of it in the address (./use-board-filters.ts).
 */
export function BoardFilters({
  kind,
  postingId,
  currency,
  query,
  onQuery,
}: {
  kind: TPostingKind;
  postingId: number;
  currency: string;
  query: TBoardQuery;
  onQuery: (next: TBoardQuery) => void;
}) {
  const { t, i18n } = useTranslation('pipeline');
  const digits = currencyDigits(currency);
  const priced = hasPrices(kind);
  const [draft, setDraft] = useState<TDraft>(() => draftOf(query, digits));
  const typing = useRef<number | undefined>(undefined);
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  });
  useEffect(() => () => window.clearTimeout(typing.current), []);

  // Cleared elsewhere (the empty result's "Clear filters"): the typed fields empty too.
  const filtered = isFiltered(query);
  const [wasFiltered, setWasFiltered] = useState(filtered);
  if (filtered !== wasFiltered) {
    setWasFiltered(filtered);
    if (!filtered) setDraft(draftOf({}, digits));
  }
  useEffect(() => {
    if (!filtered) window.clearTimeout(typing.current);
  }, [filtered]);

  /** A typed field: shown at once, sent once typing rests. */
  function type(field: keyof TDraft, text: string) {
    const next = { ...draft, [field]: text };
    setDraft(next);
    window.clearTimeout(typing.current);
    typing.current = window.setTimeout(() => {
      const q: TBoardQuery = { ...latest.current };
      const search = next.search.trim();
      q.search = search === '' ? undefined : search.slice(0, MARKET_LIMITS.search);
      q.skill = skillName(next.skill);
      if (priced) {
        q.min_price = toMinor(next.min_price, digits);
        q.max_price = toMinor(next.max_price, digits);
        q.max_weeks = toWhole(next.max_weeks);
      }
      onQuery(q);
    }, TYPING_PAUSE_MS);
  }

  function clear() {
    window.clearTimeout(typing.current);
    setDraft(draftOf({}, digits));
    onQuery({ sort: query.sort, order: query.order });
  }

  const [more, setMore] = useState(false);
  // The filters a folded phone bar holds that are on (the search stays in sight).
  const folded = (
    ['skill', 'min_rating', 'has_cv', 'min_price', 'max_price', 'max_weeks'] as const
  ).filter((k) => query[k] !== undefined).length;

  const sorts = (['applied', 'price', 'rating', 'stage_time'] as const).filter(
    (s) => s !== 'price' || priced,
  );

  return (
    <form
      role="search"
      aria-label={t('workbench.filters')}
      className={styles.filters}
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        className={styles.searchField}
        type="search"
        label={t('workbench.search')}
        hint={t('workbench.search_hint')}
        value={draft.search}
        maxLength={MARKET_LIMITS.search}
        onChange={(e) => type('search', e.target.value)}
      />
      {/* On a phone the other filters fold under a button, so the cards come soon. */}
      <button
        type="button"
        className={styles.moreToggle}
        aria-expanded={more}
        aria-controls="board-more-filters"
        onClick={() => setMore(!more)}
      >
        {more
          ? t('workbench.fewer_filters')
          : folded > 0
            ? t('workbench.more_filters_on', { n: folded })
            : t('workbench.more_filters')}
      </button>
      <div id="board-more-filters" className={`${styles.more} ${more ? styles.moreOpen : ''}`}>
        <TextField
          label={t('market:search.skill')}
          value={draft.skill}
          maxLength={MARKET_LIMITS.skill}
          onChange={(e) => type('skill', e.target.value)}
        />
        <SelectField
          label={t('workbench.min_rating')}
          value={query.min_rating ? String(query.min_rating) : ''}
          placeholder={t('workbench.any')}
          options={[1, 2, 3, 4, 5].map((n) => ({
            value: String(n),
            label: n === 5 ? t('workbench.only_five') : t('workbench.at_least', { count: n }),
          }))}
          onChange={(e) =>
            onQuery({
              ...query,
              min_rating: e.target.value
                ? (Number(e.target.value) as TBoardQuery['min_rating'])
                : undefined,
            })
          }
        />
        {priced && (
          <>
            <TextField
              label={t('workbench.min_price', { currency })}
              inputMode="decimal"
              value={draft.min_price}
              onChange={(e) => type('min_price', e.target.value)}
            />
            <TextField
              label={t('workbench.max_price', { currency })}
              inputMode="decimal"
              value={draft.max_price}
              onChange={(e) => type('max_price', e.target.value)}
            />
            <TextField
              label={t('workbench.max_weeks')}
              inputMode="numeric"
              value={draft.max_weeks}
              onChange={(e) => type('max_weeks', e.target.value)}
            />
          </>
        )}
        <SelectField
          label={t('workbench.sort')}
          value={query.sort ?? 'applied'}
          options={sorts.map((s) => ({ value: s, label: t(`workbench.sort_${s}`) }))}
          onChange={(e) =>
            onQuery({
              ...query,
              sort:
                e.target.value === 'applied' ? undefined : (e.target.value as TBoardQuery['sort']),
            })
          }
        />
        <SelectField
          label={t('workbench.order')}
          value={query.order ?? ''}
          placeholder={t('workbench.order_default')}
          options={(['asc', 'desc'] as const).map((o) => ({
            value: o,
            label: t(`workbench.order_${o}`),
          }))}
          onChange={(e) =>
            onQuery({
              ...query,
              order: e.target.value ? (e.target.value as TBoardQuery['order']) : undefined,
            })
          }
        />
        <CheckboxField
          className={styles.cvField}
          label={t('workbench.has_cv')}
          checked={query.has_cv === true}
          onChange={(e) => onQuery({ ...query, has_cv: e.target.checked ? true : undefined })}
        />
      </div>
      <div className={styles.filterActions}>
        {isFiltered(query) && (
          <Button type="button" variant="ghost" onClick={clear}>
            {t('workbench.clear')}
          </Button>
        )}
        <ExportLink
          href={exportHref(kind, postingId, i18n.language, query)}
          fileName={`applicants-${kind}-${postingId}.csv`}
        />
      </div>
    </form>
  );
}

/** The board's answer is empty only because of the filters: say so, and offer to clear them. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation('pipeline');
  return (
    <section className={styles.noMatch} aria-labelledby="board-no-match">
      <h2 id="board-no-match">{t('workbench.no_match_title')}</h2>
      <p>{t('workbench.no_match')}</p>
      <Button variant="secondary" onClick={onClear}>
        {t('workbench.clear')}
      </Button>
    </section>
  );
}
