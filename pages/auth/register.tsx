import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { SignedOutOnly } from '@/components/auth/signed-out-only';
import { RegisterForm } from '@/components/auth/register-form';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function Page() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('auth.register.title')}>
      <SignedOutOnly>
        <RegisterForm />
      </SignedOutOnly>
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
