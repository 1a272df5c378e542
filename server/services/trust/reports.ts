import { and, eq, sql, type SQL } from 'drizzle-orm';
import { jobs, projects, reports, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices, type TNoticeKey } from '@/lib/i18n/notices';
import { postingPath, type TPostingKind } from '@/lib/kinds';
import type { TReportAction, TReportStatus, TReportTargetKind } from '@/lib/schemas/trust';
import type { TAuthUser, TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';
import { takesPart } from '@/server/services/conversations/access';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { notify } from '@/server/services/notifications/notifications';
import { paginated } from '@/server/services/profile/common';
import { takeRateLimits } from '@/server/services/rate-limit';
import { recordOperatorAct, requireOperatorUser } from './operators';
import { messageShownTo, postingShownTo, profileShownAs } from './visibility';

// Reports (docs/product.md "Reports and suspension", docs/api.md "Reports"): a signed-in user
// reports a posting, a profile, a message or a review they can see; an operator dismisses it,
// hides the thing, or suspends its author. Every decision is audited in its own transaction.

/** How long a review's window lasts after the work finished (docs/product.md "Reviews"). */
const REVIEW_WINDOW = sql.raw(`interval '14 days'`);

export const reportTargetNotFound = () =>
  new AppError('not_found', {
    message: 'There is nothing to report here.',
    messageEs: 'No hay nada que denunciar aquí.',
  });

export const reportNotFound = () =>
  new AppError('not_found', { message: 'Report not found.', messageEs: 'Denuncia no encontrada.' });

const userNotFound = () =>
  new AppError('not_found', { message: 'User not found.', messageEs: 'Usuario no encontrado.' });

type TNewReportInput = {
  target_kind: TReportTargetKind;
  target_id: number;
  posting_kind: TPostingKind | null;
  reason: string;
};

/**
 * The author of the thing `input` names, if `me` may see it: a posting not hidden (or their
 * company's), a profile in sight, a message of a conversation they take part in (not hidden, or
 * theirs), a review anyone may read (not hidden; both sides wrote or its window ended). One
 * statement; `undefined` when there is no such thing for `me`, `null` for an author who is gone.
 */
async function authorOf(
  db: Db,
  me: TAuthUser,
  now: Date,
  input: TNewReportInput,
): Promise<number | null | undefined> {
  const id = input.target_id;
  let query: SQL;
  switch (input.target_kind) {
    case 'posting': {
      const t = SERVER_KINDS[input.posting_kind!].postingTable as typeof projects;
      query = sql`select ${t.ownerId} as author from ${t} where ${t.id} = ${id}
        and ${postingShownTo(t, me.id)}`;
      break;
    }
    case 'profile':
      query = sql`select u.id as author from users u where u.id = ${id} and ${profileShownAs('u')}`;
      break;
    case 'message':
      query = sql`select m.author_id as author from conversation_messages m
        join conversations c on c.id = m.conversation_id
        where m.id = ${id} and ${takesPart(me)} and ${messageShownTo('m', me.id)}`;
      break;
    case 'review': {
      const at = sql`${now.toISOString()}::timestamptz`;
      query = sql`select r.author_id as author from reviews r
        where r.id = ${id} and r.hidden_at is null
          and (exists (select 1 from reviews o where o.kind = r.kind
                and o.application_id = r.application_id and o.side <> r.side)
            or (case r.kind
              when 'project' then (select p.finished_at from project_applications a
                join projects p on p.id = a.project_id where a.id = r.application_id)
              else (select j.finished_at from job_applications a
                join jobs j on j.id = a.job_id where a.id = r.application_id) end)
              + ${REVIEW_WINDOW} <= ${at})`;
      break;
    }
  }
  const [row] = await rowsOf<{ author: number | null }>(db, query);
  return row ? row.author : undefined;
}

const reportDto = (r: typeof reports.$inferSelect) => ({
  id: r.id,
  target_kind: r.targetKind as TReportTargetKind,
  target_id: r.targetId,
  posting_kind: (r.targetPostingKind ?? null) as TPostingKind | null,
  status: r.status as TReportStatus,
  created_at: r.createdAt.toISOString(),
});

const REPORT_LIMIT_TEXTS = {
  message: 'You have sent the most reports allowed in a day. Please try again later.',
  messageEs:
    'Has enviado el máximo de denuncias permitidas en un día. Vuelve a intentarlo más tarde.',
};

/**
 * `POST /reports`: the caller reports a thing they can see (else 404), never their own (409), and
 * a thing once while their report of it is open (409, decided by the partial unique index). At
 * most 10 a day: counted in the report's transaction, so a refusal writes nothing and concurrent
 * reports cannot pass the count (server/services/rate-limit.ts).
 */
export async function createReport(ctx: TCtx, input: TNewReportInput) {
  const me = requireUser(ctx);
  const author = await authorOf(ctx.db, me, ctx.now, input);
  if (author === undefined) throw reportTargetNotFound();
  if (author === me.id) {
    throw new AppError('conflict', {
      message: 'You cannot report your own things.',
      messageEs: 'No puedes denunciar lo que es tuyo.',
    });
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: me.id,
        targetKind: input.target_kind,
        targetId: input.target_id,
        targetPostingKind: input.posting_kind,
        targetUserId: author,
        reason: input.reason,
        createdAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('conflict', {
        message: 'You have already reported this. An operator will look at it.',
        messageEs: 'Ya lo denunciaste. Un operador lo revisará.',
      });
    }
    await takeRateLimits(
      { db: tx, now: ctx.now },
      [{ name: 'reportsPerUser', subject: `user:${me.id}` }],
      REPORT_LIMIT_TEXTS,
    );
    return row;
  });
  return reportDto(row);
}

type TQueueRow = {
  id: number;
  target_kind: TReportTargetKind;
  target_id: number;
  target_posting_kind: TPostingKind | null;
  label: string | null;
  url: string | null;
  hidden: boolean;
  reason: string;
  status: TReportStatus;
  note: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  author_id: number | null;
  author_name: string | null;
  author_last_name: string | null;
  author_email: string | null;
  author_suspended: boolean | null;
  reporter_id: number | null;
  reporter_name: string | null;
  reporter_last_name: string | null;
  resolver_id: number | null;
  resolver_name: string | null;
  resolver_last_name: string | null;
  total: number;
};

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** A report as the queue answers it (docs/api.md "Operators"). */
const queueDto = (r: TQueueRow) => ({
  id: r.id,
  target_kind: r.target_kind,
  target_id: r.target_id,
  posting_kind: r.target_posting_kind,
  target: { label: r.label ?? '', url: r.url, hidden: Boolean(r.hidden) },
  author:
    r.author_id === null
      ? null
      : {
          id: r.author_id,
          name: r.author_name ?? '',
          last_name: r.author_last_name ?? '',
          email: r.author_email ?? '',
          suspended: Boolean(r.author_suspended),
        },
  reporter:
    r.reporter_id === null
      ? null
      : { id: r.reporter_id, name: r.reporter_name ?? '', last_name: r.reporter_last_name ?? '' },
  reason: r.reason,
  status: r.status,
  note: r.note,
  resolved_by:
    r.resolver_id === null
      ? null
      : { id: r.resolver_id, name: r.resolver_name ?? '', last_name: r.resolver_last_name ?? '' },
  resolved_at: iso(r.resolved_at),
  created_at: iso(r.created_at)!,
});

export type TReportQueueItem = ReturnType<typeof queueDto>;

/**
 * The reports matching `where` (on `r`) with their thing (a label, a link, whether hidden), its
 * author, the reporter and the operator who resolved it: one statement, the total by a window
 * count. A message has no page an operator may open: its label is its text and its link null.
 */
const queueQuery = (where: SQL, order: SQL, page?: { limit: number; offset: number }) =>
  sql`select r.id, r.target_kind, r.target_id, r.target_posting_kind, r.reason, r.status, r.note,
      r.resolved_at, r.created_at,
      case r.target_kind
        when 'posting' then coalesce(pp.name, pj.name)
        when 'profile' then btrim(tu.name || ' ' || tu.last_name)
        when 'message' then left(msg.body, 200)
        else left(rv.body, 200) end as label,
      case r.target_kind
        when 'posting' then case when coalesce(pp.id, pj.id) is null then null
          else '/' || case r.target_posting_kind when 'project' then 'projects' else 'jobs' end
            || '/' || r.target_id end
        when 'profile' then case when tu.id is null then null else '/talents/' || tu.id end
        when 'review' then case when rv.id is null then null
          when rv.side = 'company' then '/talents/' || rv.talent_id
          else '/companies/' || rc.slug end
        else null end as url,
      coalesce(case r.target_kind
        when 'posting' then coalesce(pp.hidden_at, pj.hidden_at) is not null
        when 'profile' then tu.hidden_at is not null
        when 'message' then msg.hidden_at is not null
        else rv.hidden_at is not null end, false) as hidden,
      au.id as author_id, au.name as author_name, au.last_name as author_last_name,
      au.email as author_email, au.suspended_at is not null as author_suspended,
      rp.id as reporter_id, rp.name as reporter_name, rp.last_name as reporter_last_name,
      rs.id as resolver_id, rs.name as resolver_name, rs.last_name as resolver_last_name,
      (count(*) over ())::int as total
    from reports r
    left join projects pp on r.target_kind = 'posting' and r.target_posting_kind = 'project'
      and pp.id = r.target_id
    left join jobs pj on r.target_kind = 'posting' and r.target_posting_kind = 'job'
      and pj.id = r.target_id
    left join users tu on r.target_kind = 'profile' and tu.id = r.target_id
    left join conversation_messages msg on r.target_kind = 'message' and msg.id = r.target_id
    left join reviews rv on r.target_kind = 'review' and rv.id = r.target_id
    left join companies rc on rc.id = rv.company_id
    left join users au on au.id = r.target_user_id
    left join users rp on rp.id = r.reporter_id
    left join users rs on rs.id = r.resolved_by
    where ${where}
    order by ${order}
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;

/**
 * `GET /admin/reports?status=open|resolved`: the open queue, oldest first (who waited longest
 * comes first), or the resolved reports, the latest decision first.
 */
export async function listReports(
  ctx: TCtx,
  input: { status: 'open' | 'resolved'; page: number; per_page: number },
) {
  requireOperatorUser(ctx);
  const open = input.status === 'open';
  const where = open ? sql`r.status = 'open'` : sql`r.status <> 'open'`;
  const order = open ? sql`r.created_at asc, r.id asc` : sql`r.resolved_at desc, r.id desc`;
  const rows = await rowsOf<TQueueRow>(
    ctx.db,
    queueQuery(where, order, {
      limit: input.per_page,
      offset: (input.page - 1) * input.per_page,
    }),
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [row] = await rowsOf<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from reports r where ${where}`,
    );
    total = row?.n ?? 0;
  }
  return paginated(rows.map(queueDto), total, input.page, input.per_page);
}

/** One report as the queue answers it. */
async function queueItem(db: Db, id: number) {
  const [row] = await rowsOf<TQueueRow>(db, queueQuery(sql`r.id = ${id}`, sql`r.id`));
  if (!row) throw reportNotFound();
  return queueDto(row);
}

const STATUS_OF: Record<TReportAction, TReportStatus> = {
  dismiss: 'dismissed',
  hide: 'hidden',
  suspend: 'suspended',
};

const AUDIT_ACTION: Record<TReportAction, string> = {
  dismiss: 'report.dismissed',
  hide: 'report.hidden',
  suspend: 'user.suspended',
};

type TReportRow = typeof reports.$inferSelect;

/**
 * Hides the reported thing (a posting with `hidden_by` 'report', so that lifting a suspension
 * leaves it hidden) and answers where its author is sent by the notice, and the posting's name;
 * nothing when the thing is gone.
 */
async function hideThing(
  tx: Db,
  report: TReportRow,
  now: Date,
): Promise<{ link: string; name: string } | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const id = report.targetId;
  switch (report.targetKind) {
    case 'posting': {
      const kind = report.targetPostingKind as TPostingKind;
      const t = (kind === 'job' ? jobs : projects) as typeof projects;
      const [row] = await tx
        .update(t)
        .set({ hiddenAt: sql`coalesce(${t.hiddenAt}, ${at})`, hiddenBy: 'report' })
        .where(eq(t.id, id))
        .returning({ name: t.name });
      return row ? { link: postingPath(kind, id), name: row.name } : null;
    }
    case 'profile': {
      // The trigger raises the profile's version: every cached copy of it is stale at once.
      const [row] = await tx
        .update(users)
        .set({ hiddenAt: sql`coalesce(${users.hiddenAt}, ${at})` })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return row ? { link: '/profile', name: '' } : null;
    }
    case 'message': {
      const [row] = await rowsOf<{ conversation_id: number }>(
        tx,
        sql`update conversation_messages set hidden_at = coalesce(hidden_at, ${at})
          where id = ${id} returning conversation_id`,
      );
      return row ? { link: `/messages/${row.conversation_id}`, name: '' } : null;
    }
    default: {
      const [row] = await rowsOf<{ side: string; talent_id: number; slug: string | null }>(
        tx,
        sql`update reviews set hidden_at = coalesce(hidden_at, ${at}) where id = ${id}
          returning side, talent_id,
            (select c.slug from companies c where c.id = reviews.company_id) as slug`,
      );
      if (!row) return null;
      const link = row.side === 'company' ? `/talents/${row.talent_id}` : `/companies/${row.slug}`;
      return { link, name: '' };
    }
  }
}

/**
 * Suspends `userId`: sign-in refused, every token refused at once (the token version goes up,
 * which also ends their open notification streams at their next check), their profile out of
 * sight (by `suspended_at`) and their postings hidden with `hidden_by` 'suspension'.
 */
async function suspendUser(tx: Db, userId: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await tx
    .update(users)
    .set({
      suspendedAt: sql`coalesce(${users.suspendedAt}, ${at})`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) return false;
  for (const t of [projects, jobs] as (typeof projects)[]) {
    await tx
      .update(t)
      .set({ hiddenAt: now, hiddenBy: 'suspension' })
      .where(and(eq(t.ownerId, userId), sql`${t.hiddenAt} is null`));
  }
  return true;
}

/**
 * `POST /admin/reports/{id}/resolve`: the operator's decision on an open report (409 once it is
 * resolved: two operators deciding at once, one wins). The other open reports of the same thing
 * are resolved with it. 'hide' hides the thing and tells its author (a notification, e-mailed in
 * their language); 'suspend' suspends the author (never the operator themself). Audited.
 */
export async function resolveReport(
  ctx: TCtx,
  input: { id: number; action: TReportAction; note?: string | null },
) {
  const operator = requireOperatorUser(ctx);
  const status = STATUS_OF[input.action];
  const note = input.note ?? null;
  const afterCommit = await ctx.db.transaction(async (tx) => {
    const [report] = await tx
      .update(reports)
      .set({ status, note, resolvedBy: operator.id, resolvedAt: ctx.now })
      .where(and(eq(reports.id, input.id), eq(reports.status, 'open')))
      .returning();
    if (!report) {
      const [exists] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.id, input.id));
      if (!exists) throw reportNotFound();
      throw new AppError('conflict', {
        message: 'This report has already been resolved.',
        messageEs: 'Esta denuncia ya fue resuelta.',
      });
    }
    if (input.action === 'suspend') {
      if (report.targetUserId === null) {
        throw new AppError('conflict', {
          message: 'The author of this is no longer there to suspend.',
          messageEs: 'El autor de esto ya no está para suspenderlo.',
        });
      }
      if (report.targetUserId === operator.id) {
        throw new AppError('conflict', {
          message: 'You cannot suspend your own account.',
          messageEs: 'No puedes suspender tu propia cuenta.',
        });
      }
    }
    // The same thing's other open reports share the decision.
    await tx
      .update(reports)
      .set({ status, note, resolvedBy: operator.id, resolvedAt: ctx.now })
      .where(
        and(
          eq(reports.status, 'open'),
          eq(reports.targetKind, report.targetKind),
          eq(reports.targetId, report.targetId),
          sql`coalesce(${reports.targetPostingKind}, '') = ${report.targetPostingKind ?? ''}`,
        ),
      );
    let done = async () => {};
    if (input.action === 'hide') {
      const hidden = await hideThing(tx, report, ctx.now);
      if (hidden && report.targetUserId !== null) {
        const key = `content_hidden.${report.targetKind}` as TNoticeKey;
        const [message, messageEs] = notices(key, { name: hidden.name });
        done = await notify(ctx, tx, [
          {
            userId: report.targetUserId,
            type: 'content_hidden',
            message,
            messageEs,
            link: hidden.link,
            topic: `report:${report.id}`,
          },
        ]);
      }
    } else if (input.action === 'suspend') {
      await suspendUser(tx, report.targetUserId!, ctx.now);
    }
    await recordOperatorAct(tx, {
      operatorId: operator.id,
      action: AUDIT_ACTION[input.action],
      target: {
        report_id: report.id,
        target_kind: report.targetKind,
        target_id: report.targetId,
        posting_kind: report.targetPostingKind,
        user_id: report.targetUserId,
        note,
      },
      now: ctx.now,
    });
    return done;
  });
  await afterCommit();
  return queueItem(ctx.db, input.id);
}

/** An account as the operators' calls answer it. */
const adminUserDto = (u: typeof users.$inferSelect) => ({
  id: u.id,
  name: u.name,
  last_name: u.lastName,
  email: u.email,
  is_talent: u.isTalent,
  suspended: u.suspendedAt !== null,
  suspended_at: u.suspendedAt?.toISOString() ?? null,
  hidden: u.hiddenAt !== null,
  deleted: u.deletedAt !== null,
});

/** `GET /admin/users/{id}`: an account as an operator sees it (whether suspended, hidden…). */
export async function getAdminUser(ctx: TCtx, input: { id: number }) {
  requireOperatorUser(ctx);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, input.id));
  if (!row) throw userNotFound();
  return adminUserDto(row);
}

/**
 * `POST /admin/users/{id}/unsuspend`: lifts a suspension (409 on an account that is not
 * suspended). The postings the suspension hid come back; those hidden after a report stay
 * hidden; the tokens from before stay refused (sign in again). Audited.
 */
export async function unsuspendUser(ctx: TCtx, input: { id: number }) {
  const operator = requireOperatorUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: null })
      .where(and(eq(users.id, input.id), sql`${users.suspendedAt} is not null`))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
      if (!exists) throw userNotFound();
      throw new AppError('conflict', {
        message: 'This account is not suspended.',
        messageEs: 'Esta cuenta no está suspendida.',
      });
    }
    for (const t of [projects, jobs] as (typeof projects)[]) {
      await tx
        .update(t)
        .set({ hiddenAt: null, hiddenBy: null })
        .where(and(eq(t.ownerId, input.id), eq(t.hiddenBy, 'suspension')));
    }
    await recordOperatorAct(tx, {
      operatorId: operator.id,
      action: 'user.unsuspended',
      target: { user_id: row.id, email: row.email },
      now: ctx.now,
    });
    return adminUserDto(row);
  });
}
