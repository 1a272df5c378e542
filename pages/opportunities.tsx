import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { Opportunities } from '@/components/marketplace/browse/opportunities';
import { MARKET_NAMESPACES } from '@/lib/i18n/page-props';
import { langOf } from '@/lib/i18n/lang';
import { signedInPage } from '@/page-state/signed-in-page';
import { loadOpportunities, type TOpportunitiesPage } from '@/server/ssr/marketplace';

/** /opportunities: projects and jobs found from the URL's choices, rendered on the server. */
export default function OpportunitiesPage(props: TOpportunitiesPage) {
  const { t } = useTranslation('market');
  return (
    <PageFrame title={t('search.title')}>
      <Opportunities {...props} />
    </PageFrame>
  );
}

// With the session cookie the page is rendered signed in (page-state/signed-in-page.ts): a business, who
// lands here after signing in, reads the words meant for it, and the header its links, from the
// first paint.
export const getServerSideProps = signedInPage<TOpportunitiesPage>(
  MARKET_NAMESPACES,
  undefined,
  ({ query, locale, req }) => loadOpportunities(query, langOf(locale), req),
);
