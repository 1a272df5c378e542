import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { RequireAuth } from '@/components/auth/require-auth';
import { SignedInWelcome } from '@/components/auth/signed-in-welcome';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function MyProfilePage() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('nav.my_profile')}>
      <RequireAuth>
        <SignedInWelcome heading={t('nav.my_profile')} />
      </RequireAuth>
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
