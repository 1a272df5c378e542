import { requestedCompany } from '@/server/http/company-choice';
import { Hono, type Context } from 'hono';
import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { MAX_ID } from '@/lib/schemas/common';
import {
  changeStatusSchema,
  KIND_SCHEMAS,
  kindQuerySchema,
  lifecycleSchema,
  talentSearchSchema,
  updateWalletSchema,
} from '@/lib/schemas/marketplace';
import { idSchema } from '@/lib/schemas/profile';
import { BOARD_QUERY_SCHEMAS } from '@/lib/schemas/workbench';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { optionalAuth, requireRole } from '@/server/middleware/auth';
import * as applications from '@/server/services/marketplace/applications';
import { listApplicants } from '@/server/services/marketplace/board';
import {
  cancelPosting,
  finishPosting,
  readyToClose,
  startProject,
} from '@/server/services/marketplace/lifecycle';
import { recordTransaction } from '@/server/services/marketplace/records';
import * as postings from '@/server/services/marketplace/postings';
import { changeApplicationStatus } from '@/server/services/marketplace/status-change';
import { searchTalents } from '@/server/services/marketplace/talents';

// The marketplace (docs/api.md "Marketplace"). Routes check the role up front (401 anonymous,
// 403 the other role); services check ownership and the posting's state. The routes of a
// posting kind are written once and mounted once per kind, at the paths its descriptor names
// (docs/architecture.md "One marketplace for two kinds").

const SAVED = { message: 'Saved.', message_es: 'Guardado.' };
const CANCELLED = { message: 'Posting cancelled.', message_es: 'Publicación cancelada.' };
const APPLIED = { message: 'Application sent.', message_es: 'Postulación enviada.' };
const WITHDRAWN = { message: 'Application withdrawn.', message_es: 'Postulación retirada.' };
/** docs/product.md "Error catalogue", "Application updates": the success text of a status change. */
const DATA_SAVED = {
  message: 'Data saved successfully',
  message_es: 'Datos guardados correctamente',
};
const STARTED = { message: 'Project started.', message_es: 'Proyecto iniciado.' };
const FINISHED = { message: 'Posting finished.', message_es: 'Publicación finalizada.' };

/** A path id: digits within the ids' range; anything else is a posting that does not exist. */
function pathId(c: Context<TAppEnv>, kind: TPostingKind): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw postings.postingNotFound(kind);
  return id;
}

/**
 * The routes of one posting kind, at the paths its descriptor names: `/projects` and
 * `/project_applications`, or `/jobs` and `/job_applications`.
 */
function kindRoutes<K extends TPostingKind>(app: Hono<TAppEnv>, kind: K) {
  const { postings: posts, applications: apps } = KINDS[kind];
  const schemas = KIND_SCHEMAS[kind];
  return (
    app
      // Postings: anyone searches and reads; businesses write their own.
      // A signed-in talent's reads say which postings they saved (docs/api.md "Favourites").
      .get(`/${posts}`, optionalAuth, async (c) => {
        const query = queryParams(c, schemas.search);
        const data = await postings.searchPostings(c.var.ctx, { ...query, kind });
        return c.json({ status: true, data });
      })
      .get(`/${posts}/:id`, optionalAuth, async (c) => {
        const data = await postings.getPostingPage(c.var.ctx, { kind, id: pathId(c, kind) });
        return c.json({ status: true, data });
      })
      .post(`/${posts}`, requireRole('business'), async (c) => {
        const input = await jsonBody(c, schemas.posting);
        const company_id = requestedCompany(c);
        const data = await postings.createPosting(c.var.ctx, { ...input, kind, company_id });
        return c.json({ status: true, data, ...SAVED }, 201);
      })
      .patch(`/${posts}`, requireRole('business'), async (c) => {
        const input = await jsonBody(c, schemas.postingPatch);
        const data = await postings.updatePosting(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...SAVED });
      })
      .delete(`/${posts}`, requireRole('business'), async (c) => {
        const input = await jsonBody(c, idSchema);
        const data = await cancelPosting(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...CANCELLED });
      })
      // Applications: talents apply, edit and withdraw their own.
      .post(`/${apps}`, requireRole('talent'), async (c) => {
        const input = await jsonBody(c, schemas.application);
        const data = await applications.applyTo(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...APPLIED }, 201);
      })
      .patch(`/${apps}`, requireRole('talent'), async (c) => {
        const input = await jsonBody(c, schemas.applicationPatch);
        const data = await applications.updateApplication(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...SAVED });
      })
      .delete(`/${apps}`, requireRole('talent'), async (c) => {
        const input = await jsonBody(c, idSchema);
        const data = await applications.withdrawApplication(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...WITHDRAWN });
      })
      // The pipeline and lifecycle (docs/api.md "Pipeline and lifecycle").
      .get(`/${posts}/:id/applications`, requireRole('business'), async (c) => {
        // The board's search, filters and order (docs/api.md "The recruiter's workbench").
        const query = queryParams(c, BOARD_QUERY_SCHEMAS[kind]);
        const input = { ...query, id: pathId(c, kind) };
        return c.json({
          status: true,
          data: await listApplicants(c.var.ctx, { ...input, kind }),
        });
      })
      .post(`/${apps}/changeApplicationStatus`, requireRole('business'), async (c) => {
        const input = await jsonBody(c, changeStatusSchema);
        const data = await changeApplicationStatus(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...DATA_SAVED });
      })
      .post(`/${posts}/end`, requireRole('business'), async (c) => {
        const input = await jsonBody(c, lifecycleSchema);
        const data = await finishPosting(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...FINISHED });
      })
      // On-chain records of finished work (docs/product.md "The calls").
      .patch(`/${apps}/update_wallet`, requireRole('talent'), async (c) => {
        const input = await jsonBody(c, updateWalletSchema);
        const data = await recordTransaction(c.var.ctx, { ...input, kind });
        return c.json({ status: true, data, ...DATA_SAVED });
      })
  );
}

const app = new Hono<TAppEnv>();
for (const kind of POSTING_KINDS) kindRoutes(app, kind);

export const marketplaceRoutes = app
  // What only projects have: a start, and the talent's "ready to close".
  .post('/projects/start', requireRole('business'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    return c.json({
      status: true,
      data: await startProject(c.var.ctx, input),
      ...STARTED,
    });
  })
  .post('/project_applications/readytoclose', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    return c.json({ status: true, data: await readyToClose(c.var.ctx, input) });
  })
  // The caller's own lists.
  .get('/me/applications', requireRole('talent'), async (c) => {
    const input = queryParams(c, kindQuerySchema);
    return c.json({ status: true, data: await applications.listMyApplications(c.var.ctx, input) });
  })
  .get('/me/postings', requireRole('business'), async (c) => {
    const { posting_id: _ignored, ...input } = queryParams(c, kindQuerySchema);
    const company_id = requestedCompany(c);
    return c.json({
      status: true,
      data: await postings.listMyPostings(c.var.ctx, { ...input, company_id }),
    });
  })
  .get('/talents', requireRole('business'), async (c) => {
    const query = queryParams(c, talentSearchSchema);
    return c.json({ status: true, data: await searchTalents(c.var.ctx, query) });
  });
