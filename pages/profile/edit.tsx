import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { ProfileEdit } from '@/components/profile/profile-edit';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function ProfileEditPage() {
  const { t } = useTranslation('profile');
  return (
    <PageFrame title={t('edit.title')}>
      <ProfileEdit />
    </PageFrame>
  );
}

export const getStaticProps = staticTranslations;
