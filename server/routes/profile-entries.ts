import { Hono } from 'hono';
import {
  entryListQuery,
  idSchema,
  studyCentrePatchSchema,
  studyCentreSchema,
  verifyStudySchema,
  verifyWorkplaceSchema,
  workplacePatchSchema,
  workplaceSchema,
} from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { requireAuth } from '@/server/middleware/auth';
import {
  requestStudyVerification,
  requestWorkplaceVerification,
} from '@/server/services/profile/entry-verification';
import * as educations from '@/server/services/profile/educations';
import * as experiences from '@/server/services/profile/experiences';

const EXPERIENCES_SAVED = {
  message: 'Successfully updated.',
  message_es: 'Experiencias actualizadas correctamente',
};
const EDUCATION_SAVED = {
  message: 'Education updated successfully.',
  message_es: 'Educación actualizadas correctamente',
};
const VERIFY_REQUESTED = {
  message: 'Thank you! We will verify it.',
  message_es: '¡Gracias! Lo verificaremos.',
};

/** The signed-in user's experiences and education (docs/product.md "The calls"). Writes answer the entry. */
export const profileEntryRoutes = new Hono<TAppEnv>()
  // Experiences
  .get('/user_workplaces/list', requireAuth, async (c) => {
    const input = queryParams(c, entryListQuery);
    return c.json({ status: true, data: await experiences.listWorkplaces(c.var.ctx, input) });
  })
  // Ours, the twin of the study centres' call (docs/api.md "Verification").
  .post('/user_workplaces/verify', requireAuth, async (c) => {
    const input = await jsonBody(c, verifyWorkplaceSchema);
    const data = await requestWorkplaceVerification(c.var.ctx, input);
    return c.json({ status: true, data, ...VERIFY_REQUESTED });
  })
  .post('/user_workplaces', requireAuth, async (c) => {
    const input = await jsonBody(c, workplaceSchema);
    const data = await experiences.createWorkplace(c.var.ctx, input);
    return c.json({ status: true, data, ...EXPERIENCES_SAVED }, 201);
  })
  .patch('/user_workplaces', requireAuth, async (c) => {
    const input = await jsonBody(c, workplacePatchSchema);
    const data = await experiences.updateWorkplace(c.var.ctx, input);
    return c.json({ status: true, data, ...EXPERIENCES_SAVED });
  })
  .delete('/user_workplaces', requireAuth, async (c) => {
    const input = await jsonBody(c, idSchema);
    await experiences.deleteWorkplace(c.var.ctx, input);
    return c.json({ status: true, ...EXPERIENCES_SAVED });
  })
  // Education
  .get('/user_study_centres/list', requireAuth, async (c) => {
    const input = queryParams(c, entryListQuery);
    return c.json({ status: true, data: await educations.listStudyCentres(c.var.ctx, input) });
  })
  .post('/user_study_centres/verify', requireAuth, async (c) => {
    const input = await jsonBody(c, verifyStudySchema);
    const data = await requestStudyVerification(c.var.ctx, input);
    return c.json({ status: true, data, ...VERIFY_REQUESTED });
  })
  .post('/user_study_centres', requireAuth, async (c) => {
    const input = await jsonBody(c, studyCentreSchema);
    const data = await educations.createStudyCentre(c.var.ctx, input);
    return c.json({ status: true, data, ...EDUCATION_SAVED }, 201);
  })
  .patch('/user_study_centres', requireAuth, async (c) => {
    const input = await jsonBody(c, studyCentrePatchSchema);
    const data = await educations.updateStudyCentre(c.var.ctx, input);
    return c.json({ status: true, data, ...EDUCATION_SAVED });
  })
  .delete('/user_study_centres', requireAuth, async (c) => {
    const input = await jsonBody(c, idSchema);
    await educations.deleteStudyCentre(c.var.ctx, input);
    return c.json({ status: true, ...EDUCATION_SAVED });
  });
