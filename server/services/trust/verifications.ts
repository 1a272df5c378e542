import { eq, sql } from 'drizzle-orm';
import { userStudyCentres, userWorkplaces, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { langOf } from '@/lib/i18n/lang';
import { notices, withReason, type TNoticeKey } from '@/lib/i18n/notices';
import type { TVerificationDecision, TVerificationKind } from '@/lib/schemas/admin';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { rowsOf } from '@/server/lib/sql';
import { notificationMail } from '@/server/mail/templates';
import { enqueueAccountMail, wakeMailWorker } from '@/server/services/notifications/mail-outbox';
import { notify } from '@/server/services/notifications/notifications';
import { paginated, type TPage } from '@/server/services/profile/common';
import { studyCentreDto, workplaceDto } from '@/server/services/profile/dto';
import { recordOperatorAct, requireOperatorUser } from './operators';

// The verification queue of the operator's console (docs/product.md "Operators", docs/api.md
// "Operators"): the experiences and study centres whose talent asked to verify them ("in
// process"), oldest request first, and the operator's decision: verified (3) or rejected (4)
// with a reason. The talent is notified and e-mailed in their own language; the entry's change
// raises the talent's profile_version (its trigger), so every cached profile shows the new badge.

type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the talent reads their entries: the notification's and the e-mail's link. */
const PROFILE_PATH = '/profile/my-profile';

// The entry's fields as the profile answers them (server/services/profile/dto.ts), as JSON.
const WORKPLACE_JSON = sql.raw(`json_build_object(
  'id', w.id, 'workplace_name', w.workplace_name, 'position', w.position,
  'start_date', w.start_date, 'end_date', w.end_date, 'description', w.description,
  'work_here', w.work_here, 'enable_business', w.enable_business,
  'verify_status_id', w.verify_status_id)`);
const STUDY_JSON = sql.raw(`json_build_object(
  'id', s.id, 'name', s.name, 'course_name', s.course_name, 'start_date', s.start_date,
  'end_date', s.end_date, 'studying_here', s.studying_here, 'description', s.description,
  'verify_status_id', s.verify_status_id)`);

/**
 * Both kinds of entry in process, with their talent. The request moved the entry to "in process"
 * and stamped `updated_at`; while in process the talent may still edit what is not verified (the
 * description), so `updated_at` is the request's time or a later edit's.
 */
const IN_PROCESS = sql`
  select 'workplace' as kind, w.id, w.user_id, ${WORKPLACE_JSON} as entry, w.updated_at as requested_at
  from user_workplaces w where w.verify_status_id = ${VERIFY_STATUS.inProcess}
  union all
  select 'study' as kind, s.id, s.user_id, ${STUDY_JSON} as entry, s.updated_at as requested_at
  from user_study_centres s where s.verify_status_id = ${VERIFY_STATUS.inProcess}`;

type TQueueRow = {
  kind: TVerificationKind;
  id: number;
  user_id: number;
  name: string;
  last_name: string;
  email: string;
  entry: Record<string, unknown>;
  requested_at: string | Date;
};

/** `GET /admin/verifications`: a page of the entries in process, oldest first. */
export async function listVerificationQueue(ctx: TCtx, input: TPage) {
  requireOperatorUser(ctx);
  const [rows, [totals]] = await Promise.all([
    rowsOf<TQueueRow>(
      ctx.db,
      sql`select q.kind, q.id, q.user_id, u.name, u.last_name, u.email, q.entry, q.requested_at
        from (${IN_PROCESS}) q join users u on u.id = q.user_id
        order by q.requested_at, q.kind, q.id
        limit ${input.per_page} offset ${(input.page - 1) * input.per_page}`,
    ),
    rowsOf<{ total: number }>(ctx.db, sql`select count(*)::int as total from (${IN_PROCESS}) q`),
  ]);
  const data = rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    talent: { id: r.user_id, name: r.name, last_name: r.last_name, email: r.email },
    entry: r.entry,
    requested_at: new Date(r.requested_at).toISOString(),
  }));
  return paginated(data, totals?.total ?? 0, input.page, input.per_page);
}

type TDecided = {
  userId: number;
  /** What the notification names: the workplace's or the study centre's name. */
  place: string;
  dto: ReturnType<typeof workplaceDto> | ReturnType<typeof studyCentreDto>;
};

/** Moves an entry in process to `status`; undefined when there is no such entry. */
async function decide(
  tx: TTx,
  kind: TVerificationKind,
  id: number,
  status: 3 | 4,
  now: Date,
): Promise<TDecided | undefined> {
  const table = kind === 'workplace' ? userWorkplaces : userStudyCentres;
  const [row] = await tx.select().from(table).where(eq(table.id, id)).for('update');
  if (!row) return undefined;
  if (row.verifyStatusId !== VERIFY_STATUS.inProcess) {
    throw new AppError('invalid_transition', {
      message: 'This entry is not waiting for a verification.',
      messageEs: 'Esta entrada no está esperando una verificación.',
    });
  }
  const [updated] = await tx
    .update(table)
    .set({ verifyStatusId: status, updatedAt: now })
    .where(eq(table.id, id))
    .returning();
  if (kind === 'workplace') {
    const w = updated as typeof userWorkplaces.$inferSelect;
    return { userId: w.userId, place: w.workplaceName, dto: workplaceDto(w) };
  }
  const s = updated as typeof userStudyCentres.$inferSelect;
  return { userId: s.userId, place: s.name, dto: studyCentreDto(s) };
}

const entryNotFound = () =>
  new AppError('not_found', {
    message: 'Entry not found.',
    messageEs: 'Entrada no encontrada.',
  });

/**
 * `POST /admin/verifications/{kind}/{id}`: the operator verifies (3) or rejects (4, with a
 * reason) an entry in process; another status is a 409 `invalid_transition`. In one transaction:
 * the entry, the talent's notification (`verification_decided`), their e-mail in their own
 * language through the outbox (an account e-mail: always sent), and the audit's line.
 */
export async function decideVerification(
  ctx: TCtx,
  input: TVerificationDecision & { kind: TVerificationKind; id: number },
) {
  const operator = requireOperatorUser(ctx);
  const status = input.verify_status_id;
  const reason = status === VERIFY_STATUS.rejected ? (input.reason ?? null) : null;
  const { dto, wake } = await ctx.db.transaction(async (tx) => {
    const decided = await decide(tx, input.kind, input.id, status, ctx.now);
    if (!decided) throw entryNotFound();
    const [talent] = await tx
      .select({ email: users.email, lang: users.lang })
      .from(users)
      .where(eq(users.id, decided.userId));
    const key: TNoticeKey = `verification_decided.${input.kind}_${
      status === VERIFY_STATUS.verified ? 'verified' : 'rejected'
    }`;
    const vars = { place: decided.place };
    const [message, messageEs] = withReason(notices(key, vars), reason);
    const afterCommit = await notify(ctx, tx, [
      {
        userId: decided.userId,
        type: 'verification_decided',
        message,
        messageEs,
        link: PROFILE_PATH,
      },
    ]);
    const lang = langOf(talent!.lang);
    await enqueueAccountMail(tx, ctx, {
      userId: decided.userId,
      type: 'verification_decided',
      mail: notificationMail(
        lang,
        talent!.email,
        lang === 'es' ? messageEs : message,
        PROFILE_PATH,
        ctx.deps.appUrl,
      ),
    });
    await recordOperatorAct(tx, {
      operatorId: operator.id,
      action: status === VERIFY_STATUS.verified ? 'verification.verified' : 'verification.rejected',
      target: {
        kind: input.kind,
        id: input.id,
        user_id: decided.userId,
        place: decided.place,
        ...(reason ? { reason } : {}),
      },
      now: ctx.now,
    });
    return { dto: decided.dto, wake: afterCommit };
  });
  await wake();
  wakeMailWorker();
  return dto;
}
