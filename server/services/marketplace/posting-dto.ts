import { sql } from 'drizzle-orm';
import { companies, favorites, users, type jobs, type projects } from '@/db/schema';
import { isRecruitingStatus, KINDS, type TPostingKind } from '@/lib/kinds';
import { earliestToday } from '@/lib/schemas/marketplace';
import { APPLICATION_STATUS } from '@/lib/statuses';
import { AppError } from '@/server/errors';
import { qualified } from '@/server/lib/sql';
import type { TJob, TProject } from '@/types/marketplace';
import { SERVER_KINDS } from './kinds';

// A posting as the API answers it, and the checks of its status the verbs share
// (docs/api.md "Marketplace"; docs/architecture.md "One marketplace for two kinds").

export type TKind = TPostingKind;

const NOT_FOUND = {
  project: ['Project not found.', 'Proyecto no encontrado.'],
  job: ['Job not found.', 'Empleo no encontrado.'],
} as const satisfies Record<TPostingKind, readonly [string, string]>;

export const postingNotFound = (kind: TKind) =>
  new AppError('not_found', { message: NOT_FOUND[kind][0], messageEs: NOT_FOUND[kind][1] });

export const notRecruiting = () =>
  new AppError('closed', {
    message: 'This posting is no longer recruiting, so it cannot change.',
    messageEs: 'Esta publicación ya no está en selección, así que no puede cambiar.',
  });

/**
 * Whether a posting still recruits: its applicants move and may withdraw. A job "in selection"
 * (2) still recruits, though it takes no new applications (`isAccepting`).
 */
export const isRecruiting = (kind: TKind, statusId: number) => isRecruitingStatus(kind, statusId);

/** Whether a posting's deadline (its last day to apply) has ended everywhere on Earth. */
export const isDeadlinePassed = (endDate: string | null, now: Date) =>
  endDate !== null && endDate < earliestToday(now);
/** Whose favourites a list's `saved` reads: the signed-in talent's; nobody's (0) for anyone else. */
export const savedViewer = (ctx: { user: { id: number; isTalent: boolean } | null }) =>
  ctx.user?.isTalent ? ctx.user.id : 0;

/** Whether a posting takes applications: recruiting, and its last day has not ended anywhere. */
export const isAccepting = (
  p: { statusId: number; endDate: string | null },
  kind: TKind,
  now: Date,
) => p.statusId === KINDS[kind].statuses.recruiting && !isDeadlinePassed(p.endDate, now);

/**
 * The columns every list of postings reads besides the posting's own: its author's name, its
 * company (joined by the list), how many applied, and whether the talent reading (placeholder
 * `viewer`, 0 for anyone else) saved it (docs/api.md "Favourites").
 */
export function extras(kind: TKind) {
  const k = SERVER_KINDS[kind];
  return {
    saved: sql<boolean>`exists (select 1 from ${favorites} where ${qualified(favorites.userId)} = ${sql.placeholder('viewer')}
      and ${qualified(favorites.kind)} = ${kind} and ${qualified(favorites.targetId)} = ${qualified(k.postingTable.id)})`,
    ownerName: sql<string>`btrim(${users.name} || ' ' || ${users.lastName})`,
    company: companies.name,
    companySlug: companies.slug,
    applicationsCount: sql<number>`(select count(*)::int from ${k.applicationTable}
      where ${qualified(k.applicationFk)} = ${qualified(k.postingTable.id)} and ${qualified(k.applicationStatus)} <> ${APPLICATION_STATUS.withdrawn})`,
  };
}

/** A posting's columns as the API reads them (the search terms are the database's business). */
export type TProjectRow = Omit<typeof projects.$inferSelect, 'searchTerms'>;
export type TJobRow = Omit<typeof jobs.$inferSelect, 'searchTerms'>;
export type TExtras = {
  saved: boolean;
  ownerName: string;
  company: string;
  companySlug: string;
  applicationsCount: number;
};

function baseDto(p: TProjectRow | TJobRow, x: TExtras, statusId: number, kind: TKind, now: Date) {
  return {
    id: p.id,
    name: p.name,
    summary: p.summary,
    description: p.description,
    skills: p.skills,
    currency: p.currency,
    modality: p.modality,
    country_code: p.countryCode,
    end_date: p.endDate,
    owner: { id: p.ownerId, name: x.ownerName, company: x.company },
    company: { id: p.companyId, slug: x.companySlug, name: x.company },
    applications_count: x.applicationsCount,
    created_at: p.createdAt.toISOString(),
    accepting: isAccepting({ statusId, endDate: p.endDate }, kind, now),
    deadline_passed: isDeadlinePassed(p.endDate, now),
    saved: x.saved,
  };
}

export const projectDto = (p: TProjectRow, x: TExtras, now: Date): TProject => ({
  ...baseDto(p, x, p.projectStatusId, 'project', now),
  budget: p.budget,
  weeks: p.weeks,
  project_status_id: p.projectStatusId,
});

export const jobDto = (j: TJobRow, x: TExtras, now: Date): TJob => ({
  ...baseDto(j, x, j.jobStatusId, 'job', now),
  requirements: j.requirements,
  contract_type: j.contractType,
  min_salary: j.minSalary,
  max_salary: j.maxSalary,
  job_status_id: j.jobStatusId,
});

export type TProjectDto = ReturnType<typeof projectDto>;
export type TJobDto = ReturnType<typeof jobDto>;

/** Each kind's answer, from a row of either table (the kind tells which). */
export const POSTING_DTO: {
  [K in TPostingKind]: (p: TProjectRow | TJobRow, x: TExtras, now: Date) => TProject | TJob;
} = {
  project: (p, x, now) => projectDto(p as TProjectRow, x, now),
  job: (p, x, now) => jobDto(p as TJobRow, x, now),
};
