import type { GetServerSideProps } from 'next';
import { PostingFormPage } from '@/components/business/posting-form-page';
import type { TOption } from '@/components/ui/select-field';
import { MARKET_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadCountryOptions, loadPosting, type TPostingPage } from '@/server/ssr/marketplace';
import type { TProject } from '@/types/marketplace';

/** /business/projects/[id]/edit: the project while it recruits, for the business that posted it. */
export default function EditProjectPage({
  posting,
  countries,
}: TPostingPage & { countries: TOption[] }) {
  return <PostingFormPage kind="project" posting={posting as TProject} countries={countries} />;
}

export const getServerSideProps: GetServerSideProps = async ({ params, locale }) => {
  const lang = locale === 'es' ? 'es' : 'en';
  const page = await loadPosting('project', String(params?.id ?? ''), lang);
  if (!page) return { notFound: true };
  return {
    props: {
      ...page,
      countries: await loadCountryOptions(lang),
      ...(await translationProps(locale, MARKET_NAMESPACES)),
    },
  };
};
