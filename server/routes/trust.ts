import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import {
  newReportSchema,
  reportsQuerySchema,
  resolveReportSchema,
  type TReportAction,
} from '@/lib/schemas/trust';
import type { TAppEnv } from '@/server/context';
import { AppError } from '@/server/errors';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth, requireOperator } from '@/server/middleware/auth';
import {
  createReport,
  getAdminUser,
  listReports,
  reportNotFound,
  resolveReport,
  unsuspendUser,
} from '@/server/services/trust/reports';

// Reports and the operators' decisions on them (docs/api.md "Reports", "Operators"). The
// operators' calls answer nobody else: 404 to anyone but an operator, before anything is read.

const REPORTED = {
  message: 'Report sent. The operators will review it.',
  message_es: 'Denuncia enviada. Los operadores la revisarán.',
};
/** What a resolution did, by its action (docs/api.md "Reports"). */
const RESOLVED: Record<TReportAction, { message: string; message_es: string }> = {
  dismiss: { message: 'Report dismissed.', message_es: 'Denuncia descartada.' },
  hide: { message: 'Content hidden.', message_es: 'Contenido ocultado.' },
  suspend: { message: 'Account suspended.', message_es: 'Cuenta suspendida.' },
};
const UNSUSPENDED = { message: 'Suspension lifted.', message_es: 'Suspensión levantada.' };

/** A path id: digits within the ids' range; anything else is `notFound`. */
function pathId(c: Context<TAppEnv>, notFound: () => AppError): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw notFound();
  return id;
}

const userNotFound = () => new AppError('not_found');

export const trustRoutes = new Hono<TAppEnv>()
  .post('/reports', requireAuth, async (c) => {
    const input = await jsonBody(c, newReportSchema);
    const data = await createReport(c.var.ctx, input);
    return c.json({ status: true, data, ...REPORTED }, 201);
  })
  .get('/admin/reports', requireOperator, async (c) => {
    const input = queryParams(c, reportsQuerySchema);
    return c.json({ status: true, data: await listReports(c.var.ctx, input) });
  })
  .post('/admin/reports/:id/resolve', requireOperator, async (c) => {
    const id = pathId(c, reportNotFound);
    const input = await jsonBody(c, resolveReportSchema);
    const data = await resolveReport(c.var.ctx, { ...input, id });
    return c.json({ status: true, data, ...RESOLVED[input.action] });
  })
  .get('/admin/users/:id', requireOperator, async (c) => {
    const id = pathId(c, userNotFound);
    return c.json({ status: true, data: await getAdminUser(c.var.ctx, { id }) });
  })
  .post('/admin/users/:id/unsuspend', requireOperator, async (c) => {
    const id = pathId(c, userNotFound);
    const data = await unsuspendUser(c.var.ctx, { id });
    return c.json({ status: true, data, ...UNSUSPENDED });
  });
