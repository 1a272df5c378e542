import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { TOption } from '@/components/ui/select-field';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import styles from '@/components/marketplace/browse/opportunities.module.css';
import { Pagination } from '@/components/marketplace/browse/pagination';
import { PostingCard } from '@/components/marketplace/browse/posting-card';
import { TalentCard } from '@/components/marketplace/browse/talent-card';
import { KINDS, kindFrom, POSTING_KINDS } from '@/lib/kinds';
import {
  useFavoritePostingsQuery,
  useFavoriteTalentsQuery,
  useRecommendationsQuery,
} from '@/services/favorites-api';
import type { TPage, TPostingKind } from '@/types/marketplace';

// The signed-in caller's own tabs of /opportunities (docs/product.md "Favourites", "For you"):
// read in the browser with the caller's token, each time the tab shows. The kind of posting
// and the page live in the URL (`?tab=saved&type=job&page=2`), as every other choice.

export type TPersonalTab = 'saved' | 'for_you';

type TProps = {
  tab: TPersonalTab;
  /** Whether the caller is a talent (postings) or a business account (talents, Saved only). */
  talent: boolean;
  countries: TOption[];
  applied: (p: TPosting) => boolean;
};

export default function PersonalTabs(props: TProps) {
  return props.talent ? <PostingTab {...props} /> : <SavedTalents countries={props.countries} />;
}

/** The query's first value of `key`, as text. */
const textOf = (value: unknown) => (Array.isArray(value) ? value[0] : value) as string | undefined;

function PostingTab({ tab, countries, applied }: TProps) {
  const { t } = useTranslation('market');
  const { query } = useRouter();
  const kind = kindFrom(textOf(query.type));
  const page = Number(textOf(query.page)) || 1;
  const saved = useFavoritePostingsQuery(
    { kind, page },
    { skip: tab !== 'saved', refetchOnMountOrArgChange: true },
  );
  const forYou = useRecommendationsQuery(
    { kind, page },
    { skip: tab !== 'for_you', refetchOnMountOrArgChange: true },
  );
  const { data, isFetching } = tab === 'saved' ? saved : forYou;
  const countryName = (code: string | null) =>
    countries.find((c) => c.value === code)?.label ?? null;
  return (
    <section className={styles.results} aria-labelledby="personal-count">
      <KindSwitch tab={tab} current={kind} />
      <p id="personal-count" className={styles.count} role="status" aria-busy={isFetching}>
        {data ? t('search.results', { count: data.total }) : t('favorites.loading')}
      </p>
      {data && data.data.length > 0 ? (
        <>
          <div className={styles.cards}>
            {(data as TPage<TPosting>).data.map((p) => (
              <PostingCard
                key={p.id}
                posting={p}
                countryName={countryName(p.country_code)}
                applied={applied(p)}
              />
            ))}
          </div>
          <Pagination page={data.page} last={data.last_page} />
        </>
      ) : (
        data && <p className={styles.empty}>{t(`favorites.empty_${tab}`)}</p>
      )}
    </section>
  );
}

/** Projects / Jobs within a tab, keeping the tab (the page starts again). */
function KindSwitch({ tab, current }: { tab: TPersonalTab; current: TPostingKind }) {
  const { t } = useTranslation('market');
  return (
    <nav className={styles.tabs} aria-label={t('favorites.kind_label')}>
      {POSTING_KINDS.map((k) => (
        <Link
          key={k}
          href={{ pathname: '/opportunities', query: { tab, type: k } }}
          className={k === current ? styles.tabActive : styles.tab}
          aria-current={k === current ? 'page' : undefined}
        >
          {t(KINDS[k].pluralKey)}
        </Link>
      ))}
    </nav>
  );
}

/** A business account's saved talents, as the talents tab shows its cards. */
function SavedTalents({ countries }: { countries: TOption[] }) {
  const { t } = useTranslation('market');
  const { query } = useRouter();
  const page = Number(textOf(query.page)) || 1;
  const { data, isFetching } = useFavoriteTalentsQuery(
    { page },
    { refetchOnMountOrArgChange: true },
  );
  return (
    <section className={styles.results} aria-labelledby="personal-count">
      <p id="personal-count" className={styles.count} role="status" aria-busy={isFetching}>
        {data ? t('search.results', { count: data.total }) : t('favorites.loading')}
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
        data && <p className={styles.empty}>{t('favorites.empty_talents')}</p>
      )}
    </section>
  );
}
