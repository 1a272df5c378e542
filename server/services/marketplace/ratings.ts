import { and, eq, sql } from 'drizzle-orm';
import { applicationRatings } from '@/db/schema';
import type { TCtx } from '@/server/context';
import { teamApplication } from './notes';
import type { TKind } from './postings';

// The team's ratings of an applicant (docs/api.md "The recruiter's workbench"): each member gives
// one rating 1–5, changes it or clears it; the board shows the average and how many rated.

const ofApplication = (kind: TKind, id: number) =>
  and(eq(applicationRatings.kind, kind), eq(applicationRatings.applicationId, id));

/** The team's average (one decimal), how many rated, and the caller's own rating. */
async function summary(ctx: TCtx, kind: TKind, id: number, userId: number) {
  const [row] = await ctx.db
    .select({
      average: sql<number | null>`round(avg(${applicationRatings.rating})::numeric, 1)::float8`,
      count: sql<number>`count(*)::int`,
      mine: sql<
        number | null
      >`max(case when ${applicationRatings.userId} = ${userId} then ${applicationRatings.rating} end)::int`,
    })
    .from(applicationRatings)
    .where(ofApplication(kind, id));
  return {
    average: row?.average == null ? null : Number(row.average),
    count: Number(row?.count ?? 0),
    mine: row?.mine == null ? null : Number(row.mine),
  };
}

/** `PUT /{kind}_applications/{id}/rating`: the caller's rating, set or changed. */
export async function rateApplication(
  ctx: TCtx,
  input: { kind: TKind; id: number; rating: number },
) {
  const { me } = await teamApplication(ctx, input.kind, input.id, 'applicants.rate');
  await ctx.db
    .insert(applicationRatings)
    .values({
      kind: input.kind,
      applicationId: input.id,
      userId: me.id,
      rating: input.rating,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .onConflictDoUpdate({
      target: [
        applicationRatings.kind,
        applicationRatings.applicationId,
        applicationRatings.userId,
      ],
      set: { rating: input.rating, updatedAt: ctx.now },
    });
  return summary(ctx, input.kind, input.id, me.id);
}

/** `DELETE /{kind}_applications/{id}/rating`: the caller's rating cleared. */
export async function clearRating(ctx: TCtx, input: { kind: TKind; id: number }) {
  const { me } = await teamApplication(ctx, input.kind, input.id, 'applicants.rate');
  await ctx.db
    .delete(applicationRatings)
    .where(and(ofApplication(input.kind, input.id), eq(applicationRatings.userId, me.id)));
  return summary(ctx, input.kind, input.id, me.id);
}
