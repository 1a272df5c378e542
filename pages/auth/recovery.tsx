import { useTranslation } from 'next-i18next/pages';
import { AuthPage } from '@/components/auth/auth-page';
import { RecoveryForm } from '@/components/auth/recovery-form';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function Page() {
  const { t } = useTranslation('common');
  return (
    <AuthPage title={t('auth.recovery.title')}>
      <RecoveryForm />
    </AuthPage>
  );
}

export const getStaticProps = staticTranslations;
