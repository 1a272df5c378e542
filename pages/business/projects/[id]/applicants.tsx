import type { GetServerSideProps } from 'next';
import { ApplicantsPage } from '@/components/pipeline/applicants-page';
import { PIPELINE_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadPosting, type TPostingPage } from '@/server/ssr/marketplace';

/**
 * /business/projects/[id]/applicants: the project's applicant board, for the business that
 * posted it (anyone else's, like an unknown one, is "not found": the API answers 404).
 */
export default function ProjectApplicantsPage({ posting }: TPostingPage) {
  return <ApplicantsPage kind="project" posting={posting} />;
}

export const getServerSideProps: GetServerSideProps<TPostingPage> = async ({ params, locale }) => {
  const lang = locale === 'es' ? 'es' : 'en';
  const page = await loadPosting('project', String(params?.id ?? ''), lang);
  if (!page) return { notFound: true };
  return { props: { ...page, ...(await translationProps(locale, PIPELINE_NAMESPACES)) } };
};
