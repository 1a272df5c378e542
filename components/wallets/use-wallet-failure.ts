import { useTranslation } from 'next-i18next/pages';
import { useCallback } from 'react';
import { toastError } from '@/lib/toast';
import { walletFailureOf } from './wallet-actions';

/**
 * What a failed wallet action tells the user: the NEAR library's own rules in friendly words
 * (with its original message as a detail), a closed wallet window quietly, anything else plainly.
 * (`wallet_failed` is for failures of Pera or the Algorand node, which have no friendlier words.)
 */
export function useWalletFailure() {
  const { t } = useTranslation('wallet');
  return useCallback(
    (network: 'algorand' | 'near', error: unknown) => {
      void walletFailureOf(network, error).then((failure) => {
        // The user closed the wallet's window: that was their answer, nothing to say.
        if (failure.key === 'cancelled') return;
        if (failure.key === 'wallet_failed') return toastError(t('messages.wallet_failed'));
        const text = t(`near_errors.${failure.key}`, { receiver: failure.receiver ?? '' });
        toastError(
          failure.detail ? `${text} ${t('near_errors.detail', { detail: failure.detail })}` : text,
        );
      });
    },
    [t],
  );
}
