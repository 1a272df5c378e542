import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { SignedOutOnly } from '@/components/auth/signed-out-only';
import { LoginForm } from '@/components/auth/login-form';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function Page() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('auth.login.title')}>
      <SignedOutOnly>
        <LoginForm />
      </SignedOutOnly>
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
