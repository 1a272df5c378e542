import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { TOKENS_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

// The tokens read server data: they come in a second chunk, with the cache (first-load budget,
// docs/performance.md "Budgets").
const TokensScreen = dynamic(
  () => import('@/components/account/tokens-screen').then((m) => m.TokensScreen),
  { loading: () => <TokensLoading /> },
);

preloadForSession(['/account/tokens'], () => import('@/components/account/tokens-screen'));

function TokensLoading() {
  const { t } = useTranslation('tokens');
  return <p role="status">{t('list.loading')}</p>;
}

/**
 * /account/tokens: the signed-in user's personal access tokens (docs/product.md "Access
 * tokens"): make one, copy it once, see when each was used, revoke it.
 */
export default function TokensPage() {
  const { t } = useTranslation('tokens');
  return (
    <PageFrame title={t('title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('title')}</h1>
          </div>
        </header>
        <RequireAuth>
          <TokensScreen />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(TOKENS_NAMESPACES);
