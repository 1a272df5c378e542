import { PostingPage } from '@/components/marketplace/posting/posting-page';
import { postingPageProps, type TPostingPage } from '@/server/ssr/marketplace';

/** /jobs/[id] (docs/product.md "The calls": GET /jobs/{id}): rendered on the server. */
export default function JobPage(props: TPostingPage) {
  return <PostingPage {...props} />;
}

export const getServerSideProps = postingPageProps('job');
