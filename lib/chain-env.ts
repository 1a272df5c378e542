import { emptyToUndefined, oneOf, url } from './public-env';

/**
 * The chains' browser-visible configuration (docs/architecture.md "Wallets"), validated once like
 * ./public-env, apart from it so that pages without wallets or proofs never load it. Each
 * variable is referenced literally so Next inlines it.
 */

const NETWORKS = ['mainnet', 'testnet'] as const;

export const chainEnv = {
  NEXT_PUBLIC_ALGOD_URL:
    url('NEXT_PUBLIC_ALGOD_URL', emptyToUndefined(process.env.NEXT_PUBLIC_ALGOD_URL)) ??
    'https://mainnet-api.4160.nodely.dev',
  NEXT_PUBLIC_ALGO_NETWORK: oneOf(
    'NEXT_PUBLIC_ALGO_NETWORK',
    emptyToUndefined(process.env.NEXT_PUBLIC_ALGO_NETWORK),
    NETWORKS,
    'mainnet',
  ),
  NEXT_PUBLIC_NEAR_NETWORK: oneOf(
    'NEXT_PUBLIC_NEAR_NETWORK',
    emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_NETWORK),
    NETWORKS,
    'mainnet',
  ),
  /** Replaces `{key}` in NEXT_PUBLIC_ALGOD_URL; browsers see it, so only a public key belongs here. */
  NEXT_PUBLIC_ALGOD_API_KEY: emptyToUndefined(process.env.NEXT_PUBLIC_ALGOD_API_KEY),
  NEXT_PUBLIC_NEAR_CONTRACT: emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_CONTRACT),
  NEXT_PUBLIC_NEAR_RPC_URL: url(
    'NEXT_PUBLIC_NEAR_RPC_URL',
    emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_RPC_URL),
  ),
  NEXT_PUBLIC_NEAR_WALLET_URL: url(
    'NEXT_PUBLIC_NEAR_WALLET_URL',
    emptyToUndefined(process.env.NEXT_PUBLIC_NEAR_WALLET_URL),
  ),
} as const;

/** The NEAR contract that records finished work (docs/architecture.md "Wallets"). */
export const nearContractId = () =>
  chainEnv.NEXT_PUBLIC_NEAR_CONTRACT ??
  (chainEnv.NEXT_PUBLIC_NEAR_NETWORK === 'testnet' ? 'talentchain.testnet' : 'talentchain.near');
