import type { TChainFacts, TMismatchField } from '@/types/proof';

// What a chain check answers (docs/api.md "Proofs"): shared by the Algorand and NEAR checks and
// by proofs.ts, which turns it into the public answer.

export type { TMismatchField };

export type TChainVerdict =
  | { verdict: 'verified' }
  | { verdict: 'mismatched'; field: TMismatchField }
  | { verdict: 'not_found' }
  | { verdict: 'unreachable' };

/**
 * The verdict and, when the chain answered with a transaction, what it holds: sender, receiver,
 * amount (smallest unit, as text), note (decoded text), method and args (NEAR), round and time
 * (ISO 8601).
 */
export type TChainCheck = TChainVerdict & { chain?: TChainFacts };
