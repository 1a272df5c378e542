/**
 * NEAR network settings for the browser (see docs/architecture.md for how the wallets fit in).
 * Only imported by the other lib/near/* modules, which the UI loads with a dynamic import, so
 * near-api-js never weighs on a page's first load.
 */
import { keyStores } from 'near-api-js';
import { chainEnv, nearContractId } from '@/lib/chain-env';

type TNetwork = 'mainnet' | 'testnet';

const DEFAULTS: Record<TNetwork, { nodeUrl: string; walletUrl: string }> = {
  mainnet: { nodeUrl: 'https://rpc.mainnet.near.org', walletUrl: 'https://app.mynearwallet.com' },
  testnet: {
    nodeUrl: 'https://rpc.testnet.near.org',
    walletUrl: 'https://testnet.mynearwallet.com',
  },
};

/** The contract's change method (and the only one the app's function-call key may call). */
export const RECORD_METHOD = 'addRegisterValidation';
/** The contract's view method listing a talent's records. */
export const VIEW_METHOD = 'getRegisters';
/** 30 Tgas for the change call, no deposit (a deposit would need a full-access key). */
export const RECORD_GAS = BigInt('30000000000000');
export const RECORD_DEPOSIT = BigInt(0);
/** Prefix of the library's localStorage entry for the signed-in account (`<prefix>_wallet_auth_key`). */
export const APP_KEY_PREFIX = 'talentchain';

/**
 * The wallet URL has no path: near-api-js 4.0.4 builds `<walletUrl>/login/` by concatenation and
 * the sign page as `new URL('sign', walletUrl)`, which drops any last path segment.
 */
function walletUrl(network: TNetwork): string {
  const raw = chainEnv.NEXT_PUBLIC_NEAR_WALLET_URL;
  return raw === undefined ? DEFAULTS[network].walletUrl : new URL(raw).origin;
}

export type TNearConfig = {
  networkId: TNetwork;
  nodeUrl: string;
  walletUrl: string;
  contractId: string;
  keyStore: InstanceType<typeof keyStores.BrowserLocalStorageKeyStore>;
};

/** Read at call time (not at import) so tests can point it at a local JSON-RPC peer. */
export function nearConfig(): TNearConfig {
  const networkId = chainEnv.NEXT_PUBLIC_NEAR_NETWORK;
  const defaults = DEFAULTS[networkId];
  return {
    networkId,
    nodeUrl: chainEnv.NEXT_PUBLIC_NEAR_RPC_URL ?? defaults.nodeUrl,
    walletUrl: walletUrl(networkId),
    contractId: nearContractId(),
    keyStore: new keyStores.BrowserLocalStorageKeyStore(),
  };
}
