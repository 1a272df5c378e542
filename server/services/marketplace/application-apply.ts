import { and, eq, isNull, or } from 'drizzle-orm';
import { jobApplications, projectApplications, uploads, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices } from '@/lib/i18n/notices';
import { businessPath, type TPostingKind } from '@/lib/kinds';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { assertRole } from '@/server/services/access';
import { applicationTopic, notify } from '@/server/services/notifications/notifications';
import { takeRateLimits } from '@/server/services/rate-limit';
import { ownApplication } from './application-read';
import { membersWho } from '@/server/services/companies/permissions';
import { postingNotFound } from './posting-dto';
import { postingForApplication } from './posting-page';
import { queueApplicationEvents } from '@/server/services/open/webhooks';

// A talent applies to a project or a job (docs/api.md "Marketplace", docs/product.md
// "Applying"): one per posting (a unique index, so concurrent tries leave one row).

export const closed = () => new AppError('closed');
const alreadyApplied = () => new AppError('already_applied');

/** A project application's fields (`POST /project_applications`). */
export type TProjectApplyFields = {
  project_id: number;
  proposal: string;
  price_proposal: number;
  weeks: number;
};
/** A job application's fields (`POST /job_applications`): a summary, optional experience and CV. */
export type TJobApplyFields = {
  job_id: number;
  summary: string;
  experience?: string | null;
  file_id?: number | null;
};
/** `applyTo`'s input: the kind and its fields (parsed with `KIND_SCHEMAS[kind].application`). */
export type TApplyInput = { kind: TPostingKind } & (TProjectApplyFields | TJobApplyFields);

/**
 * The CV of a job application: a document of `POST /file` that is the caller's, or that nobody
 * has claimed yet (`POST /file` takes no token), which it then becomes. So an upload id, which
 * is a small number, cannot attach someone else's CV.
 */
export async function claimCv(db: Db, fileId: number, userId: number) {
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

/** Each kind's posting id and insert of a new application (none on a repeat: the unique index). */
const NEW_APPLICATION: {
  [K in TPostingKind]: {
    postingId: (input: TApplyInput) => number;
    insert: (ctx: TCtx, tx: Db, userId: number, input: TApplyInput) => Promise<{ id: number }[]>;
  };
} = {
  project: {
    postingId: (input) => (input as TProjectApplyFields).project_id,
    insert: (ctx, tx, userId, input) => {
      const a = input as TProjectApplyFields;
      return tx
        .insert(projectApplications)
        .values({
          projectId: a.project_id,
          userId,
          proposal: a.proposal,
          priceProposal: a.price_proposal,
          weeks: a.weeks,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: projectApplications.id });
    },
  },
  job: {
    postingId: (input) => (input as TJobApplyFields).job_id,
    insert: async (ctx, tx, userId, input) => {
      const a = input as TJobApplyFields;
      if (a.file_id) await claimCv(tx, a.file_id, userId);
      return tx
        .insert(jobApplications)
        .values({
          jobId: a.job_id,
          userId,
          summary: a.summary,
          experience: a.experience ?? null,
          fileId: a.file_id ?? null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .onConflictDoNothing()
        .returning({ id: jobApplications.id });
    },
  },
};

/**
 * `POST /project_applications`, `POST /job_applications`: a talent's new application, in one
 * transaction: the posting read under a share lock (a start, finish or cancel at the same moment
 * waits for it, or it sees theirs), checked (it takes applications, and is not the caller's
 * own), the row inserted (the unique index (posting, user) decides between concurrent tries: one
 * row, the rest 409), counted against the talent's and the address's limits (docs/security.md
 * "Rate limits"), the posting's team notified.
 */
export async function applyTo(ctx: TCtx, input: TApplyInput) {
  const { kind } = input;
  const how = NEW_APPLICATION[kind];
  const postingId = how.postingId(input);
  const me = assertRole(ctx, 'talent');
  const { id, afterCommit } = await ctx.db.transaction(async (tx) => {
    const posting = await postingForApplication(ctx, kind, postingId, tx);
    // What an operator hid takes no applications: as a posting that does not exist
    // (docs/product.md "Reports and suspension").
    if (posting.hiddenAt !== null) throw postingNotFound(kind);
    if (posting.ownerId === me.id) throw new AppError('own_posting');
    if (!posting.accepting) throw closed();
    const [row] = await how.insert(ctx, tx, me.id, input);
    if (!row) throw alreadyApplied();
    // The company's webhooks hear of it in this transaction (docs/api.md "Webhooks").
    await queueApplicationEvents(tx, kind, 'application.created', [{ id: row.id }], ctx.now);
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
    const [message, messageEs] = notices('application_new', { name: who, posting: posting.name });
    // Every member of the posting's company who can move applicants hears of it (and is
    // e-mailed, as their "new applicants" preference says).
    const team = await membersWho(tx, posting.companyId, 'board.move');
    const afterCommit = await notify(
      ctx,
      tx,
      team.map((userId) => ({
        userId,
        type: 'application_new' as const,
        message,
        messageEs,
        link: businessPath(kind, postingId, 'applicants'),
        topic: applicationTopic(kind, row.id),
      })),
    );
    return { id: row.id, afterCommit };
  });
  await afterCommit();
  return ownApplication(ctx, kind, id, me.id);
}
