import { ensureCompany } from '@/db/companies';
import type { Db } from '@/db/types';
import { and, count, desc, eq } from 'drizzle-orm';
import { userWorkplaces, users } from '@/db/schema';
import {
  PROFILE_LIMITS,
  workplaceSchema,
  type TWorkplace,
  type TWorkplacePatch,
} from '@/lib/schemas/profile';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { parseWith } from '@/server/lib/validate';
import { assertOwner, requireUser } from '@/server/services/access';
import { assertStartNotInFuture, paginated, sentFields, tooMany, type TPage } from './common';
import { workplaceDto } from './dto';

export const workplaceNotFound = () =>
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
export async function listWorkplaces(ctx: TCtx, input: TPage) {
  const me = requireUser(ctx);
  const mine = eq(userWorkplaces.userId, me.id);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(userWorkplaces)
      .where(mine)
      .orderBy(desc(userWorkplaces.startDate), desc(userWorkplaces.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db.select({ total: count() }).from(userWorkplaces).where(mine),
  ]);
  return paginated(rows.map(workplaceDto), totals?.total ?? 0, input.page, input.per_page);
}

/** The caller becomes a business, with a company named after the workplace if they have none. */
async function becomeBusiness(tx: Db, userId: number, workplaceName: string, now: Date) {
  await tx.update(users).set({ isTalent: false, updatedAt: now }).where(eq(users.id, userId));
  await ensureCompany(tx, { name: workplaceName, ownerId: userId, now });
}

/**
 * Adds an experience to the caller's profile. Saving one with `enable_business` makes the caller
 * a business (docs/product.md "States and transitions"), in the same transaction.
 */
export async function createWorkplace(ctx: TCtx, input: TWorkplace) {
  const me = requireUser(ctx);
  assertStartNotInFuture(input.start_date, ctx.now);
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(userWorkplaces)
      .where(eq(userWorkplaces.userId, me.id));
    const max = PROFILE_LIMITS.workplaces;
    if ((existing?.n ?? 0) >= max)
      throw tooMany('workplaces', ['experiences', 'experiencias'], max);
    const [row] = await tx
      .insert(userWorkplaces)
      .values({ userId: me.id, ...columns(input) })
      .returning();
    if (input.enable_business) await becomeBusiness(tx, me.id, input.workplace_name, ctx.now);
    return workplaceDto(row!);
  });
}

/**
 * Changes one of the caller's experiences: the sent fields over the stored ones, validated as a
 * whole. Changing what was verified (place, position, dates) resets the verification.
 */
export async function updateWorkplace(ctx: TCtx, patch: TWorkplacePatch) {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userWorkplaces)
      .where(eq(userWorkplaces.id, patch.id))
      .for('update');
    assertOwner(row, me, workplaceNotFound);
    const { id: _id, ...fields } = patch;
    const merged = parseWith(workplaceSchema, { ...workplaceDto(row), ...sentFields(fields) });
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
    if (merged.enable_business) await becomeBusiness(tx, me.id, merged.workplace_name, ctx.now);
    return workplaceDto(updated!);
  });
}

/** Removes one of the caller's experiences; another user's id is "not found". */
export async function deleteWorkplace(ctx: TCtx, input: { id: number }) {
  const me = requireUser(ctx);
  // The owner is part of the condition: one statement, and another's id deletes nothing.
  const deleted = await ctx.db
    .delete(userWorkplaces)
    .where(and(eq(userWorkplaces.id, input.id), eq(userWorkplaces.userId, me.id)))
    .returning({ id: userWorkplaces.id });
  if (deleted.length === 0) throw workplaceNotFound();
}
