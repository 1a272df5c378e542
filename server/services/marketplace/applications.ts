import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  applicationStatusHistory,
  jobApplications,
  jobs,
  projectApplications,
  projects,
  uploads,
  users,
} from '@/db/schema';
import type { Db } from '@/db/types';
import { APPLICATION_STATUS, OPEN_APPLICATION_STATUSES } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { paginated, sentFields } from '@/server/services/profile/common';
import { applicationTopic, notify } from '@/server/services/notifications/notifications';
import { takeRateLimits } from '@/server/services/rate-limit';
import { postingForApplication, type TKind } from './postings';

// A talent's applications to projects and jobs (docs/api.md "Marketplace"): one per posting
// (a unique index, so concurrent tries leave one row), edited or withdrawn while the posting
// recruits. Withdrawing is a status (4), kept in the status history, never a deletion.

type TProjectApplicationRow = typeof projectApplications.$inferSelect;
type TJobApplicationRow = typeof jobApplications.$inferSelect;
type TUploadRow = typeof uploads.$inferSelect;

export const applicationNotFound = () =>
  new AppError('not_found', {
    message: 'Application not found.',
    messageEs: 'Postulación no encontrada.',
  });

const closed = () => new AppError('closed');

const OPEN_STATUSES = [...OPEN_APPLICATION_STATUSES];

const common = (a: TProjectApplicationRow | TJobApplicationRow) => ({
  id: a.id,
  user_id: a.userId,
  reason: a.reason,
  algorand_transaction: a.algorandTransaction,
  near_transaction: a.nearTransaction,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

export const projectApplicationDto = (
  a: TProjectApplicationRow,
  p: Pick<typeof projects.$inferSelect, 'id' | 'name' | 'projectStatusId' | 'currency'>,
) => ({
  ...common(a),
  project_id: a.projectId,
  proposal: a.proposal,
  price_proposal: a.priceProposal,
  weeks: a.weeks,
  accepted: a.accepted,
  shown_accepted_message: a.shownAcceptedMessage,
  ready_to_close: a.readyToClose,
  project: { id: p.id, name: p.name, project_status_id: p.projectStatusId, currency: p.currency },
});

export const fileDto = (f: Pick<TUploadRow, 'id' | 'storageKey' | 'originalName' | 'size'>) => ({
  id: f.id,
  url: `/api/uploads/${f.storageKey}`,
  name: f.originalName,
  size: f.size,
});

export const jobApplicationDto = (
  a: TJobApplicationRow,
  j: Pick<typeof jobs.$inferSelect, 'id' | 'name' | 'jobStatusId'>,
  file: Pick<TUploadRow, 'id' | 'storageKey' | 'originalName' | 'size'> | null,
) => ({
  ...common(a),
  job_id: a.jobId,
  summary: a.summary,
  experience: a.experience,
  file: file ? fileDto(file) : null,
  selected: a.selected,
  job: { id: j.id, name: j.name, job_status_id: j.jobStatusId },
});

type TApplicationDto =
  ReturnType<typeof projectApplicationDto> | ReturnType<typeof jobApplicationDto>;

const projectSummary = {
  id: projects.id,
  name: projects.name,
  projectStatusId: projects.projectStatusId,
  currency: projects.currency,
};
const jobSummary = { id: jobs.id, name: jobs.name, jobStatusId: jobs.jobStatusId };
export const fileColumns = {
  id: uploads.id,
  storageKey: uploads.storageKey,
  originalName: uploads.originalName,
  size: uploads.size,
};

/** Project applications matching `where`, newest first, with their project. */
async function projectApplicationPage(
  db: Db,
  where: SQL,
  page: { page: number; per_page: number },
) {
  const rows = await db
    .select({
      application: projectApplications,
      project: projectSummary,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(projectApplications)
    .innerJoin(projects, eq(projects.id, projectApplications.projectId))
    .where(where)
    .orderBy(desc(projectApplications.createdAt), desc(projectApplications.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  return {
    data: rows.map((r) => projectApplicationDto(r.application, r.project)),
    total: rows[0]?.total ?? (await countWhere(db, projectApplications, where)),
  };
}

async function jobApplicationPage(db: Db, where: SQL, page: { page: number; per_page: number }) {
  const rows = await db
    .select({
      application: jobApplications,
      job: jobSummary,
      file: fileColumns,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .leftJoin(uploads, eq(uploads.id, jobApplications.fileId))
    .where(where)
    .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  return {
    data: rows.map((r) => jobApplicationDto(r.application, r.job, r.file?.id ? r.file : null)),
    total: rows[0]?.total ?? (await countWhere(db, jobApplications, where)),
  };
}

/** The total when a page came back empty (past the end, or none at all). */
async function countWhere(
  db: Db,
  table: typeof projectApplications | typeof jobApplications,
  where: SQL,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table as typeof projectApplications)
    .where(where);
  return row?.n ?? 0;
}

/** `GET /me/applications`: the calling talent's applications of one kind, newest first. */
export async function listMyApplications(
  ctx: TCtx,
  input: { type: TKind; posting_id?: number; page: number; per_page: number },
) {
  const me = assertRole(ctx, 'talent');
  const page: { data: TApplicationDto[]; total: number } =
    input.type === 'project'
      ? await projectApplicationPage(
          ctx.db,
          and(
            eq(projectApplications.userId, me.id),
            input.posting_id ? eq(projectApplications.projectId, input.posting_id) : undefined,
          )!,
          input,
        )
      : await jobApplicationPage(
          ctx.db,
          and(
            eq(jobApplications.userId, me.id),
            input.posting_id ? eq(jobApplications.jobId, input.posting_id) : undefined,
          )!,
          input,
        );
  return paginated(page.data, page.total, input.page, input.per_page);
}

/** The application `id` of the caller, as the API answers it; another's is "not found". */
export async function ownApplication(ctx: TCtx, kind: TKind, id: number, userId: number) {
  const page =
    kind === 'project'
      ? await projectApplicationPage(
          ctx.db,
          and(eq(projectApplications.id, id), eq(projectApplications.userId, userId))!,
          { page: 1, per_page: 1 },
        )
      : await jobApplicationPage(
          ctx.db,
          and(eq(jobApplications.id, id), eq(jobApplications.userId, userId))!,
          { page: 1, per_page: 1 },
        );
  const application = page.data[0];
  if (!application) throw applicationNotFound();
  return application;
}

const alreadyApplied = () => new AppError('already_applied');

/**
 * A talent's new application, in one transaction: the posting read under a share lock (a start,
 * finish or cancel at the same moment waits for it, or it sees theirs), checked (it takes
 * applications, and is not the caller's own), the row inserted by `insert` (the unique index
 * (posting, user) decides between concurrent tries: one row, the rest 409), counted against the
 * talent's and the address's limits (docs/security.md "Rate limits"), the owner notified.
 */
async function admitApplication(
  ctx: TCtx,
  kind: TKind,
  postingId: number,
  insert: (tx: Db, userId: number) => Promise<{ id: number }[]>,
) {
  const me = assertRole(ctx, 'talent');
  const id = await ctx.db.transaction(async (tx) => {
    const posting = await postingForApplication(ctx, kind, postingId, tx);
    if (posting.ownerId === me.id) throw new AppError('own_posting');
    if (!posting.accepting) throw closed();
    const [row] = await insert(tx, me.id);
    if (!row) throw alreadyApplied();
    // Counted once the application is written, in its transaction: a refusal undoes it, and a
    // repeat (409) or a closed posting counts nothing.
    await takeRateLimits(
      { db: tx, now: ctx.now },
      [
        { name: 'applicationsPerTalent', subject: String(me.id) },
        { name: 'applicationsPerAddress', subject: ctx.ip },
      ],
      {
        message: 'Too many applications in a short time. Please wait and try again.',
        messageEs:
          'Demasiadas postulaciones en poco tiempo. Espera un momento y vuelve a intentarlo.',
      },
    );
    const [talent] = await tx
      .select({ name: users.name, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, me.id));
    const who = `${talent!.name} ${talent!.lastName}`.trim();
    // application_new sends no e-mail: nothing to do after the commit.
    await notify(ctx, tx, [
      {
        userId: posting.ownerId,
        type: 'application_new',
        message: `${who} applied to “${posting.name}”.`,
        messageEs: `${who} se postuló a “${posting.name}”.`,
        link: `/business/${kind}s/${postingId}/applicants`,
        topic: applicationTopic(kind, row.id),
      },
    ]);
    return row.id;
  });
  return ownApplication(ctx, kind, id, me.id);
}

/** `POST /project_applications` (docs/product.md "Applying"). */
export async function applyToProject(
  ctx: TCtx,
  input: { project_id: number; proposal: string; price_proposal: number; weeks: number },
) {
  return admitApplication(ctx, 'project', input.project_id, (tx, userId) =>
    tx
      .insert(projectApplications)
      .values({
        projectId: input.project_id,
        userId,
        proposal: input.proposal,
        priceProposal: input.price_proposal,
        weeks: input.weeks,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: projectApplications.id }),
  );
}

/**
 * The CV of a job application: a document of `POST /file` that is the caller's, or that nobody
 * has claimed yet (`POST /file` takes no token), which it then becomes. So an upload id, which
 * is a small number, cannot attach someone else's CV.
 */
async function claimCv(db: Db, fileId: number, userId: number) {
  const [row] = await db
    .update(uploads)
    .set({ ownerId: userId })
    .where(
      and(
        eq(uploads.id, fileId),
        eq(uploads.kind, 'file'),
        or(isNull(uploads.ownerId), eq(uploads.ownerId, userId)),
      ),
    )
    .returning({ id: uploads.id });
  if (!row) throw AppError.invalidField('file_id', 'upload_first');
}

/** `POST /job_applications`: a summary, optional experience and CV. */
export async function applyToJob(
  ctx: TCtx,
  input: { job_id: number; summary: string; experience?: string | null; file_id?: number | null },
) {
  return admitApplication(ctx, 'job', input.job_id, async (tx, userId) => {
    if (input.file_id) await claimCv(tx, input.file_id, userId);
    return tx
      .insert(jobApplications)
      .values({
        jobId: input.job_id,
        userId,
        summary: input.summary,
        experience: input.experience ?? null,
        fileId: input.file_id ?? null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning({ id: jobApplications.id });
  });
}

/** The caller's application, still open, on a posting that still takes applications. */
async function ownEditable(ctx: TCtx, kind: TKind, id: number, requireAccepting: boolean) {
  const me = assertRole(ctx, 'talent');
  const application = await ownApplication(ctx, kind, id, me.id);
  const status = 'accepted' in application ? application.accepted : application.selected;
  const postingId = 'project_id' in application ? application.project_id : application.job_id;
  const posting = await postingForApplication(ctx, kind, postingId);
  const open = requireAccepting ? posting.accepting : posting.recruiting;
  if (!OPEN_STATUSES.includes(status) || !open) throw closed();
  return { me, application, status };
}

/**
 * `PATCH /project_applications`: the talent's edits while the project takes applications, or
 * the seed's `shown_accepted_message` (the congratulations were seen), at any time.
 */
export async function updateProjectApplication(
  ctx: TCtx,
  input: {
    id: number;
    proposal?: string;
    price_proposal?: number;
    weeks?: number;
    shown_accepted_message?: boolean;
  },
) {
  const { id, shown_accepted_message, ...edits } = sentFields(input);
  const me = assertRole(ctx, 'talent');
  const hasEdits = Object.keys(edits).length > 0;
  if (hasEdits) await ownEditable(ctx, 'project', id!, true);
  else await ownApplication(ctx, 'project', id!, me.id);
  await ctx.db
    .update(projectApplications)
    .set({
      proposal: edits.proposal,
      priceProposal: edits.price_proposal,
      weeks: edits.weeks,
      shownAcceptedMessage: shown_accepted_message,
      updatedAt: ctx.now,
    })
    .where(and(eq(projectApplications.id, id!), eq(projectApplications.userId, me.id)));
  return ownApplication(ctx, 'project', id!, me.id);
}

/** `PATCH /job_applications`: the talent's edits while the job takes applications. */
export async function updateJobApplication(
  ctx: TCtx,
  input: { id: number; summary?: string; experience?: string | null; file_id?: number | null },
) {
  const { me } = await ownEditable(ctx, 'job', input.id, true);
  const edits = sentFields(input);
  if (edits.file_id) await claimCv(ctx.db, edits.file_id, me.id);
  await ctx.db
    .update(jobApplications)
    .set({
      summary: edits.summary,
      experience: input.experience === undefined ? undefined : input.experience,
      fileId: input.file_id === undefined ? undefined : input.file_id,
      updatedAt: ctx.now,
    })
    .where(and(eq(jobApplications.id, input.id), eq(jobApplications.userId, me.id)));
  return ownApplication(ctx, 'job', input.id, me.id);
}

/**
 * Moves application `id` of `kind` to status `to` inside `tx`, if its status is one of `from`
 * (read under a row lock, so of two moves at once the second sees the first's result), and
 * writes the history row (docs/product.md: who, when, from, to, reason). False when it was not
 * in `from`. A project application hired shows the talent the congratulations once (docs/product.md "Entities and fields").
 */
export async function moveApplication(
  ctx: TCtx,
  tx: Db,
  kind: TKind,
  move: {
    id: number;
    from: readonly number[];
    to: number;
    actorId: number;
    reason?: string | null;
  },
): Promise<boolean> {
  const table = kind === 'project' ? projectApplications : jobApplications;
  const statusColumn = kind === 'project' ? projectApplications.accepted : jobApplications.selected;
  const [row] = await tx
    .select({ status: statusColumn })
    .from(table as typeof projectApplications)
    .where(eq(table.id, move.id))
    .for('update');
  if (!row || !move.from.includes(row.status)) return false;
  const reason = move.reason ?? null;
  if (kind === 'project') {
    await tx
      .update(projectApplications)
      .set({
        accepted: move.to,
        reason,
        shownAcceptedMessage: move.to === APPLICATION_STATUS.hired,
        updatedAt: ctx.now,
      })
      .where(eq(projectApplications.id, move.id));
  } else {
    await tx
      .update(jobApplications)
      .set({ selected: move.to, reason, updatedAt: ctx.now })
      .where(eq(jobApplications.id, move.id));
  }
  await tx.insert(applicationStatusHistory).values({
    kind,
    applicationId: move.id,
    actorId: move.actorId,
    fromStatus: row.status,
    toStatus: move.to,
    reason,
    createdAt: ctx.now,
  });
  return true;
}

/**
 * `DELETE /project_applications`, `DELETE /job_applications`: the talent withdraws (status 4)
 * while the posting recruits; the change is kept in the status history.
 */
export async function withdrawApplication(ctx: TCtx, kind: TKind, input: { id: number }) {
  const { me } = await ownEditable(ctx, kind, input.id, false);
  await ctx.db.transaction(async (tx) => {
    const moved = await moveApplication(ctx, tx, kind, {
      id: input.id,
      from: OPEN_STATUSES,
      to: APPLICATION_STATUS.withdrawn,
      actorId: me.id,
    });
    if (!moved) throw closed();
  });
  return ownApplication(ctx, kind, input.id, me.id);
}
