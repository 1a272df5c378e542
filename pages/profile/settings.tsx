import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { Settings } from '@/components/profile/settings';
import { WALLET_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/page-state/signed-in-page';

export default function SettingsPage() {
  const { t } = useTranslation('profile');
  return (
    <PageFrame title={t('settings.title')}>
      <Settings />
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(WALLET_NAMESPACES);
