import type { GetServerSideProps } from 'next';
import { ApplicantsPage } from '@/components/pipeline/applicants-page';
import { PIPELINE_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadPosting, type TPostingPage } from '@/server/ssr/marketplace';

/**
 * /business/jobs/[id]/applicants: the job's applicant board, for the business that
 * posted it (anyone else's, like an unknown one, is "not found": the API answers 404).
 */
export default function JobApplicantsPage({ posting }: TPostingPage) {
  return <ApplicantsPage kind="job" posting={posting} />;
}

export const getServerSideProps: GetServerSideProps<TPostingPage> = async ({ params, locale }) => {
  const lang = locale === 'es' ? 'es' : 'en';
  const page = await loadPosting('job', String(params?.id ?? ''), lang);
  if (!page) return { notFound: true };
  return { props: { ...page, ...(await translationProps(locale, PIPELINE_NAMESPACES)) } };
};
