import { and, eq } from 'drizzle-orm';
import { jobApplications, jobs, projectApplications, projects, users } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { applicationNotFound, ownApplication } from './applications';
import type { TKind } from './postings';

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
  kind: TKind,
  input: { id: number; algorand_transaction?: string; near_transaction?: string },
) {
  const me = assertRole(ctx, 'talent');
  const wallets = { algoAddress: users.algoAddress, nearWallet: users.nearWallet };
  const [row] =
    kind === 'project'
      ? await ctx.db
          .select({
            status: projectApplications.accepted,
            postingStatus: projects.projectStatusId,
            algorand: projectApplications.algorandTransaction,
            near: projectApplications.nearTransaction,
            ...wallets,
          })
          .from(projectApplications)
          .innerJoin(projects, eq(projects.id, projectApplications.projectId))
          .innerJoin(users, eq(users.id, projectApplications.userId))
          .where(and(eq(projectApplications.id, input.id), eq(projectApplications.userId, me.id)))
      : await ctx.db
          .select({
            status: jobApplications.selected,
            postingStatus: jobs.jobStatusId,
            algorand: jobApplications.algorandTransaction,
            near: jobApplications.nearTransaction,
            ...wallets,
          })
          .from(jobApplications)
          .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
          .innerJoin(users, eq(users.id, jobApplications.userId))
          .where(and(eq(jobApplications.id, input.id), eq(jobApplications.userId, me.id)));
  if (!row) throw applicationNotFound();
  const finished = kind === 'project' ? PROJECT_STATUS.finished : JOB_STATUS.finished;
  if (row.status !== APPLICATION_STATUS.hired || row.postingStatus !== finished) {
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
  const table = kind === 'project' ? projectApplications : jobApplications;
  await ctx.db.update(table).set(set).where(eq(table.id, input.id));
  return ownApplication(ctx, kind, input.id, me.id);
}
