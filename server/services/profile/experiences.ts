import { and, count, desc, eq } from 'drizzle-orm';
import { userWorkplaces, users, VERIFY_STATUS } from '@/db/schema';
import { ZWorkplaceInput, type TWorkplace, type TWorkplacePatch } from '@/lib/schemas/profile';
import { AppError } from '@/server/errors';
import { parseWith } from '@/server/lib/validate';
import { workplaceDto } from '@/server/services/users/user-dto';
import { assertStartNotInFuture, paginated, sentFields, tooMany, type TProfileCtx } from './common';

/** Enough for any career; stops a script from filling the table. */
export const MAX_WORKPLACES = 100;

const notFound = () =>
  new AppError('not_found', {
    message: 'Experience not found.',
    messageEs: 'Experiencia no encontrada.',
  });

const columns = (w: TWorkplace) => ({
  workplaceName: w.workplace_name,
  position: w.position,
  startDate: w.start_date,
  endDate: w.end_date,
  description: w.description,
  workHere: w.work_here,
  enableBusiness: w.enable_business,
});

/** The caller's experiences, newest start first. */
export async function listWorkplaces(ctx: TProfileCtx, page: number, perPage: number) {
  const mine = eq(userWorkplaces.userId, ctx.user.id);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(userWorkplaces)
      .where(mine)
      .orderBy(desc(userWorkplaces.startDate), desc(userWorkplaces.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db.select({ total: count() }).from(userWorkplaces).where(mine),
  ]);
  return paginated(rows.map(workplaceDto), totals?.total ?? 0, page, perPage);
}

/**
 * Adds an experience to the caller's profile. Saving one with `enable_business` makes the caller
 * a business (seed §4), in the same transaction.
 */
export async function createWorkplace(ctx: TProfileCtx, input: TWorkplace) {
  assertStartNotInFuture(input.start_date, ctx.now);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(userWorkplaces)
      .where(eq(userWorkplaces.userId, ctx.user.id));
    if ((existing?.n ?? 0) >= MAX_WORKPLACES)
      throw tooMany(['experiences', 'experiencias'], MAX_WORKPLACES);
    const [row] = await tx
      .insert(userWorkplaces)
      .values({ userId: ctx.user.id, ...columns(input) })
      .returning();
    if (input.enable_business) {
      await tx
        .update(users)
        .set({ isTalent: false, updatedAt: ctx.now })
        .where(eq(users.id, ctx.user.id));
    }
    return workplaceDto(row!);
  });
}

/**
 * Changes one of the caller's experiences: the sent fields over the stored ones, validated as a
 * whole. Changing what was verified (place, position, dates) resets the verification.
 */
export async function updateWorkplace(ctx: TProfileCtx, patch: TWorkplacePatch) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userWorkplaces)
      .where(and(eq(userWorkplaces.id, patch.id), eq(userWorkplaces.userId, ctx.user.id)))
      .for('update');
    if (!row) throw notFound();
    const { id: _id, ...fields } = patch;
    const merged = parseWith(ZWorkplaceInput, {
      ...workplaceDto(row),
      ...sentFields(fields),
    });
    if (merged.start_date !== row.startDate) assertStartNotInFuture(merged.start_date, ctx.now);
    const verifiedFieldsChanged =
      merged.workplace_name !== row.workplaceName ||
      merged.position !== row.position ||
      merged.start_date !== row.startDate ||
      merged.end_date !== row.endDate;
    const [updated] = await tx
      .update(userWorkplaces)
      .set({
        ...columns(merged),
        ...(verifiedFieldsChanged ? { verifyStatusId: VERIFY_STATUS.notRequested } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(userWorkplaces.id, row.id))
      .returning();
    if (merged.enable_business) {
      await tx
        .update(users)
        .set({ isTalent: false, updatedAt: ctx.now })
        .where(eq(users.id, ctx.user.id));
    }
    return workplaceDto(updated!);
  });
}

/** Removes one of the caller's experiences; another user's id is "not found". */
export async function deleteWorkplace(ctx: TProfileCtx, id: number) {
  const deleted = await ctx.db
    .delete(userWorkplaces)
    .where(and(eq(userWorkplaces.id, id), eq(userWorkplaces.userId, ctx.user.id)))
    .returning({ id: userWorkplaces.id });
  if (deleted.length === 0) throw notFound();
}
