import { createCompany } from '@/db/companies';
import { userWorkplaces, users } from '@/db/schema';
import { latestToday } from '@/lib/schemas/common';
import type { TRegister } from '@/lib/schemas/users';
import { verifyGoogleIdToken } from '@/server/auth/google';
import { hashPassword } from '@/server/auth/password';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { enqueueRegistrationLink } from '@/server/services/account/email';
import { invitationFor, joinByInvitation } from '@/server/services/companies/invitations';
import { wakeMailWorker } from '@/server/services/notifications/mail-outbox';
import { takeRateLimit } from '@/server/services/rate-limit';
import {
  findUserByEmail,
  findUserByGoogleSub,
  isUniqueViolation,
  openSession,
} from './user-session';

const emailTaken = () =>
  new AppError('conflict', {
    message: 'This e-mail is already registered.',
    messageEs: 'Este correo ya está registrado.',
    errors: [{ path: 'email', code: 'email_taken' }],
  });

const googleTaken = () =>
  new AppError('conflict', {
    message: 'This Google account is already linked to another account.',
    messageEs: 'Esta cuenta de Google ya está vinculada a otra cuenta.',
    errors: [{ path: 'google_id_token', code: 'google_taken' }],
  });

/** The Google identity of a registration, which must vouch for the very e-mail given. */
async function googleSubFor(ctx: TCtx, input: TRegister): Promise<string | null> {
  if (!input.google_id_token) return null;
  const identity = await verifyGoogleIdToken(input.google_id_token, {
    google: ctx.deps.google,
    now: () => ctx.now,
  });
  if (identity.email.toLowerCase() !== input.email.toLowerCase()) {
    throw AppError.invalidField('google_id_token', 'google_email', {
      message: 'The Google account has another e-mail.',
      messageEs: 'La cuenta de Google tiene otro correo.',
    });
  }
  if (!identity.emailVerified) {
    throw AppError.invalidField('google_id_token', 'google_unverified', {
      message: 'Google has not verified this e-mail.',
      messageEs: 'Google no ha verificado este correo.',
    });
  }
  return identity.sub;
}

/**
 * `POST /users/register`: a talent, or a business with its current workplace (which is what makes
 * it a business: enable_business), in one transaction. A business registering from an invitation
 * (`invitation_token`) joins the inviting company, and has a company of its own only when it
 * names a workplace too. Answers the session like a login.
 */
export async function registerUser(ctx: TCtx, input: TRegister) {
  const { db, now } = ctx;
  await takeRateLimit(ctx, { name: 'registerPerAddress', subject: ctx.ip });
  // The schema checked the date against the wall clock; the request's clock decides here.
  if (!input.is_talent && input.start_date && input.start_date > latestToday(now)) {
    throw AppError.invalidField('start_date', 'date_future', {
      message: 'The start date cannot be in the future.',
      messageEs: 'La fecha de inicio no puede estar en el futuro.',
    });
  }
  const googleSub = await googleSubFor(ctx, input);
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  // Registering from an invitation (docs/api.md "Companies and teams"): checked as an accept is.
  // A talent is refused (403): only business accounts join companies.
  const invitation = input.invitation_token
    ? await invitationFor(
        db,
        input.invitation_token,
        { email: input.email, isTalent: input.is_talent },
        now,
      )
    : null;
  if (googleSub && (await findUserByGoogleSub(db, googleSub))) throw googleTaken();

  // Hashing is slow on purpose: done before the transaction so it holds no connection meanwhile.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let user;
  try {
    user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          googleSub,
          isTalent: input.is_talent,
          name: input.name,
          lastName: input.last_name,
          phone: input.phone ?? null,
          lang: input.lang,
          // Google has confirmed the address; a password account gets a link (below).
          emailVerifiedAt: googleSub ? now : null,
        })
        .returning();
      // The confirmation link (docs/product.md "One's own account"): a badge, never a gate.
      if (!googleSub) await enqueueRegistrationLink(ctx, tx, row!);
      if (!input.is_talent && input.workplace_name) {
        await tx.insert(userWorkplaces).values({
          userId: row!.id,
          workplaceName: input.workplace_name,
          position: input.position!,
          startDate: input.start_date!,
          workHere: true,
          enableBusiness: true,
        });
        // The business's company, with the registrant as its owner (docs/product.md "Companies").
        await createCompany(tx, { name: input.workplace_name, ownerId: row!.id, now });
      }
      // The invited business joins the inviting company in the same transaction.
      if (invitation) await joinByInvitation(tx, invitation, row!, now);
      return row!;
    });
  } catch (err) {
    // Two registrations of one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) {
      throw !googleSub || (await findUserByEmail(db, input.email)) ? emailTaken() : googleTaken();
    }
    throw err;
  }
  if (!googleSub) wakeMailWorker();
  return openSession(ctx, user);
}
