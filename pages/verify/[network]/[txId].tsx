import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { PageFrame } from '@/components/layout/page-frame';
import { MalformedProof, ProofView } from '@/components/proofs/proof-view';
import { translationProps, WALLET_NAMESPACES } from '@/lib/i18n/page-props';
import { serverPage } from '@/server/ssr/page';
import { loadProof, type TProofPage } from '@/server/ssr/proofs';

/**
 * /verify/[network]/[txId]: anyone checks a record of finished work against the chain, without
 * an account. Rendered on the server, with Open Graph tags, so that a shared link previews the
 * verdict; the answer is cached briefly (docs/api.md "Proofs"). An id that cannot be one of the
 * network's is a 400 that says so; an unknown network, a 404.
 */
export default function VerifyPage(props: TProofPage) {
  const { t } = useTranslation('wallet');
  if ('malformed' in props) {
    return (
      <PageFrame title={t('verify.malformed.title')}>
        <MalformedProof {...props.malformed} />
      </PageFrame>
    );
  }
  const { proof } = props;
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

export const getServerSideProps = serverPage<TProofPage>(async ({ params, locale, res }) => {
  const page = await loadProof(String(params?.network ?? ''), String(params?.txId ?? ''));
  if (!page) return { notFound: true };
  if ('malformed' in page) res.statusCode = 400;
  // The chains' answers are cached on the server; the page may be reused for as long.
  else res.setHeader('Cache-Control', 'public, max-age=30');
  return { props: { ...page, ...(await translationProps(locale, WALLET_NAMESPACES)) } };
});
