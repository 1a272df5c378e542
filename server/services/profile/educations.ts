import { and, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import { userStudyCentres } from '@/db/schema';
import type { Db } from '@/db/types';
import {
  PROFILE_LIMITS,
  studyCentreSchema,
  type TStudyCentre,
  type TStudyCentrePatch,
} from '@/lib/schemas/profile';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { parseWith } from '@/server/lib/validate';
import { assertOwner, requireUser } from '@/server/services/access';
import { assertStartNotInFuture, paginated, sentFields, tooMany, type TPage } from './common';
import { studyCentreDto } from './dto';

export const educationNotFound = () =>
  new AppError('not_found', {
    message: 'Education not found.',
    messageEs: 'Educación no encontrada.',
  });

const columns = (s: TStudyCentre) => ({
  name: s.name,
  courseName: s.course_name,
  startDate: s.start_date,
  endDate: s.end_date,
  description: s.description,
  studyingHere: s.studying_here,
});

/** The caller's education, newest start first. */
export async function listStudyCentres(ctx: TCtx, input: TPage) {
  const me = requireUser(ctx);
  const mine = eq(userStudyCentres.userId, me.id);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(userStudyCentres)
      .where(mine)
      .orderBy(desc(userStudyCentres.startDate), desc(userStudyCentres.id))
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page),
    ctx.db.select({ total: count() }).from(userStudyCentres).where(mine),
  ]);
  return paginated(rows.map(studyCentreDto), totals?.total ?? 0, input.page, input.per_page);
}

/**
 * Whether the platform already knows a study centre of this name (case and spacing aside): another
 * user studied there, or someone's entry for it was verified. Unknown ones lead the client to
 * offer a verification request (docs/product.md).
 */
async function isKnownStudyCentre(db: Db, name: string, userId: number): Promise<boolean> {
  const normalized = name.replace(/\s+/g, ' ').trim();
  const [hit] = await db
    .select({ id: userStudyCentres.id })
    .from(userStudyCentres)
    .where(
      and(
        // Names are stored collapsed and trimmed; lower(name) has an index. Both sides go
        // through the database's lower(), whatever its locale folds.
        sql`lower(${userStudyCentres.name}) = lower(${normalized})`,
        or(
          ne(userStudyCentres.userId, userId),
          eq(userStudyCentres.verifyStatusId, VERIFY_STATUS.verified),
        ),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

/** Adds an education entry; the answer also says whether the centre is known (`is_known`). */
export async function createStudyCentre(ctx: TCtx, input: TStudyCentre) {
  const me = requireUser(ctx);
  assertStartNotInFuture(input.start_date, ctx.now);
  const created = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(userStudyCentres)
      .where(eq(userStudyCentres.userId, me.id));
    const max = PROFILE_LIMITS.studyCentres;
    if ((existing?.n ?? 0) >= max) {
      throw tooMany('study_centres', ['education entries', 'estudios'], max);
    }
    const [row] = await tx
      .insert(userStudyCentres)
      .values({ userId: me.id, ...columns(input) })
      .returning();
    return row!;
  });
  const isKnown = await isKnownStudyCentre(ctx.db, created.name, me.id);
  return { ...studyCentreDto(created), is_known: isKnown };
}

/**
 * Changes one of the caller's entries: sent fields over stored ones, validated as a whole.
 * Changing what was verified (centre, course, dates) resets the verification.
 */
export async function updateStudyCentre(ctx: TCtx, patch: TStudyCentrePatch) {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userStudyCentres)
      .where(eq(userStudyCentres.id, patch.id))
      .for('update');
    assertOwner(row, me, educationNotFound);
    const { id: _id, ...fields } = patch;
    const merged = parseWith(studyCentreSchema, { ...studyCentreDto(row), ...sentFields(fields) });
    if (merged.start_date !== row.startDate) assertStartNotInFuture(merged.start_date, ctx.now);
    const verifiedFieldsChanged =
      merged.name !== row.name ||
      merged.course_name !== row.courseName ||
      merged.start_date !== row.startDate ||
      merged.end_date !== row.endDate;
    const [updated] = await tx
      .update(userStudyCentres)
      .set({
        ...columns(merged),
        ...(verifiedFieldsChanged ? { verifyStatusId: VERIFY_STATUS.notRequested } : {}),
        updatedAt: ctx.now,
      })
      .where(eq(userStudyCentres.id, row.id))
      .returning();
    return studyCentreDto(updated!);
  });
}

/** Removes one of the caller's entries; another user's id is "not found". */
export async function deleteStudyCentre(ctx: TCtx, input: { id: number }) {
  const me = requireUser(ctx);
  // The owner is part of the condition: one statement, and another's id deletes nothing.
  const deleted = await ctx.db
    .delete(userStudyCentres)
    .where(and(eq(userStudyCentres.id, input.id), eq(userStudyCentres.userId, me.id)))
    .returning({ id: userStudyCentres.id });
  if (deleted.length === 0) throw educationNotFound();
}
