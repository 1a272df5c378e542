import {
  PostingFormPage,
  type TPostingFormPageProps,
} from '@/components/marketplace/editor/posting-form-page';
import { postingFormProps } from '@/page-state/posting-pages';

/** /business/projects/new (docs/product.md "Marketplace"). */
export default function NewProjectPage(props: TPostingFormPageProps) {
  return <PostingFormPage kind="project" {...props} />;
}

export const getServerSideProps = postingFormProps('project', 'new');
