import { PostingPage } from '@/components/postings/posting-page';
import { langOf } from '@/lib/i18n/lang';
import { POSTING_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadPosting, type TPostingPage } from '@/server/ssr/marketplace';
import { serverPage } from '@/server/ssr/page';

/** /projects/[id] (seed §7 GET /projects/{id}): rendered on the server; an unknown id is a real 404. */
export default function ProjectPage(props: TPostingPage) {
  return <PostingPage {...props} />;
}

export const getServerSideProps = serverPage<TPostingPage>(async ({ params, locale }) => {
  const page = await loadPosting('project', String(params?.id ?? ''), langOf(locale));
  if (!page) return { notFound: true };
  return { props: { ...page, ...(await translationProps(locale, POSTING_NAMESPACES)) } };
});
