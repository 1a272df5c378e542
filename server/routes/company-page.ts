import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import { companyUpdateSchema } from '@/lib/schemas/company-page';
import type { TAppEnv } from '@/server/context';
import { requestedCompany } from '@/server/http/company-choice';
import { jsonBody } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import {
  chosenCompanyRecord,
  getCompanyPage,
  updateCompany,
} from '@/server/services/companies/company-page';
import { companyNotFound } from '@/server/services/companies/permissions';

// The company's public page and its editing (docs/api.md "Companies and teams").

const SAVED = { message: 'Company page saved.', message_es: 'Página de la empresa guardada.' };

/** A path id: digits within the ids' range; anything else is a company that does not exist. */
function companyId(c: Context<TAppEnv>): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw companyNotFound();
  return id;
}

export const companyPageRoutes = new Hono<TAppEnv>()
  .get('/companies/:slug{[^/]+}', async (c) => {
    const data = await getCompanyPage(c.var.ctx, { slug: c.req.param('slug') });
    return c.json({ status: true, data });
  })
  .patch('/companies/:id{[^/]+}', requireAuth, async (c) => {
    const id = companyId(c);
    const changes = await jsonBody(c, companyUpdateSchema);
    const data = await updateCompany(c.var.ctx, { id, changes });
    return c.json({ status: true, data, ...SAVED });
  })
  .get('/me/company', requireAuth, async (c) => {
    const data = await chosenCompanyRecord(c.var.ctx, requestedCompany(c));
    return c.json({ status: true, data });
  });
