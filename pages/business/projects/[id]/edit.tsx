import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/marketplace/editor/posting-form-page';
import { postingFormProps } from '@/page-state/posting-pages';

/** /business/projects/[id]/edit: the project while it recruits, for the business that posted it. */
export default function EditProjectPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="project" {...props} />;
}

export const getServerSideProps = postingFormProps('project', 'edit');
