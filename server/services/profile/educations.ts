import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { userStudyCentres, users, VERIFY_STATUS } from '@/db/schema';
import {
  ZStudyCentreInput,
  type TStudyCentre,
  type TStudyCentrePatch,
} from '@/lib/schemas/profile';
import type { TMailer } from '@/server/mail/mailer';
import { studyVerificationMail } from '@/server/mail/verification-template';
import { AppError } from '@/server/errors';
import { parseWith } from '@/server/lib/validate';
import { log } from '@/server/logger';
import { studyCentreDto } from '@/server/services/users/user-dto';
import { assertStartNotInFuture, paginated, sentFields, tooMany, type TProfileCtx } from './common';

export const MAX_STUDY_CENTRES = 100;

const notFound = () =>
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
export async function listStudyCentres(ctx: TProfileCtx, page: number, perPage: number) {
  const mine = eq(userStudyCentres.userId, ctx.user.id);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(userStudyCentres)
      .where(mine)
      .orderBy(desc(userStudyCentres.startDate), desc(userStudyCentres.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    ctx.db.select({ total: count() }).from(userStudyCentres).where(mine),
  ]);
  return paginated(rows.map(studyCentreDto), totals?.total ?? 0, page, perPage);
}

/**
 * Whether the platform already knows a study centre of this name (case and spacing aside): another
 * user studied there, or someone's entry for it was verified. Unknown ones lead the client to
 * offer a verification request (PRODUCT.md flow 2).
 */
export async function isKnownStudyCentre(db: Db, name: string, userId: number): Promise<boolean> {
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
export async function createStudyCentre(ctx: TProfileCtx, input: TStudyCentre) {
  assertStartNotInFuture(input.start_date, ctx.now);
  const created = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(userStudyCentres)
      .where(eq(userStudyCentres.userId, ctx.user.id));
    if ((existing?.n ?? 0) >= MAX_STUDY_CENTRES) {
      throw tooMany(['education entries', 'estudios'], MAX_STUDY_CENTRES);
    }
    const [row] = await tx
      .insert(userStudyCentres)
      .values({ userId: ctx.user.id, ...columns(input) })
      .returning();
    return row!;
  });
  const isKnown = await isKnownStudyCentre(ctx.db, created.name, ctx.user.id);
  return { ...studyCentreDto(created), is_known: isKnown };
}

/**
 * Changes one of the caller's entries: sent fields over stored ones, validated as a whole.
 * Changing what was verified (centre, course, dates) resets the verification.
 */
export async function updateStudyCentre(ctx: TProfileCtx, patch: TStudyCentrePatch) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userStudyCentres)
      .where(and(eq(userStudyCentres.id, patch.id), eq(userStudyCentres.userId, ctx.user.id)))
      .for('update');
    if (!row) throw notFound();
    const { id: _id, ...fields } = patch;
    const merged = parseWith(ZStudyCentreInput, { ...studyCentreDto(row), ...sentFields(fields) });
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
export async function deleteStudyCentre(ctx: TProfileCtx, id: number) {
  const deleted = await ctx.db
    .delete(userStudyCentres)
    .where(and(eq(userStudyCentres.id, id), eq(userStudyCentres.userId, ctx.user.id)))
    .returning({ id: userStudyCentres.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * Asks the platform's team to verify one of the caller's entries: it moves to "in process" (only
 * from "not requested" or "rejected") and a request goes to `verificationsEmail`. The mail is sent
 * inside the transaction, so a failed send leaves the entry as it was.
 */
export async function requestStudyVerification(
  ctx: TProfileCtx & { mailer: TMailer; verificationsEmail: string },
  input: { study_id: number; lang: 'en' | 'es' },
) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userStudyCentres)
      .where(and(eq(userStudyCentres.id, input.study_id), eq(userStudyCentres.userId, ctx.user.id)))
      .for('update');
    if (!row) throw notFound();
    const [moved] = await tx
      .update(userStudyCentres)
      .set({ verifyStatusId: VERIFY_STATUS.inProcess, updatedAt: ctx.now })
      .where(
        and(
          eq(userStudyCentres.id, row.id),
          inArray(userStudyCentres.verifyStatusId, [
            VERIFY_STATUS.notRequested,
            VERIFY_STATUS.rejected,
          ]),
        ),
      )
      .returning({ id: userStudyCentres.id });
    if (!moved) {
      throw new AppError('conflict', {
        message:
          row.verifyStatusId === VERIFY_STATUS.verified
            ? 'This education is already verified.'
            : 'The verification of this education is already in process.',
        messageEs:
          row.verifyStatusId === VERIFY_STATUS.verified
            ? 'Esta formación ya está verificada.'
            : 'La verificación de esta formación ya está en proceso.',
      });
    }
    const [user] = await tx
      .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, ctx.user.id));
    try {
      await ctx.mailer.send(
        studyVerificationMail({
          to: ctx.verificationsEmail,
          user: user!,
          study: row,
          lang: input.lang,
        }),
      );
    } catch (err) {
      log('error', 'verification request mail failed', {
        studyId: row.id,
        error: err instanceof Error ? err.message : String(err),
      });
      throw new AppError('unavailable', {
        message: 'The request could not be sent. Please try again later.',
        messageEs: 'No se pudo enviar la solicitud. Vuelve a intentarlo más tarde.',
      });
    }
  });
}
