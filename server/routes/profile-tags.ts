import { Hono } from 'hono';
import {
  languageSchema,
  roleInterestSchema,
  skillSchema,
  skillSearchSchema,
} from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import * as tags from '@/server/services/profile/tags';

/**
 * Skills, roles of interest and languages (docs/product.md "The calls"): replaced by "delete all" then one POST each;
 * each POST answers the entry as the user object lists it.
 */
export const profileTagRoutes = new Hono<TAppEnv>()
  .get('/skills', async (c) => {
    const input = queryParams(c, skillSearchSchema);
    return c.json({ status: true, data: await tags.suggestSkills(c.var.ctx, input) });
  })
  .delete('/user_skills/all', requireAuth, async (c) => {
    await tags.clearSkills(c.var.ctx);
    return c.json({ status: true });
  })
  .post('/user_skills', requireAuth, async (c) => {
    const input = await jsonBody(c, skillSchema);
    return c.json({ status: true, data: await tags.addSkill(c.var.ctx, input) });
  })
  .delete('/me/roles_interest/all', requireAuth, async (c) => {
    await tags.clearRoles(c.var.ctx);
    return c.json({ status: true });
  })
  .post('/me/roles_interest', requireAuth, async (c) => {
    const input = await jsonBody(c, roleInterestSchema);
    return c.json({ status: true, data: await tags.addRole(c.var.ctx, input) });
  })
  .delete('/me/languages/all', requireAuth, async (c) => {
    await tags.clearLanguages(c.var.ctx);
    return c.json({ status: true });
  })
  .post('/me/languages', requireAuth, async (c) => {
    const input = await jsonBody(c, languageSchema);
    return c.json({ status: true, data: await tags.addLanguage(c.var.ctx, input) });
  });
