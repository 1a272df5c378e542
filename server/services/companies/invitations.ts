import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { companies, companyInvitations, companyMembers, users } from '@/db/schema';
import type { Db } from '@/db/types';
import type { TInvite } from '@/lib/schemas/companies';
import type { TCtx } from '@/server/context';
import { AppError } from '@/server/errors';
import { log } from '@/server/logger';
import { invitationMail, type TLang } from '@/server/mail/templates';
import { requireUser } from '@/server/services/access';
import {
  enqueueAccountMail,
  sendAccountMailNow,
  type TMailKey,
} from '@/server/services/notifications/mail-outbox';
import { companySubject, takeRateLimits } from '@/server/services/rate-limit';
import { audit } from './audit';
import { assertCompanyCan } from './permissions';

// Invitations to a company's team (docs/api.md "Companies and teams", docs/security.md
// "Invitations"): a link with 32 random bytes, stored only as their SHA-256, used once, valid
// 7 days. Only the company's owners and admins see who was invited; the public page of a link
// shows what its e-mail already told its reader.

export const INVITATION_TTL_DAYS = 7;

/** A new link token and the hash that is stored. */
function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600_000);

export const invitationNotFound = () =>
  new AppError('not_found', {
    message: 'This invitation does not exist or has already been used.',
    messageEs: 'Esta invitación no existe o ya se usó.',
  });

const expired = () =>
  new AppError('expired', {
    message: 'This invitation has expired. Ask the company for a new one.',
    messageEs: 'Esta invitación ha vencido. Pide a la empresa una nueva.',
  });

const otherEmail = () =>
  new AppError('forbidden', {
    message:
      'This invitation was sent to another e-mail address. Sign in with the account of the invited address.',
    messageEs:
      'Esta invitación se envió a otro correo. Inicia sesión con la cuenta del correo invitado.',
  });

const businessOnly = () =>
  new AppError('forbidden', {
    message:
      'Only business accounts can join a company. This account is a talent account: register a business account with the invited e-mail address.',
    messageEs:
      'Solo las cuentas de empresa pueden unirse a una empresa. Esta es una cuenta de talento: registra una cuenta de empresa con el correo invitado.',
  });

const alreadyMember = () =>
  new AppError('conflict', {
    message: 'You are already a member of this company.',
    messageEs: 'Ya eres miembro de esta empresa.',
  });

const isPending = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/** `ctx` working in the transaction `tx`: the checks inside read what the transaction sees. */
const within = (ctx: TCtx, tx: Db): TCtx => ({ ...ctx, db: tx });

/**
 * Locks the company's row until the transaction ends: every change of its membership takes it
 * first, so two of them (two owners demoting each other) run one after the other and the
 * second sees what the first did (docs/api.md "Companies and teams").
 */
export async function lockCompany(tx: Db, companyId: number) {
  const [row] = await tx
    .select({ id: companies.id, name: companies.name, slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return row;
}

const fullName = (u: { name: string; lastName: string }) =>
  [u.name, u.lastName].filter(Boolean).join(' ');

type TInvitationMail = {
  to: string;
  lang: TLang;
  inviter: string;
  company: string;
  role: 'admin' | 'recruiter';
  token: string;
  invitationId: number;
};

/**
 * The invitation e-mail, written to the outbox in the invitation's transaction `tx` (an account
 * e-mail: docs/architecture.md "E-mail outbox and job queue"); `inviterId` is the account it is
 * about. Answers its outbox key.
 */
const queueInvitation = (tx: Db, ctx: TCtx, inviterId: number, mail: TInvitationMail) =>
  enqueueAccountMail(tx, ctx, {
    userId: inviterId,
    type: 'invitation',
    mail: invitationMail(mail.lang, mail.to, { ...mail, appUrl: ctx.deps.appUrl }),
  });

/** Sends the invitation e-mail after the commit; a failure answers 503 (the invitation stays). */
async function sendInvitation(ctx: TCtx, key: TMailKey, invitationId: number) {
  if (await sendAccountMailNow(ctx, key)) return;
  log('error', 'invitation mail not sent', { invitationId });
  throw new AppError('unavailable', {
    message: 'The invitation was saved but its e-mail could not be sent. Resend it later.',
    messageEs:
      'La invitación se guardó, pero no se pudo enviar su correo. Vuelve a enviarla más tarde.',
  });
}

/** What an owner or admin sees of an invitation. */
const invitationDto = (row: { id: number; email: string; role: string; expiresAt: Date }) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

/** The company's name and the inviter's, for the e-mail. */
async function mailNames(tx: Db, companyId: number, inviterId: number) {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [inviter] = await tx
    .select({ name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, inviterId));
  return { company: company!.name, inviter: fullName(inviter!) };
}

/** Both invitation limits (docs/security.md "Rate limits"), taken in the writing transaction. */
const takeInvitationLimits = (ctx: TCtx, companyId: number, inviterId: number) =>
  takeRateLimits(
    ctx,
    [
      { name: 'invitationsPerCompany', subject: companySubject(companyId) },
      { name: 'invitationsPerInviter', subject: `inviter:${inviterId}` },
    ],
    {
      message: 'Too many invitations for now. Please try again later.',
      messageEs: 'Demasiadas invitaciones por ahora. Vuelve a intentarlo más tarde.',
    },
  );

/**
 * `POST /companies/{id}/invitations`: replaces any pending invitation of the same address to the
 * company, and mails the new link. The answer is the same whether the address has an account.
 */
export async function createInvitation(ctx: TCtx, input: TInvite & { companyId: number }) {
  const { now } = ctx;
  const { companyId } = input;
  const email = input.email.toLowerCase();
  const made = await ctx.db.transaction(async (tx) => {
    const { me } = await assertCompanyCan(within(ctx, tx), companyId, 'team.manage');
    const [member] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), sql`lower(${users.email}) = ${email}`));
    if (member) {
      throw new AppError('conflict', {
        message: 'This person is already a member of the company.',
        messageEs: 'Esta persona ya es miembro de la empresa.',
      });
    }
    await takeInvitationLimits(within(ctx, tx), companyId, me.id);
    await tx
      .update(companyInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(companyInvitations.companyId, companyId),
          eq(companyInvitations.email, email),
          isPending,
        ),
      );
    const { token, tokenHash } = newToken();
    const [row] = await tx
      .insert(companyInvitations)
      .values({
        companyId,
        email,
        role: input.role,
        tokenHash,
        lang: input.lang,
        invitedBy: me.id,
        expiresAt: expiryFrom(now),
        createdAt: now,
      })
      .returning();
    await audit(tx, {
      companyId,
      actorId: me.id,
      action: 'invitation.created',
      target: { type: 'invitation', id: row!.id, label: email, role: input.role },
      now,
    });
    const mailKey = await queueInvitation(tx, ctx, me.id, {
      to: email,
      lang: input.lang,
      role: input.role,
      token,
      invitationId: row!.id,
      ...(await mailNames(tx, companyId, me.id)),
    });
    return { row: row!, mailKey };
  });
  await sendInvitation(ctx, made.mailKey, made.row.id);
  return invitationDto(made.row);
}

/** `GET /companies/{id}/invitations`: the pending ones, newest first, expired ones marked. */
export async function listInvitations(ctx: TCtx, input: { companyId: number }) {
  await assertCompanyCan(ctx, input.companyId, 'team.manage');
  const inviter = alias(users, 'inviter');
  const rows = await ctx.db
    .select({
      id: companyInvitations.id,
      email: companyInvitations.email,
      role: companyInvitations.role,
      expiresAt: companyInvitations.expiresAt,
      createdAt: companyInvitations.createdAt,
      inviterId: inviter.id,
      inviterName: inviter.name,
      inviterLastName: inviter.lastName,
    })
    .from(companyInvitations)
    .leftJoin(inviter, eq(inviter.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.companyId, input.companyId), isPending))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
  return rows.map((r) => ({
    ...invitationDto(r),
    expired: r.expiresAt <= ctx.now,
    created_at: r.createdAt.toISOString(),
    invited_by:
      r.inviterId === null
        ? null
        : { id: r.inviterId, name: r.inviterName!, last_name: r.inviterLastName! },
  }));
}

/** `DELETE /companies/{id}/invitations/{invitation_id}`: its link then answers 404. */
export async function revokeInvitation(
  ctx: TCtx,
  input: { companyId: number; invitationId: number },
) {
  await ctx.db.transaction(async (tx) => {
    const { me } = await assertCompanyCan(within(ctx, tx), input.companyId, 'team.manage');
    const [row] = await tx
      .update(companyInvitations)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          eq(companyInvitations.id, input.invitationId),
          eq(companyInvitations.companyId, input.companyId),
          isPending,
        ),
      )
      .returning();
    if (!row) throw invitationNotFound();
    await audit(tx, {
      companyId: input.companyId,
      actorId: me.id,
      action: 'invitation.revoked',
      target: { type: 'invitation', id: row.id, label: row.email, role: row.role },
      now: ctx.now,
    });
  });
}

/**
 * `POST /companies/{id}/invitations/{invitation_id}/resend`: a new link with 7 new days, mailed
 * again in `lang`; the old link stops working.
 */
export async function resendInvitation(
  ctx: TCtx,
  input: { companyId: number; invitationId: number; lang: TLang },
) {
  const { now } = ctx;
  const made = await ctx.db.transaction(async (tx) => {
    const { me } = await assertCompanyCan(within(ctx, tx), input.companyId, 'team.manage');
    await takeInvitationLimits(within(ctx, tx), input.companyId, me.id);
    const { token, tokenHash } = newToken();
    const [row] = await tx
      .update(companyInvitations)
      .set({ tokenHash, expiresAt: expiryFrom(now), lang: input.lang })
      .where(
        and(
          eq(companyInvitations.id, input.invitationId),
          eq(companyInvitations.companyId, input.companyId),
          isPending,
        ),
      )
      .returning();
    if (!row) throw invitationNotFound();
    await audit(tx, {
      companyId: input.companyId,
      actorId: me.id,
      action: 'invitation.resent',
      target: { type: 'invitation', id: row.id, label: row.email, role: row.role },
      now,
    });
    const mailKey = await queueInvitation(tx, ctx, me.id, {
      to: row.email,
      lang: input.lang,
      role: row.role as 'admin' | 'recruiter',
      token,
      invitationId: row.id,
      ...(await mailNames(tx, input.companyId, me.id)),
    });
    return { row, mailKey };
  });
  await sendInvitation(ctx, made.mailKey, made.row.id);
  return invitationDto(made.row);
}

/** The pending invitation of a link's token, with its company and inviter, or undefined. */
async function pendingByToken(db: Db, token: string) {
  const inviter = alias(users, 'inviter');
  const [row] = await db
    .select({
      id: companyInvitations.id,
      companyId: companyInvitations.companyId,
      email: companyInvitations.email,
      role: companyInvitations.role,
      expiresAt: companyInvitations.expiresAt,
      company: {
        id: companies.id,
        name: companies.name,
        slug: companies.slug,
        logoUrl: companies.logoUrl,
      },
      inviterName: inviter.name,
      inviterLastName: inviter.lastName,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(inviter, eq(inviter.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.tokenHash, hashToken(token)), isPending));
  return row;
}

/**
 * `GET /invitations/{token}`, for anyone holding the link: what its e-mail said. An unknown,
 * used or revoked link is 404; an expired one is answered with `expired: true`.
 */
export async function getInvitation(ctx: TCtx, input: { token: string }) {
  const row = await pendingByToken(ctx.db, input.token);
  if (!row) throw invitationNotFound();
  return {
    company: { name: row.company.name, slug: row.company.slug, logo_url: row.company.logoUrl },
    role: row.role,
    email: row.email,
    expired: row.expiresAt <= ctx.now,
    inviter:
      row.inviterName === null ? null : { name: row.inviterName, last_name: row.inviterLastName! },
  };
}

type TPending = NonNullable<Awaited<ReturnType<typeof pendingByToken>>>;

/**
 * The invitation of `token` that `user` may accept: 404 unknown or used, 409 `expired`, 403
 * another e-mail, 403 a talent. Registration checks the same before creating the account.
 */
export async function invitationFor(
  db: Db,
  token: string,
  user: { email: string; isTalent: boolean },
  now: Date,
): Promise<TPending> {
  const row = await pendingByToken(db, token);
  if (!row) throw invitationNotFound();
  if (row.expiresAt <= now) throw expired();
  if (row.email.toLowerCase() !== user.email.toLowerCase()) throw otherEmail();
  if (user.isTalent) throw businessOnly();
  return row;
}

/**
 * Makes `userId` a member through `invitation`, in the caller's transaction: the company's row
 * locked, the invitation used up by a conditional update (so two accepts at once make one
 * membership), the membership written, `member.joined` audited.
 */
export async function joinByInvitation(
  tx: Db,
  invitation: TPending,
  user: { id: number; name: string; lastName: string },
  now: Date,
) {
  await lockCompany(tx, invitation.companyId);
  const [member] = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(eq(companyMembers.companyId, invitation.companyId), eq(companyMembers.userId, user.id)),
    );
  if (member) throw alreadyMember();
  const [used] = await tx
    .update(companyInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(companyInvitations.id, invitation.id), isPending))
    .returning({ id: companyInvitations.id });
  if (!used) throw invitationNotFound();
  await tx.insert(companyMembers).values({
    companyId: invitation.companyId,
    userId: user.id,
    role: invitation.role,
    joinedAt: now,
  });
  await audit(tx, {
    companyId: invitation.companyId,
    actorId: user.id,
    action: 'member.joined',
    target: { type: 'member', id: user.id, label: fullName(user), role: invitation.role },
    now,
  });
  return {
    company: {
      id: invitation.company.id,
      slug: invitation.company.slug,
      name: invitation.company.name,
    },
    role: invitation.role,
    joined_at: now.toISOString(),
  };
}

/** `POST /invitations/{token}/accept`: the signed-in user with the invited e-mail joins. */
export async function acceptInvitation(ctx: TCtx, input: { token: string }) {
  const me = requireUser(ctx);
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, me.id));
  const invitation = await invitationFor(
    ctx.db,
    input.token,
    { email: user!.email, isTalent: me.isTalent },
    ctx.now,
  );
  return ctx.db.transaction((tx) => joinByInvitation(tx, invitation, user!, ctx.now));
}
