import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { Settings } from '@/components/profile/settings';
import { walletTranslations } from '@/lib/i18n/page-props';

export default function SettingsPage() {
  const { t } = useTranslation('profile');
  return (
    <PageFrame title={t('settings.title')}>
      <Settings />
    </PageFrame>
  );
}

export const getStaticProps = walletTranslations;
