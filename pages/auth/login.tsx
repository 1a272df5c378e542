import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { LoginForm } from '@/components/auth/login-form';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function Page() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('auth.login.title')}>
      <LoginForm />
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
