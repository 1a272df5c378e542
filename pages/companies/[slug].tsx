import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { CompanyView } from '@/components/company/company-view';
import { PageFrame } from '@/components/layout/page-frame';
import { ReviewsSection } from '@/components/reviews/reviews-section';
import { langOf } from '@/lib/i18n/lang';
import { COMPANY_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadCompanyPage, type TCompanyPageProps } from '@/server/ssr/company';
import { serverPage } from '@/server/ssr/page';

/**
 * /companies/[slug]: a company's public page (docs/product.md "The company page"), rendered on
 * the server with its Open Graph tags and canonical address, so a shared link previews well. An
 * unknown slug is a real 404. The slug stays when the company is renamed.
 */
export default function CompanyPage({
  company,
  countryNames,
  url,
  siteUrl,
  reviews,
}: TCompanyPageProps) {
  const { t } = useTranslation('company');
  const description = company.about
    ? Array.from(company.about.replace(/\s+/g, ' ').trim()).slice(0, 200).join('')
    : t('page.og_description', { name: company.name });
  const image = company.logo_url
    ? company.logo_url.startsWith('/')
      ? `${siteUrl}${company.logo_url}`
      : company.logo_url
    : null;
  return (
    <PageFrame title={company.name}>
      <Head>
        <meta name="description" content={description} key="description" />
        <link rel="canonical" href={url} />
        <meta property="og:type" content="profile" />
        <meta property="og:title" content={company.name} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={url} />
        {image && <meta property="og:image" content={image} />}
      </Head>
      <CompanyView company={company} countryNames={countryNames} />
      <ReviewsSection
        owner={{ of: 'company', slug: company.slug }}
        initial={reviews}
        replyName={company.name}
      />
    </PageFrame>
  );
}

export const getServerSideProps = serverPage<TCompanyPageProps>(async ({ params, locale }) => {
  const page = await loadCompanyPage(String(params?.slug ?? ''), langOf(locale));
  if (!page) return { notFound: true };
  return {
    props: { ...page, ...(await translationProps(locale, [...COMPANY_NAMESPACES, 'reviews'])) },
  };
});
