import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { ProofView } from '@/components/proofs/proof-view';
import { translationProps, WALLET_NAMESPACES } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';
import { loadProof } from '@/server/ssr/proofs';
import type { TProof } from '@/types/proof';

/**
 * /verify/[network]/[txId]: anyone checks a record of finished work against the chain, without
 * an account. Rendered on the server, with Open Graph tags, so that a shared link previews the
 * verdict; the answer is cached briefly (docs/api.md "Proofs").
 */
export default function VerifyPage({ proof }: { proof: TProof }) {
  const { t } = useTranslation('wallet');
  const network = t(`networks.${proof.network}`);
  const title = `${t(`verify.verdict.${proof.verdict}`)} · ${t('verify.heading', { network })}`;
  const description =
    proof.talent && proof.posting
      ? t('verify.og_description', {
          network,
          talent: `${proof.talent.name} ${proof.talent.last_name}`.trim(),
          posting: proof.posting.name,
        })
      : t('verify.og_unknown', { network });
  return (
    <PageFrame title={title}>
      <Head>
        <meta name="description" content={description} key="description" />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
      </Head>
      <ProofView proof={proof} />
    </PageFrame>
  );
}

export const getServerSideProps = serverPage<{ proof: TProof }>(async ({ params, locale, res }) => {
  const proof = await loadProof(String(params?.network ?? ''), String(params?.txId ?? ''));
  if (!proof) return { notFound: true };
  // The chains' answers are cached on the server; the page may be reused for as long.
  res.setHeader('Cache-Control', 'public, max-age=30');
  return { props: { proof, ...(await translationProps(locale, WALLET_NAMESPACES)) } };
});
