import { Hono, type Context } from 'hono';
import {
  ZAlgoAddressInput,
  ZIdInput,
  ZLanguageInput,
  ZListQuery,
  ZNearWalletInput,
  ZPaypalEmailInput,
  ZRoleInterestInput,
  ZSkillInput,
  ZSkillSearchQuery,
  ZStudyCentreInput,
  ZStudyCentrePatchInput,
  ZUserInfoInput,
  ZVerifyStudyInput,
  ZWorkplaceInput,
  ZWorkplacePatchInput,
} from '@/lib/schemas/profile';
import type { TAppEnv } from '@/server/context';
import { jsonBody, queryParams } from '@/server/lib/validate';
import { caller, requireAuth } from '@/server/middleware/auth';
import type { TProfileCtx } from '@/server/services/profile/common';
import * as educations from '@/server/services/profile/educations';
import * as experiences from '@/server/services/profile/experiences';
import * as info from '@/server/services/profile/info';
import * as tags from '@/server/services/profile/tags';

/** The signed-in caller's context for the profile services. */
const ctxOf = (c: Context<TAppEnv>): TProfileCtx => ({
  db: c.get('db'),
  user: caller(c),
  now: c.get('deps').now(),
});

const EXPERIENCES_SAVED = {
  message: 'Successfully updated.',
  message_es: 'Experiencias actualizadas correctamente',
};
const EDUCATION_SAVED = {
  message: 'Education updated successfully.',
  message_es: 'Educación actualizadas correctamente',
};
const INFO_SAVED = {
  message: 'Successfully updated',
  message_es: 'Información guardada correctamente',
};
const WALLET_SAVED = { message: 'Wallet updated', message_es: 'Billetera actualizada' };
const PAYPAL_SAVED = {
  message: 'Payment e-mail updated',
  message_es: 'Correo de pago actualizado',
};
export const VERIFY_REQUESTED = {
  message: 'Thank you! We will verify it.',
  message_es: '¡Gracias! Lo verificaremos.',
};

/** The profile of the signed-in user (seed §7): experiences, education, tags, info, wallets. */
export const profileRoutes = new Hono<TAppEnv>()
  // Experiences
  .get('/user_workplaces/list', requireAuth, async (c) => {
    const q = queryParams(c, ZListQuery);
    return c.json({
      status: true,
      data: await experiences.listWorkplaces(ctxOf(c), q.page, q.per_page),
    });
  })
  .post('/user_workplaces', requireAuth, async (c) => {
    const input = await jsonBody(c, ZWorkplaceInput);
    const data = await experiences.createWorkplace(ctxOf(c), input);
    return c.json({ status: true, data, ...EXPERIENCES_SAVED }, 201);
  })
  .patch('/user_workplaces', requireAuth, async (c) => {
    const input = await jsonBody(c, ZWorkplacePatchInput);
    const data = await experiences.updateWorkplace(ctxOf(c), input);
    return c.json({ status: true, data, ...EXPERIENCES_SAVED });
  })
  .delete('/user_workplaces', requireAuth, async (c) => {
    const { id } = await jsonBody(c, ZIdInput);
    await experiences.deleteWorkplace(ctxOf(c), id);
    return c.json({ status: true, ...EXPERIENCES_SAVED });
  })
  // Education
  .get('/user_study_centres/list', requireAuth, async (c) => {
    const q = queryParams(c, ZListQuery);
    return c.json({
      status: true,
      data: await educations.listStudyCentres(ctxOf(c), q.page, q.per_page),
    });
  })
  .post('/user_study_centres/verify', requireAuth, async (c) => {
    const input = await jsonBody(c, ZVerifyStudyInput);
    const deps = c.get('deps');
    await educations.requestStudyVerification(
      { ...ctxOf(c), mailer: deps.mailer, verificationsEmail: deps.verificationsEmail },
      input,
    );
    return c.json({ status: true, ...VERIFY_REQUESTED });
  })
  .post('/user_study_centres', requireAuth, async (c) => {
    const input = await jsonBody(c, ZStudyCentreInput);
    const data = await educations.createStudyCentre(ctxOf(c), input);
    return c.json({ status: true, data, ...EDUCATION_SAVED }, 201);
  })
  .patch('/user_study_centres', requireAuth, async (c) => {
    const input = await jsonBody(c, ZStudyCentrePatchInput);
    const data = await educations.updateStudyCentre(ctxOf(c), input);
    return c.json({ status: true, data, ...EDUCATION_SAVED });
  })
  .delete('/user_study_centres', requireAuth, async (c) => {
    const { id } = await jsonBody(c, ZIdInput);
    await educations.deleteStudyCentre(ctxOf(c), id);
    return c.json({ status: true, ...EDUCATION_SAVED });
  })
  // Skills, roles of interest, languages: replaced by "delete all" then one POST each.
  .get('/skills', async (c) => {
    const { search } = queryParams(c, ZSkillSearchQuery);
    return c.json({ status: true, data: await tags.suggestSkills(c.get('db'), search) });
  })
  .delete('/user_skills/all', requireAuth, async (c) => {
    await tags.clearSkills(ctxOf(c));
    return c.json({ status: true });
  })
  .post('/user_skills', requireAuth, async (c) => {
    const { name } = await jsonBody(c, ZSkillInput);
    await tags.addSkill(ctxOf(c), name);
    return c.json({ status: true });
  })
  .delete('/me/roles_interest/all', requireAuth, async (c) => {
    await tags.clearRoles(ctxOf(c));
    return c.json({ status: true });
  })
  .post('/me/roles_interest', requireAuth, async (c) => {
    const { name } = await jsonBody(c, ZRoleInterestInput);
    await tags.addRole(ctxOf(c), name);
    return c.json({ status: true });
  })
  .delete('/me/languages/all', requireAuth, async (c) => {
    await tags.clearLanguages(ctxOf(c));
    return c.json({ status: true });
  })
  .post('/me/languages', requireAuth, async (c) => {
    const { language_id } = await jsonBody(c, ZLanguageInput);
    await tags.addLanguage(ctxOf(c), language_id);
    return c.json({ status: true });
  })
  // Personal and professional info, wallets, payment e-mail
  .patch('/users/info', requireAuth, async (c) => {
    const input = await jsonBody(c, ZUserInfoInput);
    return c.json({
      status: true,
      data: await info.updateUserInfo(ctxOf(c), input),
      ...INFO_SAVED,
    });
  })
  .patch('/users/update_algo_address', requireAuth, async (c) => {
    const { algo_address } = await jsonBody(c, ZAlgoAddressInput);
    const data = await info.updateAlgoAddress(ctxOf(c), algo_address);
    return c.json({ status: true, data, ...WALLET_SAVED });
  })
  .patch('/users/update_near_wallet', requireAuth, async (c) => {
    const { near_wallet } = await jsonBody(c, ZNearWalletInput);
    const data = await info.updateNearWallet(ctxOf(c), near_wallet);
    return c.json({ status: true, data, ...WALLET_SAVED });
  })
  .post('/users/paypal/email', requireAuth, async (c) => {
    const { paypal_email } = await jsonBody(c, ZPaypalEmailInput);
    const data = await info.updatePaypalEmail(ctxOf(c), paypal_email);
    return c.json({ status: true, data, ...PAYPAL_SAVED });
  });
