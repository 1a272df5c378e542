import { ApplicantsPage } from '@/components/pipeline/applicants-page';
import { langOf } from '@/lib/i18n/lang';
import { PIPELINE_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage, type TSignedInProps } from '@/page-state/signed-in-page';
import { loadPosting, type TPostingPage } from '@/server/ssr/marketplace';

/**
 * /business/jobs/[id]/applicants: the job's applicant board, for the business that
 * posted it (anyone else's, like an unknown one, is "not found": the API answers 404).
 */
export default function JobApplicantsPage({
  posting,
  serverSession,
}: TPostingPage & TSignedInProps) {
  return <ApplicantsPage kind="job" posting={posting} serverSession={serverSession} />;
}

export const getServerSideProps = signedInPage(
  PIPELINE_NAMESPACES,
  () => import('@/components/pipeline/applicant-board'),
  ({ params, locale }) => loadPosting('job', String(params?.id ?? ''), langOf(locale)),
);
