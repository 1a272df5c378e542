import { useTranslation } from 'next-i18next/pages';
import { Landing } from '@/components/home/landing';
import { PageFrame } from '@/components/layout/page-frame';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function HomePage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('home.title')}>
      <Landing />
    </PageFrame>
  );
}

export const getStaticProps = staticTranslations;
