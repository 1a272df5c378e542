import { and, eq } from 'drizzle-orm';
import { jobApplications, jobs, projectApplications, projects } from '@/db/schema';
import { APPLICATION_STATUS, JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { applicationNotFound, ownApplication } from './applications';
import type { TKind } from './postings';

// On-chain records of finished work (docs/api.md "On-chain records", seed §7 `update_wallet`):
// the hired talent of a finished project or job stores the transaction that records it.

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
 * the transaction id(s) on the caller's hired application of a finished posting. Sending the
 * stored id again answers the same; a different one for a network already recorded is a 409.
 */
export async function recordTransaction(
  ctx: TCtx,
  kind: TKind,
  input: { id: number; algorand_transaction?: string; near_transaction?: string },
) {
  const me = assertRole(ctx, 'talent');
  const [row] =
    kind === 'project'
      ? await ctx.db
          .select({
            status: projectApplications.accepted,
            postingStatus: projects.projectStatusId,
            algorand: projectApplications.algorandTransaction,
            near: projectApplications.nearTransaction,
          })
          .from(projectApplications)
          .innerJoin(projects, eq(projects.id, projectApplications.projectId))
          .where(and(eq(projectApplications.id, input.id), eq(projectApplications.userId, me.id)))
      : await ctx.db
          .select({
            status: jobApplications.selected,
            postingStatus: jobs.jobStatusId,
            algorand: jobApplications.algorandTransaction,
            near: jobApplications.nearTransaction,
          })
          .from(jobApplications)
          .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
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
  const set = {
    algorandTransaction: input.algorand_transaction,
    nearTransaction: input.near_transaction,
    updatedAt: ctx.now,
  };
  if (kind === 'project') {
    await ctx.db.update(projectApplications).set(set).where(eq(projectApplications.id, input.id));
  } else {
    await ctx.db.update(jobApplications).set(set).where(eq(jobApplications.id, input.id));
  }
  return ownApplication(ctx, kind, input.id, me.id);
}
