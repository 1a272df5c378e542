import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/marketplace/editor/posting-form-page';
import { postingFormProps } from '@/page-state/posting-pages';

/** /business/jobs/[id]/edit: the job while it recruits, for the business that posted it. */
export default function EditJobPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="job" {...props} />;
}

export const getServerSideProps = postingFormProps('job', 'edit');
