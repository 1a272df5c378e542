import type { GetServerSideProps } from 'next';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { TalentProfile } from '@/components/profile/talent-profile';
import { translationProps } from '@/lib/i18n/page-props';

export default function TalentPage() {
  const { t } = useTranslation('profile');
  const { query } = useRouter();
  const id = typeof query.id === 'string' ? query.id : '';
  return (
    <PageFrame title={t('talent.title')}>
      <TalentProfile key={id} id={id} />
    </PageFrame>
  );
}

/** Only the translations: the profile is fetched in the browser, with the viewer's own token. */
export const getServerSideProps: GetServerSideProps = async ({ locale }) => ({
  props: { ...(await translationProps(locale)) },
});
