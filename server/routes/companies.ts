import { Hono, type Context } from 'hono';
import {
  auditQuerySchema,
  INVITATION_TOKEN,
  inviteSchema,
  memberRoleSchema,
  resendInvitationSchema,
} from '@/lib/schemas/companies';
import { MAX_ID } from '@/lib/schemas/common';
import type { TAppEnv } from '@/server/context';
import type { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth, requireRole } from '@/server/middleware/auth';
import * as invitations from '@/server/services/companies/invitations';
import * as members from '@/server/services/companies/members';
import { companyNotFound } from '@/server/services/companies/permissions';

// Companies and teams (docs/api.md "Companies and teams"): the team, its invitations and its
// audit log. Who may do what is decided in server/services/companies/permissions.ts.

const OK = { message: 'Saved.', message_es: 'Guardado.' };

/** A path id: digits within the ids' range; anything else is `notFound()`. */
function pathId(c: Context<TAppEnv>, name: string, notFound: () => AppError): number {
  const raw = c.req.param(name) ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw notFound();
  return id;
}

const companyId = (c: Context<TAppEnv>) => pathId(c, 'id', companyNotFound);

/** A link's token: anything not shaped like one is an unknown link. */
function token(c: Context<TAppEnv>): string {
  const raw = c.req.param('token') ?? '';
  if (!INVITATION_TOKEN.test(raw)) throw invitations.invitationNotFound();
  return raw;
}

export const companyRoutes = new Hono<TAppEnv>()
  .get('/me/companies', requireRole('business'), async (c) => {
    return c.json({ status: true, data: await members.myCompanies(c.var.ctx) });
  })
  .get('/companies/:id{[0-9]+}/members', requireAuth, async (c) => {
    const data = await members.listMembers(c.var.ctx, { companyId: companyId(c) });
    return c.json({ status: true, data });
  })
  .patch('/companies/:id{[0-9]+}/members/:user_id', requireAuth, async (c) => {
    const id = companyId(c);
    const userId = pathId(c, 'user_id', companyNotFound);
    const body = await jsonBody(c, memberRoleSchema);
    const data = await members.changeMemberRole(c.var.ctx, { companyId: id, userId, ...body });
    return c.json({ status: true, data, ...OK });
  })
  .delete('/companies/:id{[0-9]+}/members/:user_id', requireAuth, async (c) => {
    const id = companyId(c);
    const userId = pathId(c, 'user_id', companyNotFound);
    await members.removeMember(c.var.ctx, { companyId: id, userId });
    return c.json({
      status: true,
      message: 'Removed from the company.',
      message_es: 'Quitado de la empresa.',
    });
  })
  .post('/companies/:id{[0-9]+}/invitations', requireAuth, async (c) => {
    const id = companyId(c);
    const body = await jsonBody(c, inviteSchema);
    const data = await invitations.createInvitation(c.var.ctx, { companyId: id, ...body });
    return c.json(
      { status: true, data, message: 'Invitation sent.', message_es: 'Invitación enviada.' },
      201,
    );
  })
  .get('/companies/:id{[0-9]+}/invitations', requireAuth, async (c) => {
    const data = await invitations.listInvitations(c.var.ctx, { companyId: companyId(c) });
    return c.json({ status: true, data });
  })
  .delete('/companies/:id{[0-9]+}/invitations/:invitation_id', requireAuth, async (c) => {
    const id = companyId(c);
    const invitationId = pathId(c, 'invitation_id', invitations.invitationNotFound);
    await invitations.revokeInvitation(c.var.ctx, { companyId: id, invitationId });
    return c.json({
      status: true,
      message: 'Invitation revoked.',
      message_es: 'Invitación revocada.',
    });
  })
  .post('/companies/:id{[0-9]+}/invitations/:invitation_id/resend', requireAuth, async (c) => {
    const id = companyId(c);
    const invitationId = pathId(c, 'invitation_id', invitations.invitationNotFound);
    const body = await jsonBody(c, resendInvitationSchema);
    const data = await invitations.resendInvitation(c.var.ctx, {
      companyId: id,
      invitationId,
      ...body,
    });
    return c.json({
      status: true,
      data,
      message: 'Invitation sent again.',
      message_es: 'Invitación enviada de nuevo.',
    });
  })
  .get('/companies/:id{[0-9]+}/audit', requireAuth, async (c) => {
    const query = queryParams(c, auditQuerySchema);
    const data = await members.listAudit(c.var.ctx, { companyId: companyId(c), ...query });
    return c.json({ status: true, data });
  })
  .get('/invitations/:token', async (c) => {
    return c.json({
      status: true,
      data: await invitations.getInvitation(c.var.ctx, { token: token(c) }),
    });
  })
  .post('/invitations/:token/accept', requireAuth, async (c) => {
    const data = await invitations.acceptInvitation(c.var.ctx, { token: token(c) });
    return c.json({
      status: true,
      data,
      message: 'Welcome to the team!',
      message_es: '¡Bienvenido/a al equipo!',
    });
  });
