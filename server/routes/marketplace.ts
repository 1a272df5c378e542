import { Hono, type Context } from 'hono';
import { MAX_ID } from '@/lib/schemas/common';
import {
  jobApplicationPatchSchema,
  jobApplicationSchema,
  jobPatchSchema,
  jobSchema,
  boardQuerySchema,
  changeStatusSchema,
  jobSearchSchema,
  kindQuerySchema,
  lifecycleSchema,
  updateWalletSchema,
  projectApplicationPatchSchema,
  projectApplicationSchema,
  projectPatchSchema,
  projectSchema,
  projectSearchSchema,
  talentSearchSchema,
} from '@/lib/schemas/marketplace';
import { idSchema } from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireRole } from '@/server/middleware/auth';
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
// 403 the other role); services check ownership and the posting's state.

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
function pathId(c: Context<TAppEnv>, kind: postings.TKind): number {
  const raw = c.req.param('id') ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id === 0 || id > MAX_ID) throw postings.postingNotFound(kind);
  return id;
}

export const marketplaceRoutes = new Hono<TAppEnv>()
  // Postings: anyone searches and reads; businesses write their own.
  .get('/projects', async (c) => {
    const query = queryParams(c, projectSearchSchema);
    return c.json({
      status: true,
      data: await postings.searchPostings(c.var.ctx, 'project', query),
    });
  })
  .get('/jobs', async (c) => {
    const query = queryParams(c, jobSearchSchema);
    return c.json({ status: true, data: await postings.searchPostings(c.var.ctx, 'job', query) });
  })
  .get('/projects/:id', async (c) => {
    const data = await postings.getPosting(c.var.ctx, {
      kind: 'project',
      id: pathId(c, 'project'),
    });
    return c.json({ status: true, data });
  })
  .get('/jobs/:id', async (c) => {
    const data = await postings.getPosting(c.var.ctx, { kind: 'job', id: pathId(c, 'job') });
    return c.json({ status: true, data });
  })
  .post('/projects', requireRole('business'), async (c) => {
    const input = await jsonBody(c, projectSchema);
    const data = await postings.createProject(c.var.ctx, input);
    return c.json({ status: true, data, ...SAVED }, 201);
  })
  .post('/jobs', requireRole('business'), async (c) => {
    const input = await jsonBody(c, jobSchema);
    const data = await postings.createJob(c.var.ctx, input);
    return c.json({ status: true, data, ...SAVED }, 201);
  })
  .patch('/projects', requireRole('business'), async (c) => {
    const input = await jsonBody(c, projectPatchSchema);
    return c.json({ status: true, data: await postings.updateProject(c.var.ctx, input), ...SAVED });
  })
  .patch('/jobs', requireRole('business'), async (c) => {
    const input = await jsonBody(c, jobPatchSchema);
    return c.json({ status: true, data: await postings.updateJob(c.var.ctx, input), ...SAVED });
  })
  .delete('/projects', requireRole('business'), async (c) => {
    const input = await jsonBody(c, idSchema);
    const data = await cancelPosting(c.var.ctx, { ...input, kind: 'project' });
    return c.json({ status: true, data, ...CANCELLED });
  })
  .delete('/jobs', requireRole('business'), async (c) => {
    const input = await jsonBody(c, idSchema);
    const data = await cancelPosting(c.var.ctx, { ...input, kind: 'job' });
    return c.json({ status: true, data, ...CANCELLED });
  })
  // Applications: talents apply, edit and withdraw their own.
  .post('/project_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, projectApplicationSchema);
    const data = await applications.applyToProject(c.var.ctx, input);
    return c.json({ status: true, data, ...APPLIED }, 201);
  })
  .post('/job_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, jobApplicationSchema);
    const data = await applications.applyToJob(c.var.ctx, input);
    return c.json({ status: true, data, ...APPLIED }, 201);
  })
  .patch('/project_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, projectApplicationPatchSchema);
    const data = await applications.updateProjectApplication(c.var.ctx, input);
    return c.json({ status: true, data, ...SAVED });
  })
  .patch('/job_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, jobApplicationPatchSchema);
    const data = await applications.updateJobApplication(c.var.ctx, input);
    return c.json({ status: true, data, ...SAVED });
  })
  .delete('/project_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, idSchema);
    const data = await applications.withdrawApplication(c.var.ctx, 'project', input);
    return c.json({ status: true, data, ...WITHDRAWN });
  })
  .delete('/job_applications', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, idSchema);
    const data = await applications.withdrawApplication(c.var.ctx, 'job', input);
    return c.json({ status: true, data, ...WITHDRAWN });
  })
  // The caller's own lists.
  // The pipeline and lifecycle (docs/api.md "Pipeline and lifecycle").
  .get('/projects/:id/applications', requireRole('business'), async (c) => {
    const query = queryParams(c, boardQuerySchema);
    const input = { ...query, id: pathId(c, 'project') };
    return c.json({
      status: true,
      data: await listApplicants(c.var.ctx, { ...input, kind: 'project' }),
    });
  })
  .get('/jobs/:id/applications', requireRole('business'), async (c) => {
    const query = queryParams(c, boardQuerySchema);
    const input = { ...query, id: pathId(c, 'job') };
    return c.json({
      status: true,
      data: await listApplicants(c.var.ctx, { ...input, kind: 'job' }),
    });
  })
  .post('/project_applications/changeApplicationStatus', requireRole('business'), async (c) => {
    const input = await jsonBody(c, changeStatusSchema);
    const data = await changeApplicationStatus(c.var.ctx, { ...input, kind: 'project' });
    return c.json({ status: true, data, ...DATA_SAVED });
  })
  .post('/job_applications/changeApplicationStatus', requireRole('business'), async (c) => {
    const input = await jsonBody(c, changeStatusSchema);
    const data = await changeApplicationStatus(c.var.ctx, { ...input, kind: 'job' });
    return c.json({ status: true, data, ...DATA_SAVED });
  })
  .post('/projects/start', requireRole('business'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    return c.json({
      status: true,
      data: await startProject(c.var.ctx, input),
      ...STARTED,
    });
  })
  .post('/projects/end', requireRole('business'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    const data = await finishPosting(c.var.ctx, { ...input, kind: 'project' });
    return c.json({ status: true, data, ...FINISHED });
  })
  .post('/jobs/end', requireRole('business'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    return c.json({
      status: true,
      data: await finishPosting(c.var.ctx, { ...input, kind: 'job' }),
      ...FINISHED,
    });
  })
  .post('/project_applications/readytoclose', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, lifecycleSchema);
    return c.json({ status: true, data: await readyToClose(c.var.ctx, input) });
  })
  // On-chain records of finished work (docs/product.md "The calls").
  .patch('/project_applications/update_wallet', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, updateWalletSchema);
    const data = await recordTransaction(c.var.ctx, 'project', input);
    return c.json({ status: true, data, ...DATA_SAVED });
  })
  .patch('/job_applications/update_wallet', requireRole('talent'), async (c) => {
    const input = await jsonBody(c, updateWalletSchema);
    const data = await recordTransaction(c.var.ctx, 'job', input);
    return c.json({ status: true, data, ...DATA_SAVED });
  })
  .get('/me/applications', requireRole('talent'), async (c) => {
    const input = queryParams(c, kindQuerySchema);
    return c.json({ status: true, data: await applications.listMyApplications(c.var.ctx, input) });
  })
  .get('/me/postings', requireRole('business'), async (c) => {
    const { posting_id: _ignored, ...input } = queryParams(c, kindQuerySchema);
    return c.json({ status: true, data: await postings.listMyPostings(c.var.ctx, input) });
  })
  .get('/talents', requireRole('business'), async (c) => {
    const query = queryParams(c, talentSearchSchema);
    return c.json({ status: true, data: await searchTalents(c.var.ctx, query) });
  });
