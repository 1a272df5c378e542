import { useTranslation } from 'next-i18next/pages';
import { RequireAuth } from '@/components/auth/require-auth';
import { PageFrame } from '@/components/layout/page-frame';
import { MyProfile } from '@/components/profile/my-profile';
import { WALLET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';

export default function MyProfilePage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('nav.my_profile')}>
      <RequireAuth>
        <MyProfile />
      </RequireAuth>
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  WALLET_NAMESPACES,
  () => import('@/components/profile/my-profile-body'),
);
