// Public block explorers for stored transaction ids (docs/api.md "Proofs"), shared by the
// server's proof answers and the screens that link to them.

import type { TProofNetwork } from '@/types/proof';

export type { TProofNetwork };
export type TChainNetwork = 'mainnet' | 'testnet';

/** The explorer page of transaction `txId` on `network`'s main or test network. */
export function explorerUrl(network: TProofNetwork, txId: string, chain: TChainNetwork): string {
  const id = encodeURIComponent(txId);
  if (network === 'algorand') {
    return `https://${chain === 'testnet' ? 'testnet.' : ''}allo.info/tx/${id}`;
  }
  return `https://${chain === 'testnet' ? 'testnet.' : ''}nearblocks.io/txns/${id}`;
}

/** The app's own public page that checks `txId` against the chain. */
export const verifyPath = (network: TProofNetwork, txId: string) =>
  `/verify/${network}/${encodeURIComponent(txId)}`;
