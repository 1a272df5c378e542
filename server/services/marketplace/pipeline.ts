import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
import { langOf, type TLang } from '@/lib/i18n/lang';
import {
  APPLICATION_STATUS,
  JOB_STATUS,
  OPEN_APPLICATION_STATUSES,
  PROJECT_STATUS,
} from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError, fieldError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import {
  applicationTopic,
  notify,
  type TNewNotification,
} from '@/server/services/notifications/notifications';
import { paginated } from '@/server/services/profile/common';
import { companySubject, takeRateLimits } from '@/server/services/rate-limit';
import {
  applicationNotFound,
  fileColumns,
  jobApplicationDto,
  moveApplication,
  projectApplicationDto,
} from './applications';
import {
  getPosting,
  notRecruiting,
  postingForApplication,
  postingNotFound,
  type TKind,
} from './postings';

// The recruiter's half (docs/api.md "Pipeline and lifecycle", docs/product.md): the owner moves
// applicants on the board, a project starts and finishes, a job finishes, and a posting that
// closes answers everyone still waiting. Each change is one transaction: the application rows,
// their history and the notifications; e-mails leave after the commit.

const APPS = {
  project: {
    table: projectApplications,
    status: projectApplications.accepted,
    postingId: projectApplications.projectId,
  },
  job: {
    table: jobApplications,
    status: jobApplications.selected,
    postingId: jobApplications.jobId,
  },
} as const;

const invalidTransition = (message: string, messageEs: string) =>
  new AppError('invalid_transition', { message, messageEs });

const postingClosed = () =>
  new AppError('closed', {
    message: 'This posting is no longer recruiting, so its applicants cannot move.',
    messageEs:
      'Esta publicación ya no está en selección, así que sus postulantes no pueden moverse.',
  });

/** The reason every applicant still waiting gets when a posting closes, in their language. */
export const POSITION_CLOSED = { en: 'Position closed.', es: 'Puesto cerrado.' } as const;

/** Where a notification about a posting takes the talent, and the owner. */
const talentLink = (kind: TKind, id: number) => `/${kind}s/${id}`;
const ownerLink = (kind: TKind, id: number) => `/business/${kind}s/${id}/applicants`;

const quoted = (name: string) => `“${name}”`;

/** The posting of `kind` with id `id` if the caller (a business) owns it; otherwise 404. */
async function ownPosting(ctx: TCtx, kind: TKind, id: number) {
  const me = assertRole(ctx, 'business');
  const t = kind === 'project' ? projects : jobs;
  const [row] = await ctx.db
    .select({
      id: t.id,
      name: t.name,
      ownerId: t.ownerId,
      statusId: kind === 'project' ? projects.projectStatusId : jobs.jobStatusId,
      currency: t.currency,
    })
    .from(t as typeof projects)
    .where(eq(t.id, id));
  if (!row || row.ownerId !== me.id) throw postingNotFound(kind);
  return { me, posting: row };
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

const talentColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  headline: users.headline,
  avatarUrl: users.avatarUrl,
};

type THistoryRow = typeof applicationStatusHistory.$inferSelect;

const historyDto = (h: THistoryRow) => ({
  from: h.fromStatus,
  to: h.toStatus,
  reason: h.reason,
  actor_id: h.actorId,
  created_at: h.createdAt.toISOString(),
});

async function historyOf(db: Db, kind: TKind, ids: number[]) {
  const byApplication = new Map<number, ReturnType<typeof historyDto>[]>();
  if (ids.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationStatusHistory)
    .where(
      and(
        eq(applicationStatusHistory.kind, kind),
        inArray(applicationStatusHistory.applicationId, ids),
      ),
    )
    .orderBy(asc(applicationStatusHistory.createdAt), asc(applicationStatusHistory.id));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push(historyDto(row));
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

type TTalentRow = {
  id: number;
  name: string;
  lastName: string;
  headline: string | null;
  avatarUrl: string | null;
};
const talentDto = (u: TTalentRow) => ({
  id: u.id,
  name: u.name,
  last_name: u.lastName,
  headline: u.headline,
  avatar_url: u.avatarUrl,
});

/** What a board application tells of its posting. */
type TBoardPosting = { id: number; name: string; statusId: number; currency: string };

/** Board applications of one posting matching `where`, oldest first, with talent and history. */
async function boardRows(
  db: Db,
  kind: TKind,
  posting: TBoardPosting,
  where: ReturnType<typeof and>,
  page: { page: number; per_page: number },
) {
  const offset = (page.page - 1) * page.per_page;
  if (kind === 'project') {
    const rows = await db
      .select({ application: projectApplications, talent: talentColumns })
      .from(projectApplications)
      .innerJoin(users, eq(users.id, projectApplications.userId))
      .where(where)
      .orderBy(asc(projectApplications.createdAt), asc(projectApplications.id))
      .limit(page.per_page)
      .offset(offset);
    const history = await historyOf(
      db,
      kind,
      rows.map((r) => r.application.id),
    );
    return rows.map((r) => ({
      ...projectApplicationDto(r.application, {
        id: posting.id,
        name: posting.name,
        projectStatusId: posting.statusId,
        currency: posting.currency,
      }),
      talent: talentDto(r.talent),
      history: history.get(r.application.id) ?? [],
    }));
  }
  const rows = await db
    .select({
      application: jobApplications,
      talent: talentColumns,
      file: fileColumns,
    })
    .from(jobApplications)
    .innerJoin(users, eq(users.id, jobApplications.userId))
    .leftJoin(uploads, eq(uploads.id, jobApplications.fileId))
    .where(where)
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id))
    .limit(page.per_page)
    .offset(offset);
  const history = await historyOf(
    db,
    kind,
    rows.map((r) => r.application.id),
  );
  return rows.map((r) => ({
    ...jobApplicationDto(
      r.application,
      { id: posting.id, name: posting.name, jobStatusId: posting.statusId },
      r.file?.id ? r.file : null,
    ),
    talent: talentDto(r.talent),
    history: history.get(r.application.id) ?? [],
  }));
}

/** `GET /projects/{id}/applications`, `GET /jobs/{id}/applications`: the owner's board. */
export async function listApplicants(
  ctx: TCtx,
  kind: TKind,
  input: { id: number; status?: number; page: number; per_page: number },
) {
  const { posting } = await ownPosting(ctx, kind, input.id);
  const a = APPS[kind];
  const ofPosting = eq(a.postingId, posting.id);
  const where =
    input.status === undefined ? and(ofPosting) : and(ofPosting, eq(a.status, input.status));
  const [data, countRows] = await Promise.all([
    boardRows(ctx.db, kind, posting, where, input),
    ctx.db
      .select({ status: a.status, n: sql<number>`count(*)::int` })
      .from(a.table as typeof projectApplications)
      .where(ofPosting)
      .groupBy(a.status),
  ]);
  const counts: Record<number, number> = { 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of countRows) counts[row.status] = row.n;
  const total =
    input.status === undefined
      ? Object.values(counts).reduce((sum, n) => sum + n, 0)
      : (counts[input.status] ?? 0);
  return { ...paginated<(typeof data)[number]>(data, total, input.page, input.per_page), counts };
}

/** One board application of the caller's posting. */
async function boardApplication(
  ctx: TCtx,
  kind: TKind,
  posting: TBoardPosting,
  applicationId: number,
) {
  const [row] = await boardRows(
    ctx.db,
    kind,
    posting,
    and(eq(APPS[kind].table.id, applicationId)),
    { page: 1, per_page: 1 },
  );
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Moving applicants
// ---------------------------------------------------------------------------------------------

const STATUS_TEXT: Record<number, (name: string) => [string, string]> = {
  [APPLICATION_STATUS.applied]: (n) => [
    `Your application to ${quoted(n)} is under review again.`,
    `Tu postulación a ${quoted(n)} vuelve a estar en revisión.`,
  ],
  [APPLICATION_STATUS.shortlisted]: (n) => [
    `Good news: your application to ${quoted(n)} was shortlisted.`,
    `Buenas noticias: tu postulación a ${quoted(n)} quedó preseleccionada.`,
  ],
  [APPLICATION_STATUS.hired]: (n) => [
    `Congratulations! You were hired for ${quoted(n)}.`,
    `¡Felicitaciones! Tu postulación a ${quoted(n)} fue aceptada: te contrataron.`,
  ],
  [APPLICATION_STATUS.rejected]: (n) => [
    `Your application to ${quoted(n)} was not selected.`,
    `Tu postulación a ${quoted(n)} no fue seleccionada.`,
  ],
};

const withReason = (
  [en, es]: [string, string],
  reason: string | null | undefined,
): [string, string] =>
  reason ? [`${en}\nReason: ${reason}`, `${es}\nMotivo: ${reason}`] : [en, es];

/**
 * The limits of status changes (docs/security.md "Rate limits"): per application, so that one
 * talent is not moved back and forth to flood them, and per company, generous enough for a whole
 * board. Taken inside the move's transaction `tx`.
 */
function takeStatusChangeLimits(ctx: TCtx, tx: Db, companyId: number, topic: string) {
  return takeRateLimits(
    { db: tx, now: ctx.now },
    [
      { name: 'statusChangesPerApplication', subject: topic },
      { name: 'statusChangesPerCompany', subject: companySubject(companyId) },
    ],
    {
      message: 'Too many status changes in a short time. Please wait and try again.',
      messageEs:
        'Demasiados cambios de estado en poco tiempo. Espera un momento y vuelve a intentarlo.',
    },
  );
}

/**
 * `POST /project_applications/changeApplicationStatus`, `POST /job_applications/…`: the owner
 * moves an applicant between applied, shortlisted, hired and rejected while the posting recruits.
 */
export async function changeApplicationStatus(
  ctx: TCtx,
  kind: TKind,
  input: { application_id: number; status: number; reason?: string | null },
) {
  const me = assertRole(ctx, 'business');
  const a = APPS[kind];
  const [application] = await ctx.db
    .select({ id: a.table.id, userId: a.table.userId, postingId: a.postingId, status: a.status })
    .from(a.table as typeof projectApplications)
    .where(eq(a.table.id, input.application_id));
  const posting = application
    ? await postingForApplication(ctx, kind, application.postingId)
    : null;
  if (!application || !posting || posting.ownerId !== me.id) {
    throw applicationNotFound();
  }
  if (!posting.recruiting) throw postingClosed();
  const from = application.status;
  const to = input.status;
  if (from === APPLICATION_STATUS.withdrawn) {
    throw invalidTransition(
      'The talent withdrew this application, so it cannot move.',
      'El talento retiró esta postulación, así que no puede moverse.',
    );
  }
  if (from === to) {
    throw invalidTransition(
      'The application already has this status.',
      'La postulación ya tiene este estado.',
    );
  }
  const reason = to === APPLICATION_STATUS.rejected ? (input.reason ?? null) : null;
  if (to === APPLICATION_STATUS.rejected && !reason) {
    throw new AppError('invalid_input', { errors: [fieldError('reason', 'required')] });
  }
  const { name } = posting;
  const afterCommit = await ctx.db.transaction(async (tx) => {
    // The status read above may be stale: read it again under a share lock, so a move never lands
    // on a posting that has just closed, and a start that waited for this move re-checks its hire
    // after it (movePosting). Un-hiring the only hire while the project starts would otherwise
    // leave a started project with nobody hired.
    const current = await postingForApplication(ctx, kind, posting.id, tx);
    if (!current.recruiting) throw postingClosed();
    // Of two owners' clicks at once, the second finds the status moved and changes nothing.
    const moved = await moveApplication(ctx, tx, kind, {
      id: application.id,
      from: [from],
      to,
      actorId: me.id,
      reason,
    });
    if (!moved) {
      throw invalidTransition(
        'This application changed meanwhile. Reload to see it.',
        'Esta postulación cambió mientras tanto. Recarga para verla.',
      );
    }
    const topic = applicationTopic(kind, application.id);
    // Counted only once the move is written, in its transaction: a refusal undoes it.
    await takeStatusChangeLimits(ctx, tx, me.id, topic);
    const [message, messageEs] = withReason(STATUS_TEXT[to]!(name), reason);
    return notify(ctx, tx, [
      {
        userId: application.userId,
        type: 'application_status',
        message,
        messageEs,
        link: talentLink(kind, posting.id),
        topic,
      },
    ]);
  });
  await afterCommit();
  return boardApplication(ctx, kind, posting, application.id);
}

// ---------------------------------------------------------------------------------------------
// Closing: nobody is left waiting
// ---------------------------------------------------------------------------------------------

/**
 * Rejects, inside `tx`, every application of the posting still applied or shortlisted, with the
 * reason "Position closed." in each talent's language; writes their history and notifications.
 */
async function closeOpenApplications(
  ctx: TCtx,
  tx: Db,
  kind: TKind,
  posting: { id: number; name: string },
  actorId: number,
): Promise<TNewNotification[]> {
  const a = APPS[kind];
  const open = await tx
    .select({ id: a.table.id, userId: a.table.userId, status: a.status, lang: users.lang })
    .from(a.table as typeof projectApplications)
    .innerJoin(users, eq(users.id, a.table.userId))
    .where(and(eq(a.postingId, posting.id), inArray(a.status, [...OPEN_APPLICATION_STATUSES])))
    .for('update', { of: a.table as typeof projectApplications });
  if (open.length === 0) return [];
  const reasonOf = (lang: string) => POSITION_CLOSED[langOf(lang)];
  for (const lang of ['en', 'es'] as const) {
    const ids = open.filter((o) => langOf(o.lang) === lang).map((o) => o.id);
    if (ids.length === 0) continue;
    const set = { reason: POSITION_CLOSED[lang], updatedAt: ctx.now };
    if (kind === 'project') {
      await tx
        .update(projectApplications)
        .set({ ...set, accepted: APPLICATION_STATUS.rejected })
        .where(inArray(projectApplications.id, ids));
    } else {
      await tx
        .update(jobApplications)
        .set({ ...set, selected: APPLICATION_STATUS.rejected })
        .where(inArray(jobApplications.id, ids));
    }
  }
  await tx.insert(applicationStatusHistory).values(
    open.map((o) => ({
      kind,
      applicationId: o.id,
      actorId,
      fromStatus: o.status,
      toStatus: APPLICATION_STATUS.rejected,
      reason: reasonOf(o.lang),
      createdAt: ctx.now,
    })),
  );
  return open.map((o) => ({
    userId: o.userId,
    type: 'posting_closed' as const,
    topic: applicationTopic(kind, o.id),
    message: `${quoted(posting.name)} is closed, so your application was not selected. Thank you for applying.\nReason: ${POSITION_CLOSED.en}`,
    messageEs: `${quoted(posting.name)} se cerró, así que tu postulación no fue seleccionada. Gracias por postularte.\nMotivo: ${POSITION_CLOSED.es}`,
    link: talentLink(kind, posting.id),
  }));
}

/** The hired applications of a posting (their talents). */
async function hiredOf(db: Db, kind: TKind, postingId: number) {
  const a = APPS[kind];
  return db
    .select({ id: a.table.id, userId: a.table.userId })
    .from(a.table as typeof projectApplications)
    .where(and(eq(a.postingId, postingId), eq(a.status, APPLICATION_STATUS.hired)));
}

const needsHire = () =>
  invalidTransition(
    'Hire at least one applicant first.',
    'Primero contrata al menos a un postulante.',
  );

/**
 * Moves the posting from one of `from` to `to` (a status guard: of two requests at once, one
 * wins), closes the applications still waiting, and notifies: `hiredNote` to each hired talent.
 */
async function movePosting(
  ctx: TCtx,
  kind: TKind,
  posting: { id: number; name: string },
  actorId: number,
  change: {
    from: number[];
    to: number;
    needsHire?: boolean;
    /** Why the posting cannot move from `statusId`, as the verb's own check says it. */
    refuse: (statusId: number) => AppError | undefined;
  },
  hiredNote?: (hired: { id: number; userId: number }) => TNewNotification,
) {
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const changed =
      kind === 'project'
        ? await tx
            .update(projects)
            .set({ projectStatusId: change.to, updatedAt: ctx.now })
            .where(and(eq(projects.id, posting.id), inArray(projects.projectStatusId, change.from)))
            .returning({ id: projects.id })
        : await tx
            .update(jobs)
            .set({ jobStatusId: change.to, updatedAt: ctx.now })
            .where(and(eq(jobs.id, posting.id), inArray(jobs.jobStatusId, change.from)))
            .returning({ id: jobs.id });
    if (changed.length === 0) {
      // Another request moved it first: answer as if this one had come after it.
      const now = await postingForApplication(ctx, kind, posting.id, tx);
      throw (
        change.refuse(now.statusId) ??
        invalidTransition(
          'This posting changed meanwhile. Reload to see it.',
          'Esta publicación cambió mientras tanto. Recarga para verla.',
        )
      );
    }
    // The hire checked before this transaction may have been undone since. The UPDATE above holds
    // the posting's row, so a status change under way has committed by now (it locks that row
    // too, see changeApplicationStatus), and none can start until this commits.
    if (change.needsHire && (await hiredOf(tx, kind, posting.id)).length === 0) throw needsHire();
    const closedNotes = await closeOpenApplications(ctx, tx, kind, posting, actorId);
    const hired = hiredNote ? await hiredOf(tx, kind, posting.id) : [];
    return notify(ctx, tx, [...hired.map((h) => hiredNote!(h)), ...closedNotes]);
  });
  await afterCommit();
  return getPosting(ctx, kind, { id: posting.id });
}

/** `POST /projects/start`: recruiting → started, once someone is hired. */
export async function startProject(ctx: TCtx, input: { id: number }) {
  const { me, posting } = await ownPosting(ctx, 'project', input.id);
  const refuse = (statusId: number) => {
    if (statusId === PROJECT_STATUS.recruiting) return undefined;
    if (statusId === PROJECT_STATUS.started) {
      return invalidTransition('The project has already started.', 'El proyecto ya comenzó.');
    }
    return postingClosed();
  };
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  if ((await hiredOf(ctx.db, 'project', posting.id)).length === 0) throw needsHire();
  return movePosting(
    ctx,
    'project',
    posting,
    me.id,
    { from: [PROJECT_STATUS.recruiting], to: PROJECT_STATUS.started, needsHire: true, refuse },
    (h) => ({
      userId: h.userId,
      topic: applicationTopic('project', h.id),
      type: 'project_started',
      message: `${quoted(posting.name)} has started. When the work is done, mark it ready to close.`,
      messageEs: `${quoted(posting.name)} comenzó. Cuando el trabajo esté hecho, márcalo como listo para cerrar.`,
      link: talentLink('project', posting.id),
    }),
  );
}

/** `POST /projects/end`: started → finished. */
export async function finishProject(ctx: TCtx, input: { id: number }) {
  const { me, posting } = await ownPosting(ctx, 'project', input.id);
  const refuse = (statusId: number) => {
    if (statusId === PROJECT_STATUS.started) return undefined;
    if (statusId === PROJECT_STATUS.recruiting) {
      return invalidTransition(
        'Start the project before finishing it.',
        'Inicia el proyecto antes de finalizarlo.',
      );
    }
    return postingClosed();
  };
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  return movePosting(
    ctx,
    'project',
    posting,
    me.id,
    { from: [PROJECT_STATUS.started], to: PROJECT_STATUS.finished, refuse },
    (h) => ({
      userId: h.userId,
      topic: applicationTopic('project', h.id),
      type: 'project_finished',
      message: `${quoted(posting.name)} is finished. Thank you for your work! You can now record it on-chain from the project page.`,
      messageEs: `${quoted(posting.name)} finalizó. ¡Gracias por tu trabajo! Ya puedes registrarlo en la blockchain desde la página del proyecto.`,
      link: talentLink('project', posting.id),
    }),
  );
}

/** `POST /jobs/end`: the owner finishes a job once someone is hired. */
export async function finishJob(ctx: TCtx, input: { id: number }) {
  const { me, posting } = await ownPosting(ctx, 'job', input.id);
  const open: number[] = [JOB_STATUS.recruiting, JOB_STATUS.inSelection];
  const refuse = (statusId: number) => (open.includes(statusId) ? undefined : postingClosed());
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  if ((await hiredOf(ctx.db, 'job', posting.id)).length === 0) throw needsHire();
  return movePosting(
    ctx,
    'job',
    posting,
    me.id,
    { from: open, to: JOB_STATUS.finished, needsHire: true, refuse },
    (h) => ({
      userId: h.userId,
      topic: applicationTopic('job', h.id),
      type: 'job_finished',
      message: `The selection for ${quoted(posting.name)} is finished, and you were hired. Welcome aboard!`,
      messageEs: `La selección para ${quoted(posting.name)} finalizó y te contrataron. ¡Bienvenido al equipo!`,
      link: talentLink('job', posting.id),
    }),
  );
}

/** `DELETE /projects`, `DELETE /jobs`: the owner cancels a recruiting posting (status 4). */
export async function cancelPosting(ctx: TCtx, kind: TKind, input: { id: number }) {
  const { me, posting } = await ownPosting(ctx, kind, input.id);
  const recruiting = kind === 'project' ? PROJECT_STATUS.recruiting : JOB_STATUS.recruiting;
  const refuse = (statusId: number) => (statusId === recruiting ? undefined : notRecruiting());
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  const cancelled = kind === 'project' ? PROJECT_STATUS.cancelled : JOB_STATUS.cancelled;
  // A talent already hired keeps that status in the history, and is told the work is off.
  return movePosting(
    ctx,
    kind,
    posting,
    me.id,
    { from: [recruiting], to: cancelled, refuse },
    (h) => ({
      userId: h.userId,
      topic: applicationTopic(kind, h.id),
      type: 'posting_closed',
      message: `${quoted(posting.name)} was cancelled by the business, so the work will not go ahead.`,
      messageEs: `La empresa canceló ${quoted(posting.name)}, así que el trabajo no se realizará.`,
      link: talentLink(kind, posting.id),
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// The hired talent
// ---------------------------------------------------------------------------------------------

const READY_MESSAGE: Record<TLang, string> = {
  en: 'The business has been told that the work is ready to close.',
  es: 'Avisamos a la empresa que el trabajo está listo para cerrar.',
};

/**
 * `POST /project_applications/readytoclose` (docs/product.md "The calls"): the hired talent says the work is done,
 * on a started project. Saying it again answers the same and notifies nobody twice.
 */
export async function readyToClose(ctx: TCtx, input: { id: number; lang: TLang }) {
  const me = assertRole(ctx, 'talent');
  const [row] = await ctx.db
    .select({
      application: projectApplications,
      project: {
        id: projects.id,
        name: projects.name,
        ownerId: projects.ownerId,
        statusId: projects.projectStatusId,
      },
      talent: { name: users.name, lastName: users.lastName },
    })
    .from(projectApplications)
    .innerJoin(projects, eq(projects.id, projectApplications.projectId))
    .innerJoin(users, eq(users.id, projectApplications.userId))
    .where(and(eq(projectApplications.id, input.id), eq(projectApplications.userId, me.id)));
  if (!row) {
    throw applicationNotFound();
  }
  if (row.application.accepted !== APPLICATION_STATUS.hired) {
    throw invalidTransition(
      'Only the hired talent can mark the work ready to close.',
      'Solo el talento contratado puede marcar el trabajo como listo para cerrar.',
    );
  }
  if (row.project.statusId !== PROJECT_STATUS.started) {
    throw invalidTransition(
      'The project must be started to mark the work ready to close.',
      'El proyecto debe estar iniciado para marcar el trabajo como listo para cerrar.',
    );
  }
  if (!row.application.readyToClose) {
    const who = `${row.talent.name} ${row.talent.lastName}`.trim();
    const afterCommit = await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(projectApplications)
        .set({ readyToClose: true, updatedAt: ctx.now })
        .where(
          and(eq(projectApplications.id, input.id), eq(projectApplications.readyToClose, false)),
        )
        .returning({ id: projectApplications.id });
      if (changed.length === 0) return async () => {};
      return notify(ctx, tx, [
        {
          userId: row.project.ownerId,
          type: 'ready_to_close',
          topic: applicationTopic('project', input.id),
          message: `${who} marked ${quoted(row.project.name)} ready to close. Review the work and finish the project.`,
          messageEs: `${who} marcó ${quoted(row.project.name)} como listo para cerrar. Revisa el trabajo y finaliza el proyecto.`,
          link: ownerLink('project', row.project.id),
        },
      ]);
    });
    await afterCommit();
  }
  return { id: input.id, ready_to_close: true, message: READY_MESSAGE[input.lang] };
}
