import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import {
  FAVORITE_KINDS,
  favoritesQuerySchema,
  recommendationsQuerySchema,
  type TFavoriteKind,
} from '@/lib/schemas/favorites';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { queryParams } from '@/server/lib/validate';
import { requireAuth, requireRole } from '@/server/middleware/auth';
import { listFavorites, removeFavorite, saveFavorite } from '@/server/services/discovery/favorites';
import { listRecommendations } from '@/server/services/discovery/recommendations';

// Favourites and "For you" (docs/api.md "Favourites", "For you"). A signed-in caller of the
// other role is refused (403) before any id is looked at, as the marketplace's calls do.

const SAVED = { message: 'Saved to your favourites.', message_es: 'Guardado en tus favoritos.' };
const REMOVED = {
  message: 'Removed from your favourites.',
  message_es: 'Quitado de tus favoritos.',
};

/** The address's kind and id: an unknown kind or an id that cannot be one is not found. */
function target(c: Context<TAppEnv>): { kind: TFavoriteKind; id: number } {
  const kind = c.req.param('kind') as TFavoriteKind;
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (!FAVORITE_KINDS.includes(kind)) throw new AppError('not_found');
  return { kind, id: id > MAX_ID ? 0 : id };
}

export const favoriteRoutes = new Hono<TAppEnv>()
  .put('/me/favorites/:kind/:id', requireAuth, async (c) => {
    const data = await saveFavorite(c.var.ctx, target(c));
    return c.json({ status: true, data, ...SAVED });
  })
  .delete('/me/favorites/:kind/:id', requireAuth, async (c) => {
    const data = await removeFavorite(c.var.ctx, target(c));
    return c.json({ status: true, data, ...REMOVED });
  })
  .get('/me/favorites', requireAuth, async (c) => {
    const input = queryParams(c, favoritesQuerySchema);
    return c.json({ status: true, data: await listFavorites(c.var.ctx, input) });
  })
  .get('/me/recommendations', requireRole('talent'), async (c) => {
    const input = queryParams(c, recommendationsQuerySchema);
    return c.json({ status: true, data: await listRecommendations(c.var.ctx, input) });
  });
