import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { TalentProfile } from '@/components/profile/talent-profile';
import { ReviewsSection } from '@/components/reviews/reviews-section';
import { langOf } from '@/lib/i18n/lang';
import { translationProps, WALLET_NAMESPACES } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';
import { loadPublicProfile, type TPublicProfilePage } from '@/server/ssr/talent';

/**
 * /talents/[id]: a public profile, rendered on the server (the name and Open Graph tags are in
 * the HTML, so a shared link previews well). An unknown id is a real 404.
 */
export default function TalentPage({ profile, countryName, reviews }: TPublicProfilePage) {
  const { t } = useTranslation('profile');
  const name = `${profile.person.name} ${profile.person.last_name}`.trim();
  const description = profile.headline ?? t('talent.og_description', { name });
  return (
    <PageFrame title={name}>
      <Head>
        <meta name="description" content={description} key="description" />
        <meta property="og:type" content="profile" />
        <meta property="og:title" content={name} />
        <meta property="og:description" content={description} />
      </Head>
      <TalentProfile profile={profile} countryName={countryName} />
      {reviews && (
        <ReviewsSection
          owner={{ of: 'talent', id: profile.id }}
          initial={reviews}
          replyName={name}
        />
      )}
    </PageFrame>
  );
}

export const getServerSideProps = serverPage<TPublicProfilePage>(async ({ params, locale }) => {
  const page = await loadPublicProfile(String(params?.id ?? ''), langOf(locale));
  if (!page) return { notFound: true };
  // `market`: the business's "Invite to apply" (components/marketplace/invites).
  const namespaces = [...WALLET_NAMESPACES, 'market', 'reviews'];
  return { props: { ...page, ...(await translationProps(locale, namespaces)) } };
});
