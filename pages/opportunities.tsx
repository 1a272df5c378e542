import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { Opportunities } from '@/components/opportunities/opportunities';
import { langOf } from '@/lib/i18n/lang';
import { MARKET_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadOpportunities, type TOpportunitiesPage } from '@/server/ssr/marketplace';
import { serverPage } from '@/server/ssr/page';

/** /opportunities: projects and jobs found from the URL's choices, rendered on the server. */
export default function OpportunitiesPage(props: TOpportunitiesPage) {
  const { t } = useTranslation('market');
  return (
    <PageFrame title={t('search.title')}>
      <Opportunities {...props} />
    </PageFrame>
  );
}

export const getServerSideProps = serverPage<TOpportunitiesPage>(async ({ query, locale }) => ({
  props: {
    ...(await loadOpportunities(query, langOf(locale))),
    ...(await translationProps(locale, MARKET_NAMESPACES)),
  },
}));
