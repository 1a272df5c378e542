import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import type { TOption } from '@/components/ui/select-field';
import { isProject, type TPosting } from '@/components/marketplace/shared/posting-facts';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';
import type { TPersonalTab } from '@/components/favorites/personal-tabs';
import type { TPage } from '@/types/marketplace';
import styles from './opportunities.module.css';
import { Pagination } from './pagination';
import { PostingCard } from './posting-card';
import { FilterPanel } from './filter-panel';
import type { TFilterValues } from './search-filters';

export type TTab = 'projects' | 'jobs' | 'talents' | TPersonalTab;

// Talents are searched by signed-in businesses only, in the browser (with their token).
const TalentSearch = dynamic(() => import('./talent-search'), { ssr: false });
// The caller's Saved and For you tabs, read with their token (components/favorites/personal-tabs.tsx).
const PersonalTabs = dynamic(() => import('@/components/favorites/personal-tabs'), { ssr: false });
// "Save this search" is for signed-in users, in the browser (docs/product.md "Saved searches and alerts").
const SaveSearch = dynamic(() => import('@/components/discovery/save-search'), { ssr: false });

/**
 * /opportunities: projects and jobs rendered on the server from the URL's choices (a search can
 * be shared, the back button works, results show before JavaScript runs); talents for a
 * signed-in business.
 */
export function Opportunities({
  tab,
  values,
  results,
  countries,
}: {
  tab: TTab;
  values: TFilterValues;
  results: TPage<TPosting> | null;
  countries: TOption[];
}) {
  const { t } = useTranslation('market');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const business = Boolean(rehydrated && user && !user.is_talent);
  const heading = tab === 'talents' ? 'talents_' : business ? 'business_' : '';
  const countryName = (code: string | null) =>
    countries.find((c) => c.value === code)?.label ?? null;
  const applied = (p: TPosting) =>
    Boolean(
      user &&
      (isProject(p)
        ? user.projects.some((x) => x.id === p.id)
        : user.jobs.some((x) => x.id === p.id)),
    );
  const talent = Boolean(rehydrated && user?.is_talent);
  // Saved for anyone signed in; For you for talents (docs/product.md "Favourites", "For you").
  const tabs: TTab[] = ['projects', 'jobs', 'talents'];
  if (talent || business) tabs.push('saved');
  if (talent) tabs.push('for_you');
  const personal = tab === 'saved' || tab === 'for_you';
  return (
    <div className={styles.page}>
      {/* The talents tab has its own words; a business (who landed here after signing in) reads
          what the page offers it. */}
      <header className={styles.pageHeader}>
        <h1>{t(`search.${heading}title`)}</h1>
        <p>{t(`search.${heading}lead`)}</p>
      </header>
      <nav className={styles.tabs} aria-label={t('search.tabs_label')}>
        {tabs.map((name) => (
          <Link
            key={name}
            href={{ pathname: '/opportunities', query: { tab: name } }}
            className={name === tab ? styles.tabActive : styles.tab}
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`kinds.${name}`)}
          </Link>
        ))}
      </nav>
      {personal ? (
        (tab === 'saved' && business) || talent ? (
          <PersonalTabs tab={tab} talent={talent} countries={countries} applied={applied} />
        ) : (
          <p className={styles.empty}>{t(`favorites.sign_in_${tab}`)}</p>
        )
      ) : tab === 'talents' ? (
        business ? (
          <TalentSearch countries={countries} />
        ) : (
          <p className={styles.empty}>{t('search.talents_sign_in')}</p>
        )
      ) : (
        <div className={styles.layout}>
          <FilterPanel tab={tab} values={values} countries={countries} />
          <section aria-labelledby="results-count" className={styles.results}>
            <div className={styles.resultsHead}>
              <p id="results-count" className={styles.count} role="status">
                {t('search.results', { count: results?.total ?? 0 })}
              </p>
              {rehydrated && user && <SaveSearch tab={tab} values={values} />}
            </div>
            {results && results.data.length > 0 ? (
              <>
                <div className={styles.cards}>
                  {results.data.map((p) => (
                    <PostingCard
                      key={p.id}
                      posting={p}
                      countryName={countryName(p.country_code)}
                      applied={applied(p)}
                    />
                  ))}
                </div>
                <Pagination page={results.page} last={results.last_page} />
              </>
            ) : (
              <p className={styles.empty}>{t('search.empty')}</p>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
