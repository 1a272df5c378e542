import { eq } from 'drizzle-orm';
import { userStudyCentres, userWorkplaces, users } from '@/db/schema';
import type { Db } from '@/db/types';
import { VERIFY_STATUS } from '@/lib/statuses';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import type { TMail } from '@/server/mail/mailer';
import {
  studyVerificationMail,
  workplaceVerificationMail,
} from '@/server/mail/verification-template';
import {
  enqueueAccountMail,
  sendAccountMailNow,
} from '@/server/services/notifications/mail-outbox';
import { assertOwner, requireUser } from '@/server/services/access';
import { studyCentreDto, workplaceDto } from './dto';
import { educationNotFound } from './educations';
import { workplaceNotFound } from './experiences';

type TTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type TRequester = { id: number; name: string; lastName: string; email: string };

/** What differs between asking to verify an experience and an education. */
type TEntryKind<Row extends { id: number; userId: number; verifyStatusId: number }, Dto> = {
  /** The row, locked until the end of the transaction. */
  lock: (tx: TTx, id: number) => Promise<Row | undefined>;
  /** Moves it to "in process" and answers the stored row. */
  request: (tx: TTx, row: Row, now: Date) => Promise<Row>;
  dto: (row: Row) => Dto;
  mail: (to: string, user: TRequester, row: Row, lang: 'en' | 'es') => TMail;
  notFound: () => AppError;
  verified: { message: string; messageEs: string };
};

/**
 * Asks the platform's team to verify one of the caller's entries (docs/api.md "Verification"):
 * from "not requested" or "rejected" it moves to "in process" and a request goes to
 * `verificationsEmail`; while in process, asking again answers the entry and sends nothing; a
 * verified entry is a 409. The mail is sent inside the transaction, so a failed send leaves the
 * entry as it was.
 */
async function requestVerification<
  Row extends { id: number; userId: number; verifyStatusId: number },
  Dto,
>(ctx: TCtx, kind: TEntryKind<Row, Dto>, id: number, lang: 'en' | 'es'): Promise<Dto> {
  const me = requireUser(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await kind.lock(tx, id);
    assertOwner(row, me, kind.notFound);
    if (row.verifyStatusId === VERIFY_STATUS.inProcess) return kind.dto(row);
    if (row.verifyStatusId === VERIFY_STATUS.verified) {
      throw new AppError('conflict', kind.verified);
    }
    const moved = await kind.request(tx, row, ctx.now);
    const [user] = await tx
      .select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, me.id));
    // Through the outbox (an account e-mail), sent here inside the transaction: a failed send
    // rolls the request back, and the entry stays as it was.
    const key = await enqueueAccountMail(tx, ctx, {
      userId: me.id,
      type: 'entry_verification',
      mail: kind.mail(ctx.deps.verificationsEmail, user!, row, lang),
    });
    if (!(await sendAccountMailNow({ ...ctx, db: tx }, key))) {
      log('error', 'verification request mail failed', { entryId: row.id });
      throw new AppError('unavailable', {
        message: 'The request could not be sent. Please try again later.',
        messageEs: 'No se pudo enviar la solicitud. Vuelve a intentarlo más tarde.',
      });
    }
    return kind.dto(moved);
  });
}

const study: TEntryKind<typeof userStudyCentres.$inferSelect, ReturnType<typeof studyCentreDto>> = {
  lock: async (tx, id) =>
    (await tx.select().from(userStudyCentres).where(eq(userStudyCentres.id, id)).for('update'))[0],
  request: async (tx, row, now) =>
    (
      await tx
        .update(userStudyCentres)
        .set({ verifyStatusId: VERIFY_STATUS.inProcess, updatedAt: now })
        .where(eq(userStudyCentres.id, row.id))
        .returning()
    )[0]!,
  dto: studyCentreDto,
  mail: (to, user, row, lang) => studyVerificationMail({ to, user, study: row, lang }),
  notFound: educationNotFound,
  verified: {
    message: 'This education is already verified.',
    messageEs: 'Esta formación ya está verificada.',
  },
};

const workplace: TEntryKind<typeof userWorkplaces.$inferSelect, ReturnType<typeof workplaceDto>> = {
  lock: async (tx, id) =>
    (await tx.select().from(userWorkplaces).where(eq(userWorkplaces.id, id)).for('update'))[0],
  request: async (tx, row, now) =>
    (
      await tx
        .update(userWorkplaces)
        .set({ verifyStatusId: VERIFY_STATUS.inProcess, updatedAt: now })
        .where(eq(userWorkplaces.id, row.id))
        .returning()
    )[0]!,
  dto: workplaceDto,
  mail: (to, user, row, lang) => workplaceVerificationMail({ to, user, workplace: row, lang }),
  notFound: workplaceNotFound,
  verified: {
    message: 'This experience is already verified.',
    messageEs: 'Esta experiencia ya está verificada.',
  },
};

/** `POST /user_study_centres/verify`. */
export const requestStudyVerification = (
  ctx: TCtx,
  input: { study_id: number; lang: 'en' | 'es' },
) => requestVerification(ctx, study, input.study_id, input.lang);

/** `POST /user_workplaces/verify`. */
export const requestWorkplaceVerification = (
  ctx: TCtx,
  input: { workplace_id: number; lang: 'en' | 'es' },
) => requestVerification(ctx, workplace, input.workplace_id, input.lang);
