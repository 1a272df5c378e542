import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import { newTokenSchema } from '@/lib/schemas/tokens';
import type { TAppEnv } from '@/server/context';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import {
  createToken,
  listTokens,
  revokeToken,
  tokenNotFound,
} from '@/server/services/open/personal-tokens';

// Personal access tokens (docs/api.md "Personal access tokens"): the caller's own, made and
// revoked with a session only. No token may call these (they are not in server/auth/scopes.ts
// TOKEN_SCOPE): a token cannot make or list tokens.

const CREATED = {
  message: 'Token created. Copy it now: it is not shown again.',
  message_es: 'Token creado. Cópialo ahora: no se vuelve a mostrar.',
};
const REVOKED = { message: 'Token revoked.', message_es: 'Token revocado.' };

/** The token id of the path: digits within the ids' range, anything else 404. */
function tokenId(c: Context<TAppEnv>): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw tokenNotFound();
  return id;
}

export const tokenRoutes = new Hono<TAppEnv>()
  .get('/me/tokens', requireAuth, async (c) => {
    return c.json({ status: true, data: await listTokens(c.var.ctx) });
  })
  .post('/me/tokens', requireAuth, async (c) => {
    const input = await jsonBody(c, newTokenSchema);
    const data = await createToken(c.var.ctx, input);
    return c.json({ status: true, data, ...CREATED }, 201);
  })
  .delete('/me/tokens/:id', requireAuth, async (c) => {
    await revokeToken(c.var.ctx, { id: tokenId(c) });
    return c.json({ status: true, ...REVOKED });
  });
