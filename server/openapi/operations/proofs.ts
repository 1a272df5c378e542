import * as v from 'valibot';
import { PROOF_NETWORKS } from '@/server/services/proofs/proofs';
import { proofAnswer } from '../answers/proofs';
import { defineOperations } from '../registry';

export const proofsOperations = defineOperations([
  {
    method: 'get',
    path: '/proofs/:network/:txId',
    summary:
      'Verifies an on-chain record: which application stores the id, and the chain’s verdict.',
    tag: 'Proofs',
    auth: 'none',
    params: { network: v.picklist(PROOF_NETWORKS), txId: v.pipe(v.string(), v.maxLength(100)) },
    responses: { 200: proofAnswer },
  },
]);
