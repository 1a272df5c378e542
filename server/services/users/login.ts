import { and, eq, isNull } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { TLoginInput } from '@/lib/schemas/users';
import { verifyGoogleIdToken } from '@/server/auth/google';
import { dummyHash, verifyPassword } from '@/server/auth/password';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import {
  passwordFailureLimits,
  takeRateLimit,
  withFailureLimits,
} from '@/server/services/rate-limit';
import { findUserByEmail, findUserByGoogleSub, openSession } from './user-session';

/** docs/product.md "Error catalogue": one answer for a wrong password, an unknown e-mail and an account without password. */
const badCredentials = () =>
  new AppError('unauthorized', {
    message: 'Email and/or password incorrect',
    messageEs: 'Correo y/o contraseña incorrectos',
  });

/**
 * A suspended account signs in nowhere: 403 `suspended`, in both languages (docs/product.md
 * "Reports and suspension"). Asked only once the caller proved the account is theirs.
 */
function assertNotSuspended(user: { suspendedAt: Date | null }) {
  if (user.suspendedAt !== null) throw new AppError('suspended');
}

/**
 * `POST /users/login`. Failures are limited per address and per (account, address): a guesser
 * is stopped where it guesses, while the owner still signs in from anywhere else, and a correct
 * password is never counted.
 */
export async function loginWithPassword(ctx: TCtx, input: TLoginInput) {
  const user = await withFailureLimits(
    ctx,
    passwordFailureLimits(input.email, ctx.ip),
    async () => {
      const found = await findUserByEmail(ctx.db, input.email);
      // Without an account (or a password) Argon2 still runs, so timing tells nothing.
      const storedHash = found?.passwordHash ?? (await dummyHash());
      const matches = await verifyPassword(storedHash, input.password);
      if (!found?.passwordHash || !matches) throw badCredentials();
      return found;
    },
    (err) => err instanceof AppError && err.code === 'unauthorized',
  );
  // Told only after the password matched: it says nothing to someone without it.
  assertNotSuspended(user);
  return openSession(ctx, user);
}

/**
 * `POST /users/login/google`. The account is found by Google's stable `sub`; failing that, an
 * account with the token's e-mail is linked, but only when Google has verified that e-mail
 * (otherwise anyone could claim a password account by naming its e-mail in a Google profile).
 * No account at all is `not_found`, which sends the client to create one.
 */
export async function loginWithGoogle(ctx: TCtx, input: { google_id_token: string }) {
  const identity = await verifyGoogleIdToken(input.google_id_token, {
    google: ctx.deps.google,
    now: () => ctx.now,
  });
  const known = await findUserByGoogleSub(ctx.db, identity.sub);
  if (known) {
    assertNotSuspended(known);
    return openSession(ctx, known);
  }

  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (!byEmail) {
    throw new AppError('not_found', {
      message: 'One step away from getting your new account!',
      messageEs: '¡Estás a un paso de tener tu nueva cuenta!',
    });
  }
  if (!identity.emailVerified) {
    throw new AppError('unauthorized', {
      message: 'Google has not verified this e-mail, so it cannot sign in to this account.',
      messageEs: 'Google no ha verificado este correo, así que no puede entrar en esta cuenta.',
      errors: [{ path: 'google_id_token', code: 'google_unverified' }],
    });
  }
  assertNotSuspended(byEmail);
  // Already linked to another Google account: the e-mail changed hands there; never re-link.
  const [linked] = await ctx.db
    .update(users)
    // Google vouches for the address it verified: confirmed (docs/product.md "One's own account").
    .set({
      googleSub: identity.sub,
      emailVerifiedAt: byEmail.emailVerifiedAt ?? ctx.now,
      updatedAt: ctx.now,
    })
    .where(and(eq(users.id, byEmail.id), isNull(users.googleSub)))
    .returning();
  if (!linked) {
    throw new AppError('unauthorized', {
      message: 'This account is linked to another Google account.',
      messageEs: 'Esta cuenta está vinculada a otra cuenta de Google.',
    });
  }
  return openSession(ctx, linked);
}

/** `POST /users/check/email`: whether an account uses this e-mail (docs/product.md "The calls"), limited per IP. */
export async function emailIsRegistered(ctx: TCtx, input: { email: string }): Promise<boolean> {
  await takeRateLimit(ctx, { name: 'checkEmailPerAddress', subject: ctx.ip });
  return Boolean(await findUserByEmail(ctx.db, input.email));
}
