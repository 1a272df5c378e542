import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import teamStyles from '@/components/team/team.module.css';
import { ServerCompanyChoice } from '@/lib/company-choice';
import { TEAM_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage, type TSignedInProps } from '@/page-state/signed-in-page';
import { preloadForSession } from '@/store/session-preload';

// The team reads server data: it comes in a second chunk, with the cache (first-load budget).
// The server renders it when it knows the session (page-state/signed-in-page.ts).
const TeamScreen = dynamic(() => import('@/components/team/team-screen'), {
  loading: () => <TeamLoading />,
});

preloadForSession(['/business/team'], () => import('@/components/team/team-screen'));

/** Until the screen's code is in: the screen's height already, so nothing moves when it comes. */
function TeamLoading() {
  const { t } = useTranslation('team');
  return (
    <div className={teamStyles.screen}>
      <p role="status">{t('loading')}</p>
    </div>
  );
}

/**
 * /business/team: the chosen company's members, pending invitations, the invitation form and its
 * audit log (docs/product.md "Companies and teams", "Screens"). With the session, the server
 * renders the team of the company the request chose, and the browser hydrates the same one.
 */
export default function TeamPage({ serverSession }: Partial<TSignedInProps>) {
  const { t } = useTranslation('team');
  return (
    <PageFrame title={t('title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('title')}</h1>
          </div>
        </header>
        <RequireAuth role="business">
          <ServerCompanyChoice.Provider value={serverSession?.company ?? null}>
            <TeamScreen />
          </ServerCompanyChoice.Provider>
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  TEAM_NAMESPACES,
  () => import('@/components/team/team-screen'),
);
