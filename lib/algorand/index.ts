import { safeStorage } from '@/lib/storage-keys';
import type { TAlgorandSigner } from './signer';

// The Algorand wallet's door (docs/architecture.md "Wallets"). Screens reach it only through
// components/wallets/wallet-actions.ts, by dynamic import: algosdk and Pera load on demand.

export { ALGORAND_MAX_GROUP, WalletCancelledError, type TAlgorandSigner } from './signer';

/**
 * The wallet of this build: Pera Wallet, or the generated test account of the browser journeys'
 * build (NEXT_PUBLIC_WALLET_TEST_SIGNER=1 at build time). The variable is written out in full so
 * that Next inlines it and the bundler drops the branch (and the test signer) from other builds.
 */
export async function getAlgorandSigner(): Promise<TAlgorandSigner> {
  // eslint-disable-next-line no-restricted-syntax -- a build-time switch, inlined by Next
  if (process.env.NEXT_PUBLIC_WALLET_TEST_SIGNER === '1') {
    return (await import(/* webpackChunkName: "algorand" */ './test-signer')).testSigner();
  }
  return (await import(/* webpackChunkName: "algorand" */ './pera')).peraSigner();
}

/** docs/product.md "States and transitions": local storage flag set while an Algorand address is connected. */
const CONNECTED_FLAG = 'isConnectAlgorand';

/** docs/product.md "States and transitions": connecting sets the flag to 'true', disconnecting removes it. */
export function setAlgorandConnectedFlag(on: boolean): void {
  if (on) safeStorage.set(CONNECTED_FLAG, 'true');
  else safeStorage.remove(CONNECTED_FLAG);
}

export function isAlgorandConnectedFlag(): boolean {
  return safeStorage.get(CONNECTED_FLAG) === 'true';
}
