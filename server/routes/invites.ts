import { Hono, type Context } from 'hono';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { MAX_ID } from '@/lib/schemas/common';
import { inviteSchema, myInvitesQuerySchema } from '@/lib/schemas/invites';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireRole } from '@/server/middleware/auth';
import { invite, listMyInvites } from '@/server/services/discovery/invites';
import { postingNotFound } from '@/server/services/marketplace/posting-dto';

// Invitations to apply (docs/api.md "Invitations to apply"): a posting's team invites a talent;
// the talent lists theirs.

const SENT = { message: 'Invitation sent.', message_es: 'Invitación enviada.' };

/** A path id: digits within the ids' range; anything else is a posting that does not exist. */
function pathId(c: Context<TAppEnv>, kind: TPostingKind): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw postingNotFound(kind);
  return id;
}

const app = new Hono<TAppEnv>();
for (const kind of POSTING_KINDS) {
  app.post(`/${KINDS[kind].postings}/:id/invites`, requireRole('business'), async (c) => {
    const id = pathId(c, kind);
    const { lang: _lang, ...input } = await jsonBody(c, inviteSchema);
    const data = await invite(c.var.ctx, { ...input, kind, id });
    return c.json({ status: true, data, ...SENT }, 201);
  });
}

export const inviteRoutes = app.get('/me/invites', requireRole('talent'), async (c) => {
  const input = queryParams(c, myInvitesQuerySchema);
  return c.json({ status: true, data: await listMyInvites(c.var.ctx, input) });
});
