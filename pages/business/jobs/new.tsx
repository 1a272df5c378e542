import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/marketplace/editor/posting-form-page';
import { postingFormProps } from '@/page-state/posting-pages';

/** /business/jobs/new (docs/product.md "Marketplace"). */
export default function NewJobPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="job" {...props} />;
}

export const getServerSideProps = postingFormProps('job', 'new');
