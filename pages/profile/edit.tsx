import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { ProfileEdit } from '@/components/profile/profile-edit';
import { PAGE_NAMESPACES } from '@/lib/i18n/page-props';
import { signedInPage } from '@/lib/server-state';

export default function ProfileEditPage() {
  const { t } = useTranslation('profile');
  return (
    <PageFrame title={t('edit.title')}>
      <ProfileEdit />
    </PageFrame>
  );
}

export const getServerSideProps = signedInPage(
  PAGE_NAMESPACES,
  () => import('@/components/profile/profile-sections'),
);
