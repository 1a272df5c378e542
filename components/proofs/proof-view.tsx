import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { Badge, type TBadgeTone } from '@/components/ui/badge';
import { formatDay } from '@/lib/format/day';
import type { TProofNetwork } from '@/lib/explorer';
import type { TProof, TProofVerdict } from '@/types/proof';
import styles from './proofs.module.css';

/** The chain's time as the chain gives it, to the minute: the same on server and browser. */
const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

const TONE: Record<TProofVerdict, TBadgeTone> = {
  verified: 'success',
  mismatched: 'danger',
  not_found: 'warning',
  unreachable: 'neutral',
};

/**
 * A record of finished work beside what the chain says about it (docs/product.md "Proof
 * on-chain"): the verdict first, in words, then the record (with the wallet stored as its
 * signer, which the chain's sender must be) and the chain's facts.
 */
export function ProofView({ proof }: { proof: TProof }) {
  const { t, i18n } = useTranslation('wallet');
  const lang = i18n.language;
  const network = t(`networks.${proof.network}`);
  const talentName = proof.talent ? `${proof.talent.name} ${proof.talent.last_name}`.trim() : '';

  let explanation: string;
  if (proof.verdict === 'mismatched' && proof.field === 'sender' && !proof.application?.signer) {
    // A record kept without its signer (stored before signers were kept) ties no wallet to it.
    explanation = t('verify.explain.no_signer');
  } else if (proof.verdict === 'mismatched') {
    explanation = t('verify.explain.mismatched', { field: t(`verify.fields.${proof.field}`) });
  } else if (proof.verdict === 'not_found' && !proof.application) {
    explanation = t('verify.explain.not_stored');
  } else {
    explanation = t(`verify.explain.${proof.verdict}`, {
      network,
      talent: talentName,
      posting: proof.posting?.name ?? '',
    });
  }

  const facts = proof.chain
    ? (
        [
          ['sender', proof.chain.sender],
          ['receiver', proof.chain.receiver],
          ['amount', proof.chain.amount],
          ['note', proof.chain.note],
          ['method', proof.chain.method],
          ['args', proof.chain.args],
          ['round', proof.chain.round === undefined ? undefined : String(proof.chain.round)],
          ['time', proof.chain.time && utcTime(proof.chain.time)],
        ] as const
      ).filter((f): f is readonly [(typeof f)[0], string] => Boolean(f[1]))
    : [];

  return (
    <article className={styles.proof} aria-labelledby="proof-title">
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('verify.title')}</p>
        <h1 id="proof-title">{t('verify.heading', { network })}</h1>
        <p className={styles.verdict} role="status">
          <Badge tone={TONE[proof.verdict]}>{t(`verify.verdict.${proof.verdict}`)}</Badge>
          <span>{explanation}</span>
        </p>
      </header>

      {proof.application && proof.talent && proof.posting && (
        <section className={styles.card} aria-labelledby="proof-record">
          <h2 id="proof-record">{t('verify.record')}</h2>
          <dl className={styles.facts}>
            <dt>{t('verify.talent')}</dt>
            <dd>
              <Link href={`/talents/${proof.talent.id}`}>{talentName}</Link>
            </dd>
            <dt>{t('verify.posting')}</dt>
            <dd>
              <Link href={`/${proof.posting.kind}s/${proof.posting.id}`}>{proof.posting.name}</Link>{' '}
              <span className={styles.muted}>({t(`verify.kinds.${proof.posting.kind}`)})</span>
            </dd>
            <dt>{t('verify.business')}</dt>
            <dd>{proof.posting.business}</dd>
            <dt>{t('verify.recorded_at')}</dt>
            <dd>{formatDay(proof.application.recorded_at.slice(0, 10), lang)}</dd>
            <dt>{t('verify.signer')}</dt>
            <dd>
              {proof.application.signer ? (
                <code>{proof.application.signer}</code>
              ) : (
                <span className={styles.muted}>{t('verify.no_signer')}</span>
              )}
            </dd>
          </dl>
        </section>
      )}

      <section className={styles.card} aria-labelledby="proof-chain">
        <h2 id="proof-chain">{t('verify.chain')}</h2>
        <dl className={styles.facts}>
          <dt>{t('verify.tx')}</dt>
          <dd>
            <code>{proof.tx_id}</code>
          </dd>
          {facts.map(([key, value]) => (
            <FactRow key={key} label={t(`verify.${key}`)} value={value} />
          ))}
        </dl>
        <p>
          <a href={proof.explorer_url} target="_blank" rel="noopener noreferrer">
            {t('proof.explorer')}
          </a>
        </p>
      </section>
    </article>
  );
}

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code>{value}</code>
      </dd>
    </>
  );
}

/** How much of a malformed id the page repeats (the address may hold anything). */
const SHOWN_CHARS = 120;

/**
 * A `/verify` address whose id cannot be one of its network's (docs/product.md "Verification
 * anyone can do"): says so, and what such an id looks like, rather than "not found".
 */
export function MalformedProof({ network, txId }: { network: TProofNetwork; txId: string }) {
  const { t } = useTranslation('wallet');
  const shown = txId.length > SHOWN_CHARS ? `${txId.slice(0, SHOWN_CHARS)}…` : txId;
  return (
    <article className={styles.proof} aria-labelledby="proof-title">
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('verify.title')}</p>
        <h1 id="proof-title">{t('verify.malformed.title')}</h1>
        <p className={styles.verdict}>{t(`verify.malformed.${network}`)}</p>
        {shown && (
          <p className={styles.verdict}>
            <span>{t('verify.malformed.given')}</span> <code>{shown}</code>
          </p>
        )}
      </header>
    </article>
  );
}
