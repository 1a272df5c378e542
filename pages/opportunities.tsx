import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { RequireAuth } from '@/components/auth/require-auth';
import { SignedInWelcome } from '@/components/auth/signed-in-welcome';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function OpportunitiesPage() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('nav.opportunities')}>
      <RequireAuth>
        <SignedInWelcome heading={t('nav.opportunities')} />
      </RequireAuth>
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
