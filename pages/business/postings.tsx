import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { ButtonLink } from '@/components/ui/button';
import { pipelineTranslations } from '@/lib/i18n/page-props';

// The list reads server data: it comes in a second chunk, with the cache (first-load budget).
const PostingsList = dynamic(() => import('@/components/business/postings-list'), { ssr: false });

/** /business/postings: the business's projects and jobs (PRODUCT.md flow 3). */
export default function PostingsPage() {
  const { t } = useTranslation('market');
  return (
    <PageFrame title={t('postings.title')}>
      <RequireAuth role="business">
        <div className={styles.page}>
          <header className={styles.pageHeader}>
            <div>
              <h1>{t('postings.title')}</h1>
              <p>{t('postings.lead')}</p>
            </div>
            <div className={styles.actions}>
              <ButtonLink href="/business/projects/new">{t('postings.new_project')}</ButtonLink>
              <ButtonLink href="/business/jobs/new" variant="secondary">
                {t('postings.new_job')}
              </ButtonLink>
            </div>
          </header>
          <PostingsList />
        </div>
      </RequireAuth>
    </PageFrame>
  );
}

export const getStaticProps = pipelineTranslations;
