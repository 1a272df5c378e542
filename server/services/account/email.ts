import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { Db } from '@/db/types';
import { langOf, type TLang } from '@/lib/i18n/lang';
import type { TChangeEmailInput } from '@/lib/schemas/account';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { confirmEmailMail, emailChangeNoticeMail } from '@/server/mail/account-templates';
import { requireUser } from '@/server/services/access';
import { enqueueAccountMail, wakeMailWorker } from '@/server/services/notifications/mail-outbox';
import { takeRateLimit } from '@/server/services/rate-limit';
import { proveCurrentPassword } from '@/server/services/users/current-password';
import { findUserByEmail, isUniqueViolation } from '@/server/services/users/user-session';
import {
  addressHash,
  confirmEmailLink,
  maskEmail,
  signEmailToken,
  verifyEmailToken,
  type TEmailLink,
} from './email-token';

// Confirming one's address and changing it (docs/product.md "One's own account", docs/api.md
// "One's own account"). A confirmed address shows a badge; nothing waits for it.

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Writes the link's e-mail to the outbox in `tx`: sent by its job after the commit. */
async function enqueueLink(ctx: Pick<TCtx, 'now' | 'deps'>, tx: Db, link: TEmailLink, lang: TLang) {
  const token = await signEmailToken(link, ctx.deps.jwtSecret, ctx.now);
  await enqueueAccountMail(tx, ctx, {
    userId: link.userId,
    type: link.purpose === 'confirm' ? 'email_confirm' : 'email_change',
    mail: confirmEmailMail(
      lang,
      link.email,
      link.purpose,
      confirmEmailLink(ctx.deps.appUrl, lang, token),
    ),
  });
}

/**
 * Registration's confirmation link, written in the registration's transaction `tx` (a password
 * account; Google has confirmed its addresses already).
 */
export async function enqueueRegistrationLink(
  ctx: Pick<TCtx, 'now' | 'deps'>,
  tx: Db,
  user: { id: number; email: string; lang: string },
) {
  await enqueueLink(
    ctx,
    tx,
    { purpose: 'confirm', userId: user.id, email: user.email },
    langOf(user.lang),
  );
}

/** `POST /me/email/verification`: the link again, at most 5 an hour; a confirmed address gets none. */
export async function resendEmailConfirmation(ctx: TCtx, input: { lang?: TLang }) {
  const me = requireUser(ctx);
  const [account] = await ctx.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, lang: users.lang })
    .from(users)
    .where(eq(users.id, me.id));
  if (!account) throw new AppError('unauthorized');
  if (account.verifiedAt) return { email_verified: true, sent: false };
  await takeRateLimit(ctx, { name: 'emailLinksPerUser', subject: `user:${me.id}` });
  await ctx.db.transaction(async (tx) => {
    await enqueueLink(
      ctx,
      tx,
      { purpose: 'confirm', userId: me.id, email: account.email },
      input.lang ?? langOf(account.lang),
    );
  });
  wakeMailWorker();
  return { email_verified: false, sent: true };
}

const wrongPassword = () =>
  AppError.invalidField('current_password', 'wrong_password', {
    message: 'Failed to change the e-mail',
    messageEs: 'Error al cambiar el correo',
  });

/** The same answer registration gives for an address in use (docs/api.md "Errors"). */
const emailTaken = () =>
  new AppError('conflict', {
    message: 'This e-mail is already registered.',
    messageEs: 'Este correo ya está registrado.',
    errors: [{ path: 'new_email', code: 'email_taken' }],
  });

/**
 * `POST /me/email`: proves the current password (a wrong one counts as a failed login, as the
 * password change does), then sends a link to the new address and tells the old one. Nothing
 * changes until the link is opened: the old address keeps signing in meanwhile.
 */
export async function requestEmailChange(ctx: TCtx, input: TChangeEmailInput) {
  const me = requireUser(ctx);
  const [account] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash, lang: users.lang })
    .from(users)
    .where(eq(users.id, me.id));
  if (!account) throw new AppError('unauthorized');
  await proveCurrentPassword(ctx, account, input.current_password, wrongPassword);
  const newEmail = input.new_email.trim();
  if (sameAddress(newEmail, account.email)) {
    throw AppError.invalidField('new_email', 'same_email', {
      message: 'This is already your e-mail.',
      messageEs: 'Este ya es tu correo.',
    });
  }
  await takeRateLimit(ctx, { name: 'emailLinksPerUser', subject: `user:${me.id}` });
  if (await findUserByEmail(ctx.db, newEmail)) throw emailTaken();
  const lang = input.lang ?? langOf(account.lang);
  await ctx.db.transaction(async (tx) => {
    await enqueueLink(
      ctx,
      tx,
      { purpose: 'change', userId: me.id, email: newEmail, fromHash: addressHash(account.email) },
      lang,
    );
    await enqueueAccountMail(tx, ctx, {
      userId: me.id,
      type: 'email_changing',
      mail: emailChangeNoticeMail(lang, account.email, 'changing', maskEmail(newEmail)),
    });
  });
  wakeMailWorker();
  return { pending_email: newEmail };
}

const staleLink = () =>
  new AppError('expired', {
    message: 'This link is no longer valid. Ask for a new one in your settings.',
    messageEs: 'Este enlace ya no es válido. Pide uno nuevo en tu configuración.',
  });

/**
 * `POST /me/email/confirm` (no session needed: the link is the proof). A link applies only while
 * the account's address is still the one it names: a confirmation while the address is the one
 * confirmed, a change while the account still has the address it was asked from, so a link
 * replayed after a later change, another account's link, or an expired one is refused alike.
 */
export async function confirmEmail(ctx: TCtx, input: { token: string }) {
  const link = await verifyEmailToken(input.token, ctx.deps.jwtSecret, ctx.now);
  if (!link) throw staleLink();
  const [account] = await ctx.db
    .select({
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      lang: users.lang,
    })
    .from(users)
    .where(eq(users.id, link.userId));
  if (!account || account.deletedAt) throw staleLink();
  const applies =
    link.purpose === 'confirm'
      ? sameAddress(account.email, link.email)
      : addressHash(account.email) === link.fromHash;
  if (!applies) throw staleLink();

  if (link.purpose === 'confirm') {
    // Confirmed already: the same link opened twice answers the same.
    if (!account.verifiedAt) {
      await ctx.db
        .update(users)
        .set({ emailVerifiedAt: ctx.now, updatedAt: ctx.now })
        .where(
          and(
            eq(users.id, link.userId),
            sql`lower(${users.email}) = lower(${link.email})`,
            isNull(users.emailVerifiedAt),
          ),
        );
    }
    return { purpose: link.purpose, email: account.email };
  }

  let changed;
  try {
    changed = await ctx.db.transaction(async (tx) => {
      // The address it was asked from, still: of two links opened at once, one applies.
      const [row] = await tx
        .update(users)
        .set({ email: link.email, emailVerifiedAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${account.email})`))
        .returning({ email: users.email });
      if (!row) return null;
      await enqueueAccountMail(tx, ctx, {
        userId: link.userId,
        type: 'email_changed',
        mail: emailChangeNoticeMail(
          langOf(account.lang),
          account.email,
          'changed',
          maskEmail(link.email),
        ),
      });
      return row;
    });
  } catch (err) {
    // Someone registered the address since the link was sent.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  if (!changed) throw staleLink();
  wakeMailWorker();
  return { purpose: link.purpose, email: changed.email };
}
