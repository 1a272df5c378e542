import { PostingPage } from '@/components/marketplace/posting/posting-page';
import { postingPageProps, type TPostingPage } from '@/server/ssr/marketplace';

/** /projects/[id] (docs/product.md "The calls": GET /projects/{id}): rendered on the server. */
export default function ProjectPage(props: TPostingPage) {
  return <PostingPage {...props} />;
}

export const getServerSideProps = postingPageProps('project');
