import type { PeraWalletConnect } from '@perawallet/connect';
import type { Transaction } from 'algosdk';
import { chainEnv } from '@/lib/chain-env';
import { assertGroupSize, WalletCancelledError, type TAlgorandSigner } from './signer';

// Pera Wallet (@perawallet/connect 1.6.0) behind TAlgorandSigner (docs/architecture.md
// "Wallets"). The library is ESM-only and touches `window` when constructed, so it is imported
// and constructed on first use, in the browser only, and then kept for the page's life.

/** Pera's chain ids: 416001 main network, 416002 test network. */
const CHAIN_ID = chainEnv.NEXT_PUBLIC_ALGO_NETWORK === 'testnet' ? 416002 : 416001;

/** Pera's error types that mean the user closed its window or refused (the screens stay quiet). */
const CANCELLED_TYPES = new Set([
  'CONNECT_MODAL_CLOSED',
  'CONNECT_CANCELLED',
  'SIGN_TXN_CANCELLED',
  'OPERATION_CANCELLED',
]);

let instance: Promise<PeraWalletConnect> | undefined;

function pera(): Promise<PeraWalletConnect> {
  if (typeof window === 'undefined') {
    return Promise.reject(new Error('Pera Wallet runs in the browser only'));
  }
  if (!instance) {
    const created = import('@perawallet/connect').then(
      ({ PeraWalletConnect }) => new PeraWalletConnect({ chainId: CHAIN_ID }),
    );
    // A failed import (e.g. a chunk that did not load) is not kept: the next call tries again.
    created.catch(() => {
      if (instance === created) instance = undefined;
    });
    instance = created;
  }
  return instance;
}

/** Pera rejects with a PeraWalletConnectError whose `data.type` names the case. */
function peraErrorType(error: unknown): string | undefined {
  const data = (error as { data?: { type?: unknown } } | null)?.data;
  return typeof data?.type === 'string' ? data.type : undefined;
}

/** Rethrows a cancellation as WalletCancelledError, anything else as it came. */
function rethrow(error: unknown): never {
  const type = peraErrorType(error);
  if (type && CANCELLED_TYPES.has(type)) {
    throw new WalletCancelledError(error instanceof Error ? error.message : undefined, {
      cause: error,
    });
  }
  throw error;
}

export function peraSigner(): TAlgorandSigner {
  return {
    async connect() {
      const wallet = await pera();
      const accounts = await wallet.connect().catch(rethrow);
      const address = accounts[0];
      if (!address) throw new Error('Pera Wallet shared no account');
      return address;
    },

    async reconnect() {
      const wallet = await pera();
      // A session that cannot be restored counts as none (Pera has already forgotten it): the
      // caller connects again.
      const accounts = await wallet.reconnectSession().catch(() => []);
      return accounts[0] ?? null;
    },

    async disconnect() {
      const wallet = await pera();
      // After a reload the session lives only in storage: restore it so the phone hears of the end.
      if (!wallet.isConnected) await wallet.reconnectSession().catch(() => []);
      await wallet.disconnect();
    },

    async signTransactions(group: Transaction[], signerAddress: string) {
      assertGroupSize(group);
      for (const txn of group) {
        if (txn.sender.toString() !== signerAddress) {
          throw new Error(`Transaction ${txn.txID()} is not sent by ${signerAddress}`);
        }
      }
      const wallet = await pera();
      // No per-transaction `signers` and no signer argument: with the argument, Pera 1.6 skips
      // every transaction that does not list its signers. Pera finds a rekeyed account's key.
      const signed = await wallet.signTransaction([group.map((txn) => ({ txn }))]).catch(rethrow);
      if (signed.length !== group.length) {
        throw new Error(`Pera Wallet signed ${signed.length} of ${group.length} transactions`);
      }
      return signed;
    },
  };
}
