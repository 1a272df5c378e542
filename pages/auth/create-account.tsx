import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { CreateAccount } from '@/components/auth/create-account';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function Page() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('auth.create_account.title')}>
      <CreateAccount />
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
