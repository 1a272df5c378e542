import type { GetServerSideProps } from 'next';
import { PostingFormPage } from '@/components/business/posting-form-page';
import type { TOption } from '@/components/ui/select-field';
import { MARKET_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadCountryOptions } from '@/server/ssr/marketplace';

/** /business/jobs/new (PRODUCT.md flow 3). */
export default function NewJobPage({ countries }: { countries: TOption[] }) {
  return <PostingFormPage kind="job" countries={countries} />;
}

export const getServerSideProps: GetServerSideProps = async ({ locale }) => ({
  props: {
    countries: await loadCountryOptions(locale === 'es' ? 'es' : 'en'),
    ...(await translationProps(locale, MARKET_NAMESPACES)),
  },
});
