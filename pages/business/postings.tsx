import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { KindListLoading } from '@/components/marketplace/shared/kind-tabs';
import { ButtonLink } from '@/components/ui/button';
import { PIPELINE_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import { useSession } from '@/store/session';

// The list reads server data: it comes in a second chunk, with the cache (first-load budget).
// The server renders it when it knows the session (page-state/signed-in-page.ts).
const PostingsList = dynamic(() => import('@/components/marketplace/editor/postings-list'), {
  loading: () => <KindListLoading pathname="/business/postings" text="postings.loading" />,
});
// The new-posting actions depend on the member's role (a recruiter posts nothing): the page
// paints them at once, and the part that reads the role comes with the list's chunk.
const NewPostingActions = dynamic(() => import('@/components/team/new-posting-actions'), {
  loading: () => <NewPostingLinks />,
});

function NewPostingLinks() {
  const { t } = useTranslation('market');
  return (
    <div className={styles.actions}>
      <ButtonLink href="/business/projects/new">{t('postings.new_project')}</ButtonLink>
      <ButtonLink href="/business/jobs/new" variant="secondary">
        {t('postings.new_job')}
      </ButtonLink>
    </div>
  );
}

preloadForSession(
  ['/business/postings'],
  () => import('@/components/marketplace/editor/postings-list'),
);

/**
 * /business/postings: the business's projects and jobs (docs/product.md "Marketplace"). The heading, its lead
 * and the new-posting actions are in the server's page and paint at once; the actions go once the
 * session shows the visitor is no business, and the list waits for the session.
 */
export default function PostingsPage() {
  const { t } = useTranslation('market');
  const { rehydrated } = useSession();
  const user = useAppSelector(selectUser);
  const business = !rehydrated || user?.is_talent === false;
  return (
    <PageFrame title={t('postings.title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('postings.title')}</h1>
            <p>{t('postings.lead')}</p>
          </div>
          {business && (rehydrated && user ? <NewPostingActions /> : <NewPostingLinks />)}
        </header>
        <RequireAuth role="business">
          <PostingsList />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  PIPELINE_NAMESPACES,
  () => import('@/components/marketplace/editor/postings-list'),
);
