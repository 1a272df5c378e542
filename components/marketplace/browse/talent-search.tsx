import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField, type TOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useSearchTalentsQuery } from '@/services/marketplace-api';
import { localName, useGetLanguagesQuery } from '@/services/reference-api';
import styles from './opportunities.module.css';
import { FilterFold } from './filter-panel';
import { Pagination } from './pagination';
import { TalentCard } from './talent-card';
import { sortByLabel } from '@/lib/format/by-label';

const FIELDS = ['search', 'skill', 'role', 'language', 'country'] as const;

/**
 * Talents for a signed-in business (GET /talents): skill, language, role, country; in the URL too.
 * The server lists the fullest profiles first (docs/api.md "Marketplace").
 */
export default function TalentSearch({ countries }: { countries: TOption[] }) {
  const { t, i18n } = useTranslation('market');
  const { t: tp } = useTranslation('profile');
  const router = useRouter();
  const query = router.query;
  const text = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : '');
  const args = Object.fromEntries(FIELDS.filter((k) => text(k)).map((k) => [k, text(k)]));
  const page = Number(text('page')) || 1;
  const { data, isFetching } = useSearchTalentsQuery({ ...args, page });
  const languages = useGetLanguagesQuery().data ?? [];

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next: Record<string, string> = { tab: 'talents' };
    for (const k of FIELDS) {
      const v = form.get(k);
      if (typeof v === 'string' && v.trim()) next[k] = v.trim();
    }
    void router.push({ pathname: router.pathname, query: next }, undefined, { shallow: true });
  }

  return (
    <section className={styles.results} aria-label={t('search.talents_title')}>
      {/* On a phone the talents' filters fold as the postings' do. */}
      <FilterFold count={Object.keys(args).length}>
        <form className={styles.talentFilters} onSubmit={submit} aria-label={t('search.filters')}>
          <TextField
            label={t('search.search')}
            name="search"
            type="search"
            defaultValue={text('search')}
            maxLength={100}
          />
          <TextField
            label={t('search.skill')}
            name="skill"
            defaultValue={text('skill')}
            maxLength={60}
          />
          <TextField
            label={tp('edit.sections.roles')}
            name="role"
            defaultValue={text('role')}
            maxLength={80}
          />
          <SelectField
            label={tp('edit.sections.languages')}
            name="language"
            placeholder="—"
            options={sortByLabel(
              languages.map((l) => ({ value: l.code, label: localName(l, i18n.language) })),
              i18n.language,
            )}
            defaultValue={text('language')}
          />
          <SelectField
            label={t('search.country')}
            name="country"
            placeholder={t('search.any_country')}
            options={countries}
            defaultValue={text('country')}
          />
          <Button type="submit">{t('search.apply')}</Button>
        </form>
      </FilterFold>
      <p id="talent-count" className={styles.count} role="status" aria-busy={isFetching}>
        {t('search.results', { count: data?.total ?? 0 })}
      </p>
      {data && data.data.length > 0 ? (
        <>
          <div className={styles.talents}>
            {data.data.map((talent) => (
              <TalentCard key={talent.id} talent={talent} countries={countries} />
            ))}
          </div>
          <Pagination page={data.page} last={data.last_page} />
        </>
      ) : (
        data && <p className={styles.empty}>{t('search.empty')}</p>
      )}
    </section>
  );
}
