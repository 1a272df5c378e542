import dynamic from 'next/dynamic';
import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import teamStyles from '@/components/team/team.module.css';
import { TEAM_NAMESPACES, translationProps } from '@/lib/i18n/page-props';

// The team reads server data: it comes in a second chunk, with the cache (first-load budget).
const TeamScreen = dynamic(() => import('@/components/team/team-screen'), {
  loading: () => <TeamLoading />,
});

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
 * audit log (docs/product.md "Companies and teams", "Screens").
 */
export default function TeamPage() {
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
          <TeamScreen />
        </RequireAuth>
      </div>
    </PageFrame>
  );
}

export const getStaticProps = async ({ locale }: { locale?: string }) => ({
  props: { ...(await translationProps(locale, TEAM_NAMESPACES)) },
});
