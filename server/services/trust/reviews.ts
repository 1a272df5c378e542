import { and, eq, ne, sql, type Column, type SQL } from 'drizzle-orm';
import { companies, reviews, users, type projectApplications, type projects } from '@/db/schema';
import type { Db } from '@/db/types';
import { notices } from '@/lib/i18n/notices';
import type { TPostingKind } from '@/lib/kinds';
import { REVIEW_LIMITS } from '@/lib/schemas/reviews';
import { APPLICATION_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { qualified, rowsOf } from '@/server/lib/sql';
import { requireUser } from '@/server/services/access';
import { can, companyNotFound, membersWho, roleIn } from '@/server/services/companies/permissions';
import { SERVER_KINDS } from '@/server/services/marketplace/kinds';
import { ownerLink } from '@/server/services/marketplace/owned-posting';
import { paginated } from '@/server/services/profile/common';
import { recordVerdict } from '@/server/services/proofs/proofs';
import { notify, type TNewNotification } from '@/server/services/notifications/notifications';
import type { TProofNetwork } from '@/types/proof';
import type { TOwnReview, TReview, TReviewPage, TReviewSide, TReviewState } from '@/types/review';

// Reviews of finished work (docs/product.md "Reviews", docs/api.md "Reviews"). After a project or
// a job finishes, its hired talent reviews the company (side 'talent') and the company's team
// reviews the talent (side 'company'), once per side, within 14 days of the finish. A review is
// published when both sides wrote or the window closed, so neither side answers the other's; until
// then its author reads it and the other side only learns that one is waiting. The reviewed side
// may reply once to a published review. An operator's hiding (`hidden_at`) takes it off the lists.

const DAY_MS = 24 * 3600 * 1000;
const WINDOW_MS = REVIEW_LIMITS.windowDays * DAY_MS;
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const reviewNotFound = () =>
  new AppError('not_found', { message: 'Review not found.', messageEs: 'Reseña no encontrada.' });

const applicationNotFound = () =>
  new AppError('not_found', {
    message: 'Application not found.',
    messageEs: 'Postulación no encontrada.',
  });

const windowClosed = () =>
  new AppError('closed', {
    message:
      'Reviews are written within 14 days after the work you were hired for finished; this one is not open.',
    messageEs:
      'Las reseñas se escriben dentro de los 14 días posteriores al fin del trabajo para el que hubo contratación; esta no está abierta.',
  });

const otherSide = (side: TReviewSide): TReviewSide => (side === 'talent' ? 'company' : 'talent');

/** The application a review is about, with what its rules read. */
type TReviewedApplication = {
  kind: TPostingKind;
  id: number;
  status: number;
  talentId: number;
  talentName: string;
  postingId: number;
  postingName: string;
  companyId: number;
  companyName: string;
  finishedAt: Date | null;
};

async function reviewedApplication(
  db: Db,
  kind: TPostingKind,
  id: number,
): Promise<TReviewedApplication | null> {
  const k = SERVER_KINDS[kind];
  const a = k.applicationTable as typeof projectApplications;
  const p = k.postingTable as typeof projects;
  const [row] = await db
    .select({
      id: a.id,
      status: k.applicationStatus,
      talentId: a.userId,
      talentFirst: users.name,
      talentLast: users.lastName,
      talentDeleted: users.deletedAt,
      postingId: p.id,
      postingName: p.name,
      companyId: p.companyId,
      companyName: companies.name,
      finishedAt: p.finishedAt,
    })
    .from(a)
    .innerJoin(p, eq(p.id, k.applicationFk))
    .innerJoin(users, eq(users.id, a.userId))
    .innerJoin(companies, eq(companies.id, p.companyId))
    .where(eq(a.id, id));
  if (!row) return null;
  return {
    kind,
    id: row.id,
    status: row.status,
    talentId: row.talentId,
    talentName: row.talentDeleted ? 'Former user' : `${row.talentFirst} ${row.talentLast}`.trim(),
    postingId: row.postingId,
    postingName: row.postingName,
    companyId: row.companyId,
    companyName: row.companyName,
    finishedAt: row.finishedAt,
  };
}

/**
 * The caller's side on `app`: its talent ('talent'), or a member of the posting's company whose
 * role acts on the board ('company'). Anyone else is answered as if it did not exist.
 */
async function sideOf(ctx: TCtx, app: TReviewedApplication): Promise<TReviewSide> {
  const me = requireUser(ctx);
  if (me.id === app.talentId) return 'talent';
  if (!me.isTalent) {
    const role = await roleIn(ctx.db, app.companyId, me.id);
    if (role && can(role, 'board.move')) return 'company';
  }
  throw applicationNotFound();
}

/** The window of `app`: from its finish, 14 days; null while it is not finished hired work. */
function windowOf(app: TReviewedApplication) {
  if (app.status !== APPLICATION_STATUS.hired || !app.finishedAt) return null;
  return { opens: app.finishedAt, closes: new Date(app.finishedAt.getTime() + WINDOW_MS) };
}

const isOpen = (w: ReturnType<typeof windowOf>, now: Date) =>
  w !== null && w.opens.getTime() <= now.getTime() && now.getTime() < w.closes.getTime();

type TReviewRow = typeof reviews.$inferSelect;

function ownDto(row: TReviewRow, visible: boolean): TOwnReview {
  return {
    id: row.id,
    kind: row.kind as TPostingKind,
    application_id: row.applicationId,
    side: row.side as TReviewSide,
    rating: row.rating,
    body: row.body,
    visible,
    ...(row.replyBody &&
      row.repliedAt && {
        reply: { body: row.replyBody, created_at: row.repliedAt.toISOString() },
      }),
    created_at: row.createdAt.toISOString(),
  };
}

/** Where a notification about `app` takes each side: the talent's applications, the board. */
const linkFor = (app: TReviewedApplication, side: TReviewSide) =>
  side === 'talent' ? `/applications?type=${app.kind}` : ownerLink(app.kind, app.postingId);

/** Who hears for `side` of `app`: the talent, or the company's members who act on its board. */
export async function recipientsOf(
  db: Db,
  app: { talentId: number; companyId: number },
  side: TReviewSide,
) {
  return side === 'talent' ? [app.talentId] : membersWho(db, app.companyId, 'board.move');
}

/** The topic of a review notification of one application (one e-mail per step). */
export const reviewTopic = (type: string, kind: TPostingKind, applicationId: number) =>
  `${type}:${kind}_application:${applicationId}`;

/**
 * `POST /reviews`: the caller's side reviews the other, once, within the window. The other side
 * is told (`review_received`, without the text while it is hidden). Answers the review as its
 * author reads it.
 */
export async function createReview(
  ctx: TCtx,
  input: {
    kind: TPostingKind;
    application_id: number;
    rating: number;
    body: string;
    lang?: 'en' | 'es';
  },
): Promise<TOwnReview> {
  const me = requireUser(ctx);
  const app = await reviewedApplication(ctx.db, input.kind, input.application_id);
  if (!app) throw applicationNotFound();
  const side = await sideOf(ctx, app);
  if (!isOpen(windowOf(app), ctx.now)) throw windowClosed();
  const { row, published, afterCommit } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        kind: app.kind,
        applicationId: app.id,
        side,
        companyId: app.companyId,
        talentId: app.talentId,
        authorId: me.id,
        rating: input.rating,
        body: input.body,
        lang: input.lang ?? 'en',
        createdAt: ctx.now,
      })
      // The unique index decides between two members (or two tabs) writing at once.
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('already_reviewed');
    const [other] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.kind, app.kind),
          eq(reviews.applicationId, app.id),
          eq(reviews.side, otherSide(side)),
        ),
      );
    const published = Boolean(other);
    const to = otherSide(side);
    const vars = {
      posting: app.postingName,
      author: side === 'talent' ? app.talentName : app.companyName,
    };
    const [message, messageEs] = notices(
      published ? 'review_received.published' : 'review_received.hidden',
      vars,
    );
    const notes: TNewNotification[] = (await recipientsOf(tx, app, to))
      .filter((userId) => userId !== me.id)
      .map((userId) => ({
        userId,
        type: 'review_received' as const,
        topic: reviewTopic('review_received', app.kind, app.id),
        message,
        messageEs,
        link: linkFor(app, to),
      }));
    return { row, published, afterCommit: await notify(ctx, tx, notes) };
  });
  await afterCommit();
  return ownDto(row, published);
}

/**
 * `GET /me/reviews?kind=&application_id=`: where the caller's side stands on one application —
 * whether it may write, its own review, and the other side's (only "waiting" while hidden).
 */
export async function reviewState(
  ctx: TCtx,
  input: { kind: TPostingKind; application_id: number },
): Promise<TReviewState> {
  const app = await reviewedApplication(ctx.db, input.kind, input.application_id);
  if (!app) throw applicationNotFound();
  const side = await sideOf(ctx, app);
  const rows = await ctx.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.kind, app.kind), eq(reviews.applicationId, app.id)));
  const mine = rows.find((r) => r.side === side) ?? null;
  const theirs = rows.find((r) => r.side !== side) ?? null;
  const window = windowOf(app);
  const published =
    (mine !== null && theirs !== null) ||
    (window !== null && ctx.now.getTime() >= window.closes.getTime());
  let other: TReviewState['other'] = { state: 'none' };
  if (theirs && theirs.hiddenAt === null) {
    other = published
      ? {
          state: 'visible',
          review: { ...ownDto(theirs, true), can_reply: theirs.replyBody === null },
        }
      : { state: 'waiting' };
  }
  return {
    kind: app.kind,
    application_id: app.id,
    side,
    posting: { kind: app.kind, id: app.postingId, name: app.postingName },
    counterpart: { name: side === 'talent' ? app.companyName : app.talentName },
    opens_at: window?.opens.toISOString() ?? null,
    closes_at: window?.closes.toISOString() ?? null,
    open: mine === null && isOpen(window, ctx.now),
    mine: mine && ownDto(mine, published),
    other,
  };
}

const replyRefused = (message: string, messageEs: string) =>
  new AppError('conflict', { message, messageEs });

/**
 * `POST /reviews/{id}/reply`: the reviewed side (the talent, or a member of the company's team
 * who acts on its board) answers a published review, once. Anyone else: 404.
 */
export async function replyToReview(
  ctx: TCtx,
  input: { id: number; body: string },
): Promise<TOwnReview> {
  const me = requireUser(ctx);
  const [row] = await ctx.db.select().from(reviews).where(eq(reviews.id, input.id));
  if (!row || row.hiddenAt !== null) throw reviewNotFound();
  // The reviewed side is the one that did not write it.
  if (row.side === 'company') {
    if (row.talentId !== me.id) throw reviewNotFound();
  } else {
    const role = me.isTalent ? null : await roleIn(ctx.db, row.companyId, me.id);
    if (!role || !can(role, 'board.move')) throw reviewNotFound();
  }
  const app = await reviewedApplication(ctx.db, row.kind as TPostingKind, row.applicationId);
  if (!app) throw reviewNotFound();
  const [other] = await ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.kind, row.kind),
        eq(reviews.applicationId, row.applicationId),
        ne(reviews.side, row.side),
      ),
    );
  const window = windowOf(app);
  const published =
    Boolean(other) || (window !== null && ctx.now.getTime() >= window.closes.getTime());
  if (!published) {
    throw replyRefused(
      'You can reply once the review is published.',
      'Podrás responder cuando la reseña se publique.',
    );
  }
  const [updated] = await ctx.db
    .update(reviews)
    .set({ replyBody: input.body, replyAuthorId: me.id, repliedAt: ctx.now })
    .where(and(eq(reviews.id, row.id), sql`${reviews.replyBody} is null`))
    .returning();
  if (!updated) {
    throw replyRefused('This review already has a reply.', 'Esta reseña ya tiene una respuesta.');
  }
  return ownDto(updated, true);
}

/** A published review's row, as the list statement reads it. */
type TListRow = {
  id: number;
  kind: TPostingKind;
  rating: number;
  body: string;
  reply_body: string | null;
  replied_at: string | Date | null;
  created_at: string | Date;
  talent_id: number;
  posting_id: number;
  posting_name: string;
  author_name: string | null;
  author_last_name: string | null;
  author_gone: boolean;
  company_name: string;
  algorand_tx: string | null;
  algorand_signer: string | null;
  near_tx: string | null;
  near_signer: string | null;
  total: number;
  average: string | number | null;
};

const iso = (d: string | Date) => new Date(d).toISOString();
/** An average as reviews show it: one decimal, null when there is none. */
const oneDecimal = (average: string | number | null) =>
  average === null ? null : Math.round(Number(average) * 10) / 10;

/**
 * The published reviews of one side (`side` wrote them) that `where` picks, as the tail of a
 * statement (`from … where …`, alias `r`): not hidden, and either both sides wrote or the window
 * closed. The posting's tables are joined for the finish date.
 */
function publishedFrom(ctx: TCtx, side: TReviewSide, where: SQL): SQL {
  const closedBefore = at(new Date(ctx.now.getTime() - WINDOW_MS));
  return sql`
    from reviews r
    left join project_applications pa on r.kind = 'project' and pa.id = r.application_id
    left join projects p on p.id = pa.project_id
    left join job_applications ja on r.kind = 'job' and ja.id = r.application_id
    left join jobs j on j.id = ja.job_id
    where r.side = ${side} and ${where} and r.hidden_at is null
      and (coalesce(p.finished_at, j.finished_at) <= ${closedBefore}
        or exists (select 1 from reviews o where o.kind = r.kind
          and o.application_id = r.application_id and o.side <> r.side))`;
}

/**
 * The published reviews of one side (`side` wrote them) that `where` picks, newest first, with
 * how many there are and their average: one statement. The posting's columns come from either
 * kind's tables, joined by the review's kind.
 */
async function publishedPage(
  ctx: TCtx,
  side: TReviewSide,
  where: SQL,
  page: { page: number; per_page: number },
  /** The caller is the reviewed side: each review without a reply says they may reply. */
  viewerReplies: boolean,
): Promise<TReviewPage> {
  const base = publishedFrom(ctx, side, where);
  const rows = await rowsOf<TListRow>(
    ctx.db,
    sql`with published as (
      select r.id, r.kind, r.rating, r.body, r.reply_body, r.replied_at, r.created_at,
        r.talent_id, r.author_id, r.company_id,
        coalesce(p.id, j.id) as posting_id, coalesce(p.name, j.name) as posting_name,
        coalesce(pa.algorand_transaction, ja.algorand_transaction) as algorand_tx,
        coalesce(pa.algorand_signer, ja.algorand_signer) as algorand_signer,
        coalesce(pa.near_transaction, ja.near_transaction) as near_tx,
        coalesce(pa.near_signer, ja.near_signer) as near_signer,
        count(*) over () as total, avg(r.rating) over () as average
      ${base}
    )
    select w.id, w.kind, w.rating, w.body, w.reply_body, w.replied_at, w.created_at,
      w.talent_id, w.posting_id, w.posting_name, w.algorand_tx, w.algorand_signer, w.near_tx,
      w.near_signer, w.total::int as total, w.average,
      u.name as author_name, u.last_name as author_last_name,
      (u.id is null or u.deleted_at is not null) as author_gone, c.name as company_name
    from published w
    left join users u on u.id = w.author_id
    join companies c on c.id = w.company_id
    order by w.created_at desc, w.id desc
    limit ${page.per_page} offset ${(page.page - 1) * page.per_page}`,
  );
  let total = rows[0]?.total ?? 0;
  let average = rows[0]?.average ?? null;
  if (rows.length === 0 && page.page > 1) {
    // Past the last page: the totals still say what there is.
    const [counts] = await rowsOf<{ total: number; average: string | null }>(
      ctx.db,
      sql`select count(*)::int as total, avg(r.rating) as average ${base}`,
    );
    total = counts?.total ?? 0;
    average = counts?.average ?? null;
  }
  const data = await Promise.all(rows.map((r) => reviewDto(ctx, side, r, viewerReplies)));
  return {
    ...paginated(data, total, page.page, page.per_page),
    average: oneDecimal(average),
    count: total,
  };
}

/** The proof of a review's work: a record the chain confirms, else the first one stored. */
async function proofOf(ctx: TCtx, r: TListRow): Promise<TReview['proof']> {
  const stored = [
    { network: 'algorand' as TProofNetwork, tx: r.algorand_tx, signer: r.algorand_signer },
    { network: 'near' as TProofNetwork, tx: r.near_tx, signer: r.near_signer },
  ].filter((s): s is { network: TProofNetwork; tx: string; signer: string | null } =>
    Boolean(s.tx),
  );
  let first: TReview['proof'];
  for (const s of stored) {
    // Through the proofs' cache: many visitors of a profile cost the node one request.
    const verdict = await recordVerdict(ctx, s.network, s.tx, {
      kind: r.kind,
      postingId: r.posting_id,
      talentId: r.talent_id,
      signer: s.signer,
    });
    const proof = { network: s.network, tx_id: s.tx, verdict };
    if (verdict === 'verified') return proof;
    first ??= proof;
  }
  return first;
}

async function reviewDto(
  ctx: TCtx,
  side: TReviewSide,
  r: TListRow,
  viewerReplies: boolean,
): Promise<TReview> {
  const proof = await proofOf(ctx, r);
  const name = r.author_gone
    ? 'Former user'
    : `${r.author_name ?? ''} ${r.author_last_name ?? ''}`.trim();
  return {
    id: r.id,
    rating: r.rating,
    body: r.body,
    author: {
      name,
      ...(side === 'company' && { company: r.company_name }),
      deleted: r.author_gone,
    },
    posting: { kind: r.kind, id: r.posting_id, name: r.posting_name },
    ...(proof && { proof }),
    ...(r.reply_body &&
      r.replied_at && { reply: { body: r.reply_body, created_at: iso(r.replied_at) } }),
    ...(viewerReplies && { can_reply: r.reply_body === null }),
    created_at: iso(r.created_at),
  };
}

/** `GET /users/{id}/reviews`: the published reviews of a talent, written by companies. */
export async function talentReviews(
  ctx: TCtx,
  input: { id: number; page: number; per_page: number },
): Promise<TReviewPage> {
  const [user] = await ctx.db
    .select({ id: users.id, isTalent: users.isTalent })
    .from(users)
    .where(and(eq(users.id, input.id), sql`${users.deletedAt} is null`));
  if (!user?.isTalent) {
    throw new AppError('not_found', {
      message: 'User not found.',
      messageEs: 'Usuario no encontrado.',
    });
  }
  const mine = ctx.user?.id === input.id;
  return publishedPage(ctx, 'company', sql`r.talent_id = ${input.id}`, input, mine);
}

/** `GET /companies/{slug}/reviews`: the published reviews of a company, written by talents. */
export async function companyReviews(
  ctx: TCtx,
  input: { slug: string; page: number; per_page: number },
): Promise<TReviewPage> {
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, input.slug));
  if (!company) throw companyNotFound();
  const role =
    ctx.user && !ctx.user.isTalent ? await roleIn(ctx.db, company.id, ctx.user.id) : null;
  const team = role !== null && can(role, 'board.move');
  return publishedPage(ctx, 'talent', sql`r.company_id = ${company.id}`, input, team);
}

/**
 * A company's rating (`rating` of `GET /companies/{slug}`, `GET /me/company`), as two columns of
 * the statement that reads the company's row (`companyId`: its id column), never a statement more
 * (docs/architecture.md "Reads and writes"): the published reviews talents wrote of it, how many
 * and their average; `ratingOf` makes them the answer's `{average, count}`, the same figures as
 * the first page of `GET /companies/{slug}/reviews`.
 */
export function companyRatingColumns(ctx: TCtx, companyId: Column) {
  const published = () => publishedFrom(ctx, 'talent', sql`r.company_id = ${qualified(companyId)}`);
  return {
    ratingCount: sql<number>`(select count(*)::int ${published()})`,
    ratingAverage: sql<string | number | null>`(select avg(r.rating) ${published()})`,
  };
}

/** The answer's `rating` of a row read with `companyRatingColumns`. */
export const ratingOf = (row: {
  ratingCount: number;
  ratingAverage: string | number | null;
}): { average: number | null; count: number } => ({
  average: oneDecimal(row.ratingAverage),
  count: Number(row.ratingCount),
});
