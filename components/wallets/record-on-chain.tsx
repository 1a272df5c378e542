import { useTranslation } from 'next-i18next/pages';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { KINDS } from '@/lib/kinds';
import { safeStorage } from '@/lib/storage-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { storeApplicationTransaction, updateAlgoAddress } from '@/services/wallet-service';
import { applicationRecorded, selectUser, walletUpdated } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ProofLinks } from './proof-links';
import { useWalletFailure } from './use-wallet-failure';
import * as wallets from './wallet-actions';
import type { TUserJob, TUserProject } from '@/types/user';
import styles from './wallets.module.css';

type TNetwork = 'algorand' | 'near';
type TPending = { kind: 'project' | 'job'; id: number; network: TNetwork; tx: string };

/**
 * A transaction already on the chain but not yet stored here (the save failed): kept in the
 * browser until it is, so that a failed request never loses a paid record.
 */
const PENDING_KEY = 'tc-unsaved-record';

const readPending = (kind: string, id: number): TPending | null => {
  try {
    const p = JSON.parse(safeStorage.get(PENDING_KEY) ?? 'null') as TPending | null;
    return p && p.kind === kind && p.id === id ? p : null;
  } catch {
    return null;
  }
};

/**
 * "Record on-chain" for the hired talent of a finished project or job (docs/product.md "Proof
 * on-chain"): a zero-amount Algorand self-payment signed in Pera Wallet, or a NEAR contract call
 * signed by redirect; the transaction id is then stored on the application (`update_wallet`).
 */
export function RecordOnChain({
  kind,
  applicationId,
  postingId,
}: {
  kind: 'project' | 'job';
  applicationId: number;
  postingId: number;
}) {
  const { t } = useTranslation('wallet');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const explain = useWalletFailure();
  const failureText = useFailureText();
  const [busy, setBusy] = useState<TNetwork | null>(null);
  // Read once: the component shows only with a signed-in user, after the session's rehydration.
  const [pending, setPending] = useState(() => readPending(kind, applicationId));
  const returned = useRef(false);
  const entry = (user?.[KINDS[kind].postings] as (TUserProject | TUserJob)[] | undefined)?.find(
    (e) => e.application.id === applicationId,
  );
  const stored = {
    algorand: entry?.application.algorand_transaction ?? null,
    near: entry?.application.near_transaction ?? null,
  };

  /** Stores `tx` on the application; on failure it stays pending in the browser. */
  async function store(network: TNetwork, tx: string) {
    const record = { kind, id: applicationId, network, tx };
    safeStorage.set(PENDING_KEY, JSON.stringify(record));
    const outcome = await storeApplicationTransaction(kind, {
      id: applicationId,
      ...(network === 'algorand' ? { algorand_transaction: tx } : { near_transaction: tx }),
    });
    if (!outcome.ok) {
      setPending(record);
      toastError(failureText(outcome.failure, { fallback: t('messages.error') }));
      return;
    }
    safeStorage.remove(PENDING_KEY);
    setPending(null);
    dispatch(
      applicationRecorded({
        kind,
        id: applicationId,
        algorand_transaction: outcome.data.algorand_transaction,
        near_transaction: outcome.data.near_transaction,
      }),
    );
    toastSuccess(t('record.done'));
  }

  useEffect(() => {
    // Back from the NEAR wallet, which signed (or refused) the record (docs/product.md "States and transitions").
    if (returned.current || !wallets.isNearRecordReturn()) return;
    returned.current = true;
    setBusy('near');
    void wallets
      .finishNearRecord()
      .then((done) =>
        done && done.kind === kind && done.applicationId === applicationId
          ? store('near', done.transactionHash)
          : undefined,
      )
      .catch((error: unknown) => explain('near', error))
      .finally(() => setBusy(null));
    // Once, on the first render after the redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, applicationId]);

  async function record(network: TNetwork) {
    if (!user) return;
    setBusy(network);
    try {
      if (network === 'algorand') {
        const address = await wallets.algorandAccount();
        if (address !== user.algo_address) {
          // The proof names the signer: the profile keeps the address that signs.
          const saved = await updateAlgoAddress(address);
          if (!saved.ok) {
            return toastError(failureText(saved.failure, { fallback: t('messages.error') }));
          }
          dispatch(walletUpdated({ algo_address: address }));
        }
        const tx = await wallets.recordAlgorand({
          address,
          kind,
          postingId,
          lowBalanceMessage: t('record.low_balance'),
        });
        // Null: the balance is too low; the toast has said so and nothing was sent.
        if (tx) await store('algorand', tx);
      } else {
        const tx = await wallets.recordNear({
          talentId: user.id,
          kind,
          postingId,
          applicationId,
          callbackUrl: window.location.href,
        });
        await store('near', tx);
      }
    } catch (error) {
      explain(network, error);
    } finally {
      setBusy(null);
    }
  }

  if (!user) return null;
  // Algorand connects on demand; NEAR signs by redirect, so its account is connected first.
  const networks: { network: TNetwork; ready: boolean }[] = [
    { network: 'algorand', ready: true },
    { network: 'near', ready: Boolean(user.near_wallet) },
  ];
  const open = networks.filter((n) => !stored[n.network]);

  return (
    <section className={styles.record} aria-labelledby={`record-${kind}-${applicationId}`}>
      <h3 id={`record-${kind}-${applicationId}`}>{t('record.title')}</h3>
      <ProofLinks algorand={stored.algorand} near={stored.near} />
      {pending && !stored[pending.network] && (
        <p role="alert">
          {t('record.unsaved', { tx: pending.tx })}{' '}
          <Button
            variant="secondary"
            onClick={() => void store(pending.network, pending.tx)}
            disabled={busy !== null}
          >
            {t('record.save_again')}
          </Button>
        </p>
      )}
      {open.length > 0 && (
        <>
          <p className={styles.muted}>{t('record.lead')}</p>
          <div className={styles.actions}>
            {open
              .filter((n) => n.ready)
              .map(({ network }) => (
                <Button
                  key={network}
                  variant="secondary"
                  onClick={() => void record(network)}
                  disabled={busy !== null}
                >
                  {busy === network ? t('record.recording') : t(`record.${network}`)}
                </Button>
              ))}
          </div>
          {open.some((n) => !n.ready) && (
            <p className={styles.muted}>
              {t('record.connect_near')}{' '}
              <Link href="/profile/settings#wallets">{t('record.go_settings')}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
