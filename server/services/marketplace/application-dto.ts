import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { jobApplications, jobs, projectApplications, projects, uploads } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TPostingKind } from '@/lib/kinds';
import { AppError } from '@/server/errors';

// An application as the API answers it, and the pages of them (docs/api.md "Marketplace").

type TProjectApplicationRow = typeof projectApplications.$inferSelect;
type TJobApplicationRow = typeof jobApplications.$inferSelect;
type TUploadRow = typeof uploads.$inferSelect;

export const applicationNotFound = () =>
  new AppError('not_found', {
    message: 'Application not found.',
    messageEs: 'Postulación no encontrada.',
  });

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

export type TApplicationDto =
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

type TPage = { page: number; per_page: number };

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

/**
 * Each kind's applications matching `where`, newest first, with their posting (and a job's CV).
 */
export const APPLICATION_PAGE: {
  [K in TPostingKind]: (
    db: Db,
    where: SQL,
    page: TPage,
  ) => Promise<{ data: TApplicationDto[]; total: number }>;
} = {
  project: async (db, where, page) => {
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
  },
  job: async (db, where, page) => {
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
  },
};
