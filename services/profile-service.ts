import type { AxiosRequestConfig } from 'axios';
import type { TEducation, TExperience, TUser } from '@/types/user';
import { request } from './http-client';
import { fail, ok, type TI18n, type TResult } from './result';

// One function per profile endpoint (seed §7). Saves answer {hasError, message, data} with the
// seed §8 texts in the language in use (catalog 'profile', `messages.*`); fetches and uploads
// answer null on failure (seed §8).

export type TExperienceInput = Omit<TExperience, 'id' | 'verify_status_id'>;
export type TEducationInput = Omit<TEducation, 'id' | 'verify_status_id'>;
/** `POST /user_study_centres` also says whether the platform knew the centre before. */
export type TCreatedEducation = TEducation & { is_known: boolean };
export type TLinks = { linkedin?: string | null; github?: string | null; website?: string | null };
export type TInfoInput = {
  name?: string;
  last_name?: string;
  phone?: string | null;
  country_code?: string | null;
  city?: string | null;
  headline?: string | null;
  about?: string | null;
  avatar_url?: string | null;
  links?: TLinks;
  cv_url?: string | null;
};
export type TImageUpload = { id: number; url: string; width: number; height: number };
export type TFileUpload = { id: number; url: string; name: string; size: number; mime: string };

type TMessages = { success: string; error: string };

const EXPERIENCES: TMessages = {
  success: 'messages.experiences.success',
  error: 'messages.experiences.error',
};
const EDUCATION: TMessages = {
  success: 'messages.education.success',
  error: 'messages.education.error',
};
const INFO: TMessages = { success: 'messages.info.success', error: 'messages.info.error' };
const PAYPAL: TMessages = { success: 'messages.paypal.success', error: 'messages.paypal.error' };
const VERIFY: TMessages = { success: 'messages.verify.success', error: 'messages.verify.error' };
export const SKILLS: TMessages = {
  success: 'messages.skills.success',
  error: 'messages.skills.error',
};
export const ROLES: TMessages = {
  success: 'messages.roles.success',
  error: 'messages.roles.error',
};
export const LANGUAGES: TMessages = {
  success: 'messages.languages.success',
  error: 'messages.languages.error',
};

/** A text of the 'profile' catalog in the language in use. */
const profileText = (i18n: TI18n, key: string) => i18n.t(key, { ns: 'profile' });

/**
 * A save: `status` true is success (seed §5: false counts as failure everywhere, 4xx included);
 * `okWhen` lets a call count another answer as done.
 */
async function save<T>(
  config: AxiosRequestConfig,
  i18n: TI18n,
  messages: TMessages,
  okWhen?: (code: string | undefined) => boolean,
): Promise<TResult<T>> {
  try {
    const res = await request<T>(config);
    if (res.status || okWhen?.(res.code))
      return ok(res.data as T, profileText(i18n, messages.success));
    return fail(profileText(i18n, messages.error));
  } catch {
    return fail(profileText(i18n, messages.error));
  }
}

/** A fetch or an upload: its data, or null on any failure. */
async function fetchData<T>(config: AxiosRequestConfig): Promise<T | null> {
  try {
    const res = await request<T>(config);
    return res.status && res.data !== undefined ? res.data : null;
  } catch {
    return null;
  }
}

// Deleting what is already gone is done: a retry after a lost answer must not fail forever.
const goneIsDone = (code: string | undefined) => code === 'not_found';

// Experiences (user_workplaces)
export const listWorkplaces = async () =>
  (await fetchData<{ data: TExperience[] }>({ method: 'GET', url: '/user_workplaces/list' }))
    ?.data ?? null;
export const createWorkplace = (data: TExperienceInput, i18n: TI18n) =>
  save<TExperience>({ method: 'POST', url: '/user_workplaces', data }, i18n, EXPERIENCES);
export const updateWorkplace = (data: TExperienceInput & { id: number }, i18n: TI18n) =>
  save<TExperience>({ method: 'PATCH', url: '/user_workplaces', data }, i18n, EXPERIENCES);
export const deleteWorkplace = (id: number, i18n: TI18n) =>
  save<unknown>(
    { method: 'DELETE', url: '/user_workplaces', data: { id } },
    i18n,
    EXPERIENCES,
    goneIsDone,
  );

// Education (user_study_centres)
export const listStudyCentres = async () =>
  (await fetchData<{ data: TEducation[] }>({ method: 'GET', url: '/user_study_centres/list' }))
    ?.data ?? null;
export const createStudyCentre = (data: TEducationInput, i18n: TI18n) =>
  save<TCreatedEducation>({ method: 'POST', url: '/user_study_centres', data }, i18n, EDUCATION);
export const updateStudyCentre = (data: TEducationInput & { id: number }, i18n: TI18n) =>
  save<TEducation>({ method: 'PATCH', url: '/user_study_centres', data }, i18n, EDUCATION);
export const deleteStudyCentre = (id: number, i18n: TI18n) =>
  save<unknown>(
    { method: 'DELETE', url: '/user_study_centres', data: { id } },
    i18n,
    EDUCATION,
    goneIsDone,
  );
/** Asks the platform to verify a study centre (seed §7: {study_id, lang}). */
export const verifyStudyCentre = (studyId: number, i18n: TI18n) =>
  save<unknown>(
    {
      method: 'POST',
      url: '/user_study_centres/verify',
      data: { study_id: studyId, lang: i18n.language === 'es' ? 'es' : 'en' },
    },
    i18n,
    VERIFY,
  );

// Skills, roles of interest, languages: replaced by DELETE all, then one POST each (seed §7).
export const clearSkills = (i18n: TI18n) =>
  save<unknown>({ method: 'DELETE', url: '/user_skills/all' }, i18n, SKILLS);
export const addSkill = (name: string, i18n: TI18n) =>
  save<unknown>({ method: 'POST', url: '/user_skills', data: { name } }, i18n, SKILLS);
export const clearRoles = (i18n: TI18n) =>
  save<unknown>({ method: 'DELETE', url: '/me/roles_interest/all' }, i18n, ROLES);
export const addRole = (name: string, i18n: TI18n) =>
  save<unknown>({ method: 'POST', url: '/me/roles_interest', data: { name } }, i18n, ROLES);
export const clearLanguages = (i18n: TI18n) =>
  save<unknown>({ method: 'DELETE', url: '/me/languages/all' }, i18n, LANGUAGES);
export const addLanguage = (languageId: number, i18n: TI18n) =>
  save<unknown>(
    { method: 'POST', url: '/me/languages', data: { language_id: languageId } },
    i18n,
    LANGUAGES,
  );

/** Skill names containing `search`, the most used first. */
export const searchSkills = (search: string) =>
  fetchData<string[]>({ method: 'GET', url: '/skills', params: { search } });

/** Personal or professional info; answers the user as the server now holds it. */
export const updateInfo = (data: TInfoInput, i18n: TI18n) =>
  save<TUser>({ method: 'PATCH', url: '/users/info', data }, i18n, INFO);

/** The payment-provider e-mail; null removes it. */
export const updatePaypalEmail = (email: string | null, i18n: TI18n) =>
  save<{ paypal_email: string | null }>(
    { method: 'POST', url: '/users/paypal/email', data: { paypal_email: email } },
    i18n,
    PAYPAL,
  );

const multipart = (field: string, file: Blob) => {
  const form = new FormData();
  form.append(field, file);
  return form;
};

/** `POST /image` with the bearer token (the avatar). */
export const uploadImage = (file: Blob) =>
  fetchData<TImageUpload>({ method: 'POST', url: '/image', data: multipart('image', file) });

/** `POST /file`, without a token (seed §6): the CV. */
export const uploadFile = (file: Blob) =>
  fetchData<TFileUpload>({
    method: 'POST',
    url: '/file',
    data: multipart('file', file),
    skipAuth: true,
  });
