import { useTranslation } from 'next-i18next/pages';
import { useEffect, useRef, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast';
import { updateAlgoAddress, updateNearWallet } from '@/services/wallet-service';
import { selectUser, walletUpdated } from '@/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ShortAddress } from './short-address';
import { useWalletFailure } from './use-wallet-failure';
import * as wallets from './wallet-actions';
import styles from './wallets.module.css';
import sectionStyles from '@/components/profile/profile-edit.module.css';

type TNetwork = 'algorand' | 'near';

/**
 * The wallet section of /profile/settings (docs/product.md "Wallets"): connect and disconnect
 * Pera Wallet (Algorand) and a NEAR wallet. No wallet library loads until a button is pressed,
 * except when the NEAR wallet has just sent the user back here with a new account.
 */
export function WalletSettings() {
  const { t } = useTranslation('wallet');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [busy, setBusy] = useState<TNetwork | null>(null);
  const explain = useWalletFailure();
  const failureText = useFailureText();
  const returned = useRef(false);

  /** Stores the wallet on the server, then in the session (docs/product.md "The calls", "States and transitions"); says when it failed. */
  async function save(network: TNetwork, value: string | null): Promise<boolean> {
    const outcome =
      network === 'algorand' ? await updateAlgoAddress(value) : await updateNearWallet(value);
    if (!outcome.ok) {
      toastError(failureText(outcome.failure, { fallback: t('messages.error') }));
      return false;
    }
    dispatch(
      walletUpdated(network === 'algorand' ? { algo_address: value } : { near_wallet: value }),
    );
    return true;
  }

  /** The seed's wallet-save message, once everything is done. */
  const saved = (value: string | null) =>
    toastSuccess(t(value === null ? 'messages.removed' : 'messages.saved'));

  // Back from the NEAR wallet's sign-in: the return URL carries the account (docs/product.md "States and transitions").
  useEffect(() => {
    if (returned.current || !wallets.isNearSignInReturn()) return;
    returned.current = true;
    setBusy('near');
    void wallets
      .finishNearSignIn()
      .then(async (account) => {
        if (account && (await save('near', account))) saved(account);
      })
      .catch((error: unknown) => explain('near', error))
      .finally(() => setBusy(null));
    // Once, on the first render after the redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function run(network: TNetwork, action: () => Promise<void>) {
    setBusy(network);
    try {
      await action();
    } catch (error) {
      explain(network, error);
    } finally {
      setBusy(null);
    }
  }

  const connectAlgorand = () =>
    run('algorand', async () => {
      const address = await wallets.connectAlgorand();
      if (!(await save('algorand', address))) return wallets.disconnectAlgorand();
      saved(address);
    });
  const disconnectAlgorand = () =>
    run('algorand', async () => {
      if (!(await save('algorand', null))) return;
      await wallets.disconnectAlgorand();
      saved(null);
    });
  const connectNear = () => run('near', () => wallets.startNearSignIn(window.location.href));
  const disconnectNear = () =>
    run('near', async () => {
      if (!(await save('near', null))) return;
      await wallets.signOutNear();
      saved(null);
    });

  if (!user) return null;
  const rows = [
    {
      network: 'algorand' as const,
      value: user.algo_address,
      connect: connectAlgorand,
      disconnect: disconnectAlgorand,
    },
    {
      network: 'near' as const,
      value: user.near_wallet,
      connect: connectNear,
      disconnect: disconnectNear,
    },
  ];

  return (
    <section id="wallets" className={sectionStyles.section} aria-labelledby="wallets-title">
      <header className={sectionStyles.sectionHeader}>
        <h2 id="wallets-title">{t('settings.title')}</h2>
        <p>{t('settings.lead')}</p>
      </header>
      <div className={styles.wallets}>
        {rows.map((row) => (
          <div key={row.network} className={styles.wallet} data-network={row.network}>
            <div>
              <h3>
                {t(`settings.${row.network}.name`)}{' '}
                <span className={styles.muted}>· {t(`settings.${row.network}.wallet`)}</span>
              </h3>
              {row.value ? (
                <p>
                  <span className={styles.muted}>{t(`settings.${row.network}.connected`)}: </span>
                  <ShortAddress address={row.value} />
                </p>
              ) : (
                <p className={styles.muted}>
                  {t(`settings.${row.network}.none`)}
                  {row.network === 'near' && ` ${t('settings.near.redirect')}`}
                </p>
              )}
            </div>
            <div className={styles.actions}>
              {row.value ? (
                <Button
                  variant="secondary"
                  onClick={() => void row.disconnect()}
                  disabled={busy !== null}
                >
                  {busy === row.network
                    ? t('settings.working')
                    : t(`settings.${row.network}.disconnect`)}
                </Button>
              ) : (
                <Button onClick={() => void row.connect()} disabled={busy !== null}>
                  {busy === row.network
                    ? t('settings.working')
                    : t(`settings.${row.network}.connect`)}
                </Button>
              )}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
