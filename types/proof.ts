/** The chains whose transactions the app records and checks. */
export type TProofNetwork = 'algorand' | 'near';

/** The answer of `GET /proofs/{network}/{txId}` (docs/api.md "Proofs"). */
export type TMismatchField = 'sender' | 'receiver' | 'amount' | 'note' | 'method' | 'args';

export type TProofVerdict = 'verified' | 'mismatched' | 'not_found' | 'unreachable';

/** What the chain holds under the id, as text (amounts in the chain's smallest unit). */
export type TChainFacts = {
  sender: string;
  receiver: string;
  amount?: string;
  note?: string;
  method?: string;
  args?: string;
  round?: number;
  time?: string;
};

export type TProof = {
  network: TProofNetwork;
  tx_id: string;
  explorer_url: string;
  verdict: TProofVerdict;
  /** With `mismatched`: the first field that differs from the stored record. */
  field?: TMismatchField;
  chain: TChainFacts | null;
  /** `signer`: the wallet stored with the record, which the chain's sender must be; null if none. */
  application: {
    id: number;
    kind: 'project' | 'job';
    recorded_at: string;
    signer: string | null;
  } | null;
  talent: { id: number; name: string; last_name: string; avatar_url: string | null } | null;
  posting: { id: number; kind: 'project' | 'job'; name: string; business: string } | null;
};
