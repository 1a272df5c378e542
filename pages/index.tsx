import type { GetStaticProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import { Landing } from '@/components/home/landing';
import { PageFrame } from '@/components/layout/page-frame';
import { translationProps } from '@/lib/i18n/page-props';

export default function HomePage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('home.title')}>
      <Landing />
    </PageFrame>
  );
}

export const getStaticProps: GetStaticProps = async ({ locale }) => ({
  props: { ...(await translationProps(locale)) },
});
