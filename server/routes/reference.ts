import { Hono, type Context } from 'hono';
import type { TAppEnv } from '@/server/context';
import { countriesAnswer, languagesAnswer, type TFrozenAnswer } from '@/server/services/reference';

/** Reference lists change only with a package upgrade: cacheable for a day. */
const CACHE = 'public, max-age=86400';

/** Whether `If-None-Match` names this ETag (weak or strong, one of a list, or `*`). */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });

/**
 * The same bytes every time, serialised once (docs/api.md "Reference"): 304 without a body when
 * the client already holds them.
 */
function serve(c: Context<TAppEnv>, answer: TFrozenAnswer) {
  c.header('Cache-Control', CACHE);
  c.header('ETag', answer.etag);
  if (matches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  return c.body(answer.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
}

export const referenceRoutes = new Hono<TAppEnv>()
  .get('/countries', async (c) => serve(c, await countriesAnswer(c.var.ctx)))
  .get('/languages', async (c) => serve(c, await languagesAnswer(c.var.ctx)));
