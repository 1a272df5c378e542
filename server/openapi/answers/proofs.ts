import * as v from 'valibot';
import { isoDate, ok } from '../registry';

// Public proofs of on-chain records (docs/api.md "Proofs").

const kind = () => v.picklist(['project', 'job']);
const id = () => v.pipe(v.number(), v.integer());

const chainFacts = v.strictObject({
  sender: v.string(),
  receiver: v.string(),
  amount: v.optional(v.string()),
  note: v.optional(v.string()),
  method: v.optional(v.string()),
  args: v.optional(v.string()),
  round: v.optional(v.number()),
  time: v.optional(isoDate()),
});

export const proofAnswer = ok(
  v.strictObject({
    network: v.picklist(['algorand', 'near']),
    tx_id: v.string(),
    explorer_url: v.string(),
    verdict: v.picklist(['verified', 'mismatched', 'not_found', 'unreachable']),
    field: v.optional(v.picklist(['sender', 'receiver', 'amount', 'note', 'method', 'args'])),
    chain: v.nullable(chainFacts),
    application: v.nullable(
      v.strictObject({
        id: id(),
        kind: kind(),
        recorded_at: isoDate(),
        signer: v.nullable(v.string()),
      }),
    ),
    talent: v.nullable(
      v.strictObject({
        id: id(),
        name: v.string(),
        last_name: v.string(),
        avatar_url: v.nullable(v.string()),
      }),
    ),
    posting: v.nullable(
      v.strictObject({ id: id(), kind: kind(), name: v.string(), business: v.string() }),
    ),
  }),
);
