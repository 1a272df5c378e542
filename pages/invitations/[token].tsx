import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { TEAM_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';

// The invitation reads server data: it comes in a second chunk, with the cache (first-load budget).
const InvitationScreen = dynamic(() => import('@/components/team/invitation-screen'), {
  loading: () => <Loading />,
});

function Loading() {
  const { t } = useTranslation('team');
  return <p role="status">{t('invitation.loading')}</p>;
}

/** /invitations/{token}: a company's invitation, for anyone holding its link (docs/product.md "Companies and teams", "Screens"). */
export default function InvitationPage() {
  const { t } = useTranslation('team');
  const { query } = useRouter();
  const token = typeof query.token === 'string' ? query.token : '';
  return (
    <PageFrame title={t('invitation.title')}>
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('invitation.title')}</h1>
          </div>
        </header>
        {token && <InvitationScreen token={token} />}
      </div>
    </PageFrame>
  );
}

// Through serverPage (server/ssr/page.ts), as every server-rendered page: an address with control
// characters is refused before anything else.
export const getServerSideProps = serverPage(async ({ locale }) => ({
  props: { ...(await translationProps(locale, TEAM_NAMESPACES)) },
}));
