import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { explorerUrl, verifyPath, type TProofNetwork } from '@/lib/explorer';
import { chainEnv } from '@/lib/chain-env';
import styles from './wallets.module.css';

const chainOf = (network: TProofNetwork) =>
  network === 'algorand' ? chainEnv.NEXT_PUBLIC_ALGO_NETWORK : chainEnv.NEXT_PUBLIC_NEAR_NETWORK;

/** The stored records of one application: for each, its public check and its explorer page. */
export function ProofLinks({
  algorand,
  near,
}: {
  algorand: string | null | undefined;
  near: string | null | undefined;
}) {
  const { t } = useTranslation('wallet');
  const proofs = [
    { network: 'algorand' as const, tx: algorand },
    { network: 'near' as const, tx: near },
  ].filter((p): p is { network: TProofNetwork; tx: string } => Boolean(p.tx));
  if (proofs.length === 0) return null;
  return (
    <ul className={styles.proofs}>
      {proofs.map(({ network, tx }) => {
        const name = t(`networks.${network}`);
        return (
          <li key={network} className={styles.proof}>
            <span>{t('record.recorded', { network: name })}</span>
            <Link href={verifyPath(network, tx)}>{t('proof.verify')}</Link>
            <a
              href={explorerUrl(network, tx, chainOf(network))}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('proof.explorer_label', { tx, network: name })}
            >
              {t('proof.explorer')}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
