import { and, eq } from 'drizzle-orm';
import { projectApplications, projects, users } from '@/db/schema';
import { KINDS } from '@/lib/kinds';
import type { TLang } from '@/lib/i18n/lang';
import { APPLICATION_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { notice, notices, type TNoticeKey } from '@/lib/i18n/notices';
import { assertRole } from '@/server/services/access';
import { applicationTopic, notify } from '@/server/services/notifications/notifications';
import { membersWho } from '@/server/services/companies/permissions';
import { applicationNotFound } from './applications';
import {
  invalidTransition,
  ownerLink,
  ownPosting,
  postingClosed,
  talentLink,
} from './owned-posting';
import { hiredOf, movePosting, needsHire } from './posting-moves';
import { notRecruiting, type TKind } from './postings';

// A posting's lifecycle (docs/api.md "Pipeline and lifecycle", docs/product.md): the owner
// starts a project, finishes a posting or cancels it, and the hired talent says the work on a
// project is ready to close. A posting that closes answers everyone still waiting
// (posting-moves.ts).

/** The notification a hired talent gets when the posting moves (notices.json). */
const hiredNotice = (
  kind: TKind,
  posting: { id: number; name: string },
  type: 'project_started' | 'project_finished' | 'job_finished' | 'posting_closed',
  key: TNoticeKey,
) => {
  const [message, messageEs] = notices(key, { posting: posting.name });
  return (h: { id: number; userId: number }) => ({
    userId: h.userId,
    topic: applicationTopic(kind, h.id),
    type,
    message,
    messageEs,
    link: talentLink(kind, posting.id),
  });
};

/** `POST /projects/start`: recruiting → started, once someone is hired. */
export async function startProject(ctx: TCtx, input: { id: number; lang: TLang }) {
  const { me, posting } = await ownPosting(
    ctx,
    { kind: 'project', id: input.id },
    'postings.write',
  );
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
    {
      from: [PROJECT_STATUS.recruiting],
      to: PROJECT_STATUS.started,
      needsHire: true,
      refuse,
      action: 'posting.started',
    },
    hiredNotice('project', posting, 'project_started', 'project_started'),
  );
}

/**
 * How each kind finishes: from which statuses, whether someone must be hired first, the status
 * in which it is too early (a project not started yet), and what the hired talent is told.
 */
const FINISH = {
  project: {
    from: [PROJECT_STATUS.started],
    needsHire: false,
    tooEarly: [PROJECT_STATUS.recruiting],
    type: 'project_finished',
    notice: 'project_finished',
  },
  job: {
    from: KINDS.job.recruitingStatuses,
    needsHire: true,
    tooEarly: [],
    type: 'job_finished',
    notice: 'job_finished',
  },
} as const satisfies Record<
  TKind,
  {
    from: readonly number[];
    needsHire: boolean;
    tooEarly: readonly number[];
    type: 'project_finished' | 'job_finished';
    notice: TNoticeKey;
  }
>;

/**
 * `POST /projects/end`: a started project → finished. `POST /jobs/end`: a recruiting job →
 * finished, once someone is hired.
 */
export async function finishPosting(ctx: TCtx, input: { kind: TKind; id: number; lang: TLang }) {
  const { kind } = input;
  const { me, posting } = await ownPosting(ctx, input, 'postings.write');
  const finish = FINISH[kind];
  const from: readonly number[] = finish.from;
  const tooEarly: readonly number[] = finish.tooEarly;
  const refuse = (statusId: number) => {
    if (from.includes(statusId)) return undefined;
    if (tooEarly.includes(statusId)) {
      return invalidTransition(
        'Start the project before finishing it.',
        'Inicia el proyecto antes de finalizarlo.',
      );
    }
    return postingClosed();
  };
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  if (finish.needsHire && (await hiredOf(ctx.db, kind, posting.id)).length === 0) {
    throw needsHire();
  }
  return movePosting(
    ctx,
    kind,
    posting,
    me.id,
    {
      from,
      to: KINDS[kind].statuses.finished,
      needsHire: finish.needsHire,
      refuse,
      action: 'posting.finished',
    },
    hiredNotice(kind, posting, finish.type, finish.notice),
  );
}

/** `DELETE /projects`, `DELETE /jobs`: the owner cancels a recruiting posting (status 4). */
export async function cancelPosting(ctx: TCtx, input: { kind: TKind; id: number }) {
  const { kind } = input;
  const { me, posting } = await ownPosting(ctx, input, 'postings.write');
  const { recruiting, cancelled } = KINDS[kind].statuses;
  const refuse = (statusId: number) => (statusId === recruiting ? undefined : notRecruiting());
  const refused = refuse(posting.statusId);
  if (refused) throw refused;
  // A talent already hired keeps that status in the history, and is told the work is off.
  return movePosting(
    ctx,
    kind,
    posting,
    me.id,
    { from: [recruiting], to: cancelled, refuse, action: 'posting.cancelled' },
    hiredNotice(kind, posting, 'posting_closed', 'posting_cancelled'),
  );
}

/**
 * `POST /project_applications/readytoclose` (docs/product.md "The calls"): the hired talent says
 * the work is done, on a started project. Saying it again answers the same and notifies nobody
 * twice.
 */
export async function readyToClose(ctx: TCtx, input: { id: number; lang: TLang }) {
  const me = assertRole(ctx, 'talent');
  const [row] = await ctx.db
    .select({
      application: projectApplications,
      project: {
        id: projects.id,
        name: projects.name,
        companyId: projects.companyId,
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
    const [message, messageEs] = notices('ready_to_close', {
      name: who,
      posting: row.project.name,
    });
    const afterCommit = await ctx.db.transaction(async (tx) => {
      const changed = await tx
        .update(projectApplications)
        .set({ readyToClose: true, updatedAt: ctx.now })
        .where(
          and(eq(projectApplications.id, input.id), eq(projectApplications.readyToClose, false)),
        )
        .returning({ id: projectApplications.id });
      if (changed.length === 0) return async () => {};
      // Those of the company who can finish the project hear of it.
      const team = await membersWho(tx, row.project.companyId, 'postings.write');
      return notify(
        ctx,
        tx,
        team.map((userId) => ({
          userId,
          type: 'ready_to_close' as const,
          topic: applicationTopic('project', input.id),
          message,
          messageEs,
          link: ownerLink('project', row.project.id),
        })),
      );
    });
    await afterCommit();
  }
  return {
    id: input.id,
    ready_to_close: true,
    message: notice(input.lang, 'ready_to_close_sent'),
  };
}
