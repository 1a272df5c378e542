import type { GetServerSideProps } from 'next';
import { PostingFormPage } from '@/components/business/posting-form-page';
import type { TOption } from '@/components/ui/select-field';
import { MARKET_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadCountryOptions, loadPosting, type TPostingPage } from '@/server/ssr/marketplace';
import type { TJob } from '@/types/marketplace';

/** /business/jobs/[id]/edit: the job while it recruits, for the business that posted it. */
export default function EditJobPage({
  posting,
  countries,
}: TPostingPage & { countries: TOption[] }) {
  return <PostingFormPage kind="job" posting={posting as TJob} countries={countries} />;
}

export const getServerSideProps: GetServerSideProps = async ({ params, locale }) => {
  const lang = locale === 'es' ? 'es' : 'en';
  const page = await loadPosting('job', String(params?.id ?? ''), lang);
  if (!page) return { notFound: true };
  return {
    props: {
      ...page,
      countries: await loadCountryOptions(lang),
      ...(await translationProps(locale, MARKET_NAMESPACES)),
    },
  };
};
