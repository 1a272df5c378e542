import { ApplicantsPage } from '@/components/marketplace/board/applicants-page';
import { applicantsProps } from '@/page-state/posting-pages';
import type { TSignedInProps } from '@/page-state/signed-in-page';
import type { TPostingPage } from '@/server/ssr/marketplace';

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

export const getServerSideProps = applicantsProps(
  'job',
  () => import('@/components/marketplace/board/applicant-board'),
);
