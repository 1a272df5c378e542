import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/layout/list-page.module.css';
import { PageFrame } from '@/components/layout/page-frame';
import { PrivateLinkHead } from '@/components/layout/private-link-head';
import { TEAM_NAMESPACES, translationProps } from '@/lib/i18n/page-props';
import { loadInvitation } from '@/server/ssr/invitation';
import { serverPage } from '@/server/ssr/page';
import type { TInvitation } from '@/types/companies';

// The invitation's answer needs the API's cache: it comes in a second chunk (first-load budget).
const InvitationScreen = dynamic(() => import('@/components/team/invitation-screen'), {
  loading: () => <Loading />,
});

function Loading() {
  const { t } = useTranslation('team');
  return <p role="status">{t('invitation.loading')}</p>;
}

/** /invitations/{token}: a company's invitation, for anyone holding its link (docs/product.md "Companies and teams", "Screens"). */
export default function InvitationPage({ invitation }: { invitation: TInvitation | null }) {
  const { t } = useTranslation('team');
  const { query } = useRouter();
  const token = typeof query.token === 'string' ? query.token : '';
  return (
    <PageFrame title={t('invitation.title')}>
      <PrivateLinkHead />
      <div className={styles.page}>
        <header className={styles.pageHeader}>
          <div>
            <h1>{t('invitation.title')}</h1>
          </div>
        </header>
        {token && <InvitationScreen token={token} invitation={invitation} />}
      </div>
    </PageFrame>
  );
}

// Through serverPage (server/ssr/page.ts), as every server-rendered page: an address with control
// characters is refused before anything else. The invitation is read here, so the page shows it at
// once; an unknown or used link still answers 200, with the page saying it is no longer valid.
export const getServerSideProps = serverPage(async ({ params, locale }) => ({
  props: {
    invitation: await loadInvitation(String(params?.token ?? '')),
    ...(await translationProps(locale, TEAM_NAMESPACES)),
  },
}));
