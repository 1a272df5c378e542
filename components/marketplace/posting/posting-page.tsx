import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { PostingDetail } from './posting-detail';
import type { TPosting } from '@/components/marketplace/shared/posting-facts';
import type { TViewerApplication } from '@/types/marketplace';
import type { TResponsiveness } from '@/types/pipeline';

/** The page of one posting, with the title, description and Open Graph tags in its HTML. */
export function PostingPage({
  posting,
  countryName,
  mine,
  responsiveness,
  hidden,
}: {
  posting: TPosting;
  countryName: string | null;
  mine?: TViewerApplication | null;
  responsiveness?: TResponsiveness;
  hidden?: boolean;
}) {
  const { t } = useTranslation('market');
  const company = posting.owner.company;
  const title = company ? `${posting.name} · ${t('posting.by', { company })}` : posting.name;
  return (
    <PageFrame title={title}>
      <Head>
        <meta name="description" content={posting.summary} key="description" />
        <meta property="og:type" content="article" />
        <meta property="og:title" content={posting.name} />
        <meta property="og:description" content={posting.summary} />
      </Head>
      <PostingDetail
        posting={posting}
        countryName={countryName}
        mine={mine}
        responsiveness={responsiveness}
        hidden={hidden}
      />
    </PageFrame>
  );
}
