import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import { newSavedSearchSchema, savedSearchPatchSchema } from '@/lib/schemas/saved-searches';
import type { TAppEnv } from '@/server/context';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  savedSearchNotFound,
  updateSavedSearch,
} from '@/server/services/discovery/saved-searches';

// Saved searches (docs/api.md "Saved searches"): the caller's own; anyone else's is not found.

const SAVED = { message: 'Search saved.', message_es: 'Búsqueda guardada.' };
const DELETED = { message: 'Search deleted.', message_es: 'Búsqueda eliminada.' };

/** The saved search id of the path: digits within the ids' range, anything else 404. */
function savedSearchId(c: Context<TAppEnv>): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw savedSearchNotFound();
  return id;
}

export const savedSearchRoutes = new Hono<TAppEnv>()
  .get('/saved_searches', requireAuth, async (c) => {
    return c.json({ status: true, data: await listSavedSearches(c.var.ctx) });
  })
  .post('/saved_searches', requireAuth, async (c) => {
    const input = await jsonBody(c, newSavedSearchSchema);
    const data = await createSavedSearch(c.var.ctx, input);
    return c.json({ status: true, data, ...SAVED }, 201);
  })
  .patch('/saved_searches/:id', requireAuth, async (c) => {
    const id = savedSearchId(c);
    const input = await jsonBody(c, savedSearchPatchSchema);
    const data = await updateSavedSearch(c.var.ctx, { ...input, id });
    return c.json({ status: true, data, ...SAVED });
  })
  .delete('/saved_searches/:id', requireAuth, async (c) => {
    const data = await deleteSavedSearch(c.var.ctx, { id: savedSearchId(c) });
    return c.json({ status: true, data, ...DELETED });
  });
