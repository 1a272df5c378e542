import { PostingPage } from '@/components/postings/posting-page';
import { langOf } from '@/lib/i18n/lang';
import { POSTING_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadPosting, loadViewerApplication, type TPostingPage } from '@/server/ssr/marketplace';
import { serverPage } from '@/server/ssr/page';

/** /projects/[id] (docs/product.md "The calls" GET /projects/{id}): rendered on the server; an unknown id is a real 404. */
export default function ProjectPage(props: TPostingPage) {
  return <PostingPage {...props} />;
}

export const getServerSideProps = serverPage<TPostingPage>(async ({ params, locale, req }) => {
  const id = String(params?.id ?? '');
  // Whether the caller applied comes with the page, from the server (not a stored copy).
  const reads = [
    loadPosting('project', id, langOf(locale)),
    loadViewerApplication(req, 'project', id),
    translationProps(locale, POSTING_NAMESPACES),
  ] as const;
  // When one read fails, the others finish before the page does: none outlives its request.
  await Promise.allSettled(reads);
  const [page, mine, translations] = await Promise.all(reads);
  if (!page) return { notFound: true };
  return { props: { ...page, mine, ...translations } };
});
