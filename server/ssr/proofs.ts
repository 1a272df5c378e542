import { AppError } from '@/server/errors';
import { PROOF_NETWORKS, verifyProof } from '@/server/services/proofs/proofs';
import type { TProof } from '@/types/proof';
import { anonymousCtx } from './context';

// The public verification page's loader (server/ssr/context.ts says how loaders work).

/** What `/verify/{network}/{txId}` shows, or null for a network or id that cannot exist (404). */
export async function loadProof(network: string, txId: string): Promise<TProof | null> {
  const known = PROOF_NETWORKS.find((n) => n === network);
  if (!known) return null;
  try {
    const proof = await verifyProof(await anonymousCtx(), known, txId);
    return JSON.parse(JSON.stringify(proof)) as TProof;
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_input') return null;
    throw err;
  }
}
