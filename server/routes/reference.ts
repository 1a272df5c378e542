import { Hono } from 'hono';
import type { TAppEnv } from '@/server/context';
import { listCountries, listLanguages } from '@/server/services/reference';

/** Reference lists change only with a package upgrade: cacheable for a day. */
const CACHE = 'public, max-age=86400';

export const referenceRoutes = new Hono<TAppEnv>()
  .get('/countries', async (c) => {
    c.header('Cache-Control', CACHE);
    return c.json({ status: true, data: await listCountries(c.var.ctx) });
  })
  .get('/languages', async (c) => {
    c.header('Cache-Control', CACHE);
    return c.json({ status: true, data: await listLanguages(c.var.ctx) });
  });
