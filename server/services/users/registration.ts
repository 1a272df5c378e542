import type { Db } from '@/db/client';
import { userWorkplaces, users } from '@/db/schema';
import { verifyGoogleIdToken } from '@/server/auth/google';
import { hashPassword } from '@/server/auth/password';
import type { TDeps } from '@/server/context';
import { AppError } from '@/server/errors';
import { takeRateLimit } from '@/server/services/rate-limit';
import type { TRegisterInput } from './user-schemas';
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
    errors: [{ path: 'email', message: 'This e-mail is already registered.' }],
  });

const googleTaken = () =>
  new AppError('conflict', {
    message: 'This Google account is already linked to another account.',
    messageEs: 'Esta cuenta de Google ya está vinculada a otra cuenta.',
    errors: [{ path: 'google_id_token', message: 'Already linked to another account.' }],
  });

const invalidField = (path: string, message: string, messageEs: string) =>
  new AppError('invalid_input', { message, messageEs, errors: [{ path, message }] });

/**
 * The latest calendar date anywhere on Earth (UTC+14), so someone ahead of UTC can still give
 * today's local date as a start date.
 */
function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The Google identity of a registration, which must vouch for the very e-mail given. */
async function googleSubFor(input: TRegisterInput, deps: TDeps): Promise<string | null> {
  if (!input.google_id_token) return null;
  const identity = await verifyGoogleIdToken(input.google_id_token, deps);
  if (identity.email.toLowerCase() !== input.email.toLowerCase()) {
    throw invalidField(
      'google_id_token',
      'The Google account has another e-mail.',
      'La cuenta de Google tiene otro correo.',
    );
  }
  if (!identity.emailVerified) {
    throw invalidField(
      'google_id_token',
      'Google has not verified this e-mail.',
      'Google no ha verificado este correo.',
    );
  }
  return identity.sub;
}

/**
 * `POST /users/register`: a talent, or a business with its current workplace (which is what makes
 * it a business: enable_business), in one transaction. Answers the session like a login.
 */
export async function registerUser({
  db,
  deps,
  ip,
  input,
}: {
  db: Db;
  deps: TDeps;
  ip: string;
  input: TRegisterInput;
}) {
  const now = deps.now();
  await takeRateLimit(db, { name: 'registerPerAddress', subject: ip }, now);
  if (!input.is_talent && input.start_date > latestToday(now)) {
    throw invalidField(
      'start_date',
      'The start date cannot be in the future.',
      'La fecha de inicio no puede estar en el futuro.',
    );
  }
  const googleSub = await googleSubFor(input, deps);
  if (await findUserByEmail(db, input.email)) throw emailTaken();
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
          phone: input.phone,
          lang: input.lang,
        })
        .returning();
      if (!input.is_talent) {
        await tx.insert(userWorkplaces).values({
          userId: row!.id,
          workplaceName: input.workplace_name,
          position: input.position,
          startDate: input.start_date,
          workHere: true,
          enableBusiness: true,
        });
      }
      return row!;
    });
  } catch (err) {
    // Two registrations of one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) {
      throw !googleSub || (await findUserByEmail(db, input.email)) ? emailTaken() : googleTaken();
    }
    throw err;
  }
  return openSession(db, deps, user);
}
