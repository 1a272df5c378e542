import { and, eq } from 'drizzle-orm';
import { projectApplications, projects, users } from '@/db/schema';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { applicationNotFound, ownApplication } from './applications';
import { SERVER_KINDS } from './kinds';
import type { TKind } from './posting-dto';

// On-chain records of finished work (docs/api.md "On-chain records", docs/product.md "The calls" `update_wallet`):
// the hired talent of a finished project or job stores the transaction that records it, and with
// it its signer: the wallet of that network the talent has saved at that moment, which the
// public verification compares with the chain for good (docs/api.md "Proofs").

const notRecordable = () =>
  new AppError('invalid_transition', {
    message: 'Only finished work you were hired for can be recorded on-chain.',
    messageEs:
      'Solo se registra en la blockchain un trabajo finalizado para el que te contrataron.',
  });

const alreadyRecorded = () =>
  new AppError('conflict', {
    message: 'This work already has another record on that network.',
    messageEs: 'Este trabajo ya tiene otro registro en esa red.',
  });

/**
 * `PATCH /project_applications/update_wallet`, `PATCH /job_applications/update_wallet`: stores
 * the transaction id(s) on the caller's hired application of a finished posting, each with the
 * caller's saved wallet of its network as its signer (none saved: no signer, and the record never
 * verifies). Sending the stored id again answers the same and keeps its signer; a different one
 * for a network already recorded is a 409.
 */
export async function recordTransaction(
  ctx: TCtx,
  input: { kind: TKind; id: number; algorand_transaction?: string; near_transaction?: string },
) {
  const { kind } = input;
  const k = SERVER_KINDS[kind];
  const me = assertRole(ctx, 'talent');
  // The two tables share the columns read here: typed as projects', the kind tells which.
  const t = k.applicationTable as typeof projectApplications;
  const posting = k.postingTable as typeof projects;
  const [row] = await ctx.db
    .select({
      status: k.applicationStatus,
      postingStatus: k.status,
      algorand: t.algorandTransaction,
      near: t.nearTransaction,
      algoAddress: users.algoAddress,
      nearWallet: users.nearWallet,
    })
    .from(t)
    .innerJoin(posting, eq(posting.id, k.applicationFk))
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.id, input.id), eq(t.userId, me.id)));
  if (!row) throw applicationNotFound();
  if (row.status !== APPLICATION_STATUS.hired || row.postingStatus !== k.statuses.finished) {
    throw notRecordable();
  }
  const differs = (stored: string | null, sent?: string) =>
    sent !== undefined && stored !== null && stored !== sent;
  if (
    differs(row.algorand, input.algorand_transaction) ||
    differs(row.near, input.near_transaction)
  ) {
    throw alreadyRecorded();
  }
  // Only an id stored now takes a signer: one stored before keeps the signer it was stored with.
  const isNew = (stored: string | null, sent?: string) => sent !== undefined && stored === null;
  const newAlgorand = isNew(row.algorand, input.algorand_transaction);
  const newNear = isNew(row.near, input.near_transaction);
  if (!newAlgorand && !newNear) return ownApplication(ctx, kind, input.id, me.id);
  const set = {
    ...(newAlgorand && {
      algorandTransaction: input.algorand_transaction,
      algorandSigner: row.algoAddress,
    }),
    ...(newNear && { nearTransaction: input.near_transaction, nearSigner: row.nearWallet }),
    updatedAt: ctx.now,
  };
  await ctx.db.update(t).set(set).where(eq(t.id, input.id));
  return ownApplication(ctx, kind, input.id, me.id);
}
