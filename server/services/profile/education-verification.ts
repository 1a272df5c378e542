import { and, eq, inArray } from 'drizzle-orm';
import { userStudyCentres, users } from '@/db/schema';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import { studyVerificationMail } from '@/server/mail/verification-template';
import { assertOwner, requireUser } from '@/server/services/access';
import { educationNotFound } from './educations';

/**
 * Asks the platform's team to verify one of the caller's entries: it moves to "in process" (only
 * from "not requested" or "rejected") and a request goes to `verificationsEmail`. The mail is sent
 * inside the transaction, so a failed send leaves the entry as it was.
 */
export async function requestStudyVerification(
  ctx: TCtx,
  input: { study_id: number; lang: 'en' | 'es' },
) {
  const me = requireUser(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userStudyCentres)
      .where(eq(userStudyCentres.id, input.study_id))
      .for('update');
    assertOwner(row, me, educationNotFound);
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
      const verified = row.verifyStatusId === VERIFY_STATUS.verified;
      throw new AppError('conflict', {
        message: verified
          ? 'This education is already verified.'
          : 'The verification of this education is already in process.',
        messageEs: verified
          ? 'Esta formación ya está verificada.'
          : 'La verificación de esta formación ya está en proceso.',
      });
    }
    const [user] = await tx
      .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, me.id));
    try {
      await ctx.deps.mailer.send(
        studyVerificationMail({
          to: ctx.deps.verificationsEmail,
          user: user!,
          study: row,
          lang: input.lang,
        }),
      );
    } catch (err) {
      // The error's class only: a transport error may quote the message it failed to send.
      log('error', 'verification request mail failed', {
        studyId: row.id,
        error: err instanceof Error ? err.name : 'unknown',
      });
      throw new AppError('unavailable', {
        message: 'The request could not be sent. Please try again later.',
        messageEs: 'No se pudo enviar la solicitud. Vuelve a intentarlo más tarde.',
      });
    }
  });
}
