import { AppError } from '@/server/errors';
import { PROOF_NETWORKS, verifyProof } from '@/server/services/proofs/proofs';
import type { TProofNetwork } from '@/lib/explorer';
import type { TProof } from '@/types/proof';
import { anonymousCtx } from './context';

// The public verification page's loader (server/ssr/context.ts says how loaders work).

/** What `/verify/{network}/{txId}` shows: the verdict, or that the id is not in its network's format. */
export type TProofPage =
  { proof: TProof } | { malformed: { network: TProofNetwork; txId: string } };

/**
 * What `/verify/{network}/{txId}` shows, or null for a network that does not exist (a 404). An
 * id that cannot be one of the network's (a 400) is said so, without asking the chain.
 */
export async function loadProof(network: string, txId: string): Promise<TProofPage | null> {
  const known = PROOF_NETWORKS.find((n) => n === network);
  if (!known) return null;
  try {
    const proof = await verifyProof(await anonymousCtx(), known, txId);
    return { proof: JSON.parse(JSON.stringify(proof)) as TProof };
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_input') {
      return { malformed: { network: known, txId } };
    }
    throw err;
  }
}
