import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import type { TUser } from '@/types/user';
import { request, type TApiAnswer } from './http-client';
import { fail, ok, type TI18n, type TResult } from './result';

export type TSignedIn = { user: TUser; accessToken: string };

export type TRegisterInput = {
  email: string;
  name: string;
  last_name: string;
  phone?: string;
  password?: string;
  google_id_token?: string;
  lang: 'en' | 'es';
  is_talent: boolean;
  workplace_name?: string;
  position?: string;
  start_date?: string;
  work_here?: true;
};

/** The server's own text in the language in use (both come in every failure, API.md). */
const serverMessage = (res: TApiAnswer, { language }: TI18n) =>
  (language === 'es' ? res.message_es : res.message) || res.message || '';

function signedIn(res: TApiAnswer<TUser>): TSignedIn | null {
  if (!res.status || !res.data || !res.access_token) return null;
  safeStorage.set(STORAGE_KEYS.accessToken, res.access_token);
  return { user: res.data, accessToken: res.access_token };
}

/** Seed §8: status false → "Email and/or password incorrect"; exception → "Error while logging in". */
export async function login(
  email: string,
  password: string,
  i18n: TI18n,
): Promise<TResult<TSignedIn>> {
  try {
    const res = await request<TUser>({
      method: 'POST',
      url: '/users/login',
      data: { email, password },
    });
    const session = signedIn(res);
    if (session) return ok(session, i18n.t('messages.login.welcome'));
    if (res.code === 'rate_limited') return fail(serverMessage(res, i18n));
    return fail(i18n.t('messages.login.incorrect'));
  } catch {
    return fail(i18n.t('messages.login.error'));
  }
}

/** Seed §8: failure shows the server's message; exception "Failed to create user - try again". */
export async function register(input: TRegisterInput, i18n: TI18n): Promise<TResult<TSignedIn>> {
  try {
    const res = await request<TUser>({ method: 'POST', url: '/users/register', data: input });
    const session = signedIn(res);
    if (session) return ok(session, i18n.t('messages.register.success'));
    return fail(serverMessage(res, i18n) || i18n.t('messages.register.error'));
  } catch {
    return fail(i18n.t('messages.register.error'));
  }
}

/** True when an account has this e-mail, false when none, null when the call failed. */
export async function checkEmail(email: string): Promise<boolean | null> {
  try {
    const res = await request({ method: 'POST', url: '/users/check/email', data: { email } });
    if (res.status) return true;
    return res.code === 'not_found' ? false : null;
  } catch {
    return null;
  }
}

/** Seed §7: sign in with a Google ID token; failure "Error while logging in". */
export async function loginWithGoogle(idToken: string, i18n: TI18n): Promise<TResult<TSignedIn>> {
  try {
    const res = await request<TUser>({
      method: 'POST',
      url: '/users/login/google',
      data: { google_id_token: idToken },
    });
    const session = signedIn(res);
    return session
      ? ok(session, i18n.t('messages.login.welcome'))
      : fail(i18n.t('messages.login.error'));
  } catch {
    return fail(i18n.t('messages.login.error'));
  }
}

/** Seed §8: "Email not found" / "Failed to send recovery email" / "Check your email!". */
export async function requestRecoveryCode(email: string, i18n: TI18n): Promise<TResult<true>> {
  try {
    const res = await request({
      method: 'POST',
      url: '/users/recovery/email',
      data: { email, lang: i18n.language },
    });
    if (res.status) return ok(true, i18n.t('messages.recovery_email.success'));
    if (res.code === 'rate_limited') return fail(serverMessage(res, i18n));
    return fail(i18n.t('messages.recovery_email.not_found'));
  } catch {
    return fail(i18n.t('messages.recovery_email.error'));
  }
}

/**
 * Seed §5/§8: no code → "Invalid recovery code" without calling the server; wrong code
 * "Recovery code incorrect"; exception "Failed to change password"; success "Password changed!".
 */
export async function resetPassword(
  input: { code: string; password: string; email?: string },
  i18n: TI18n,
): Promise<TResult<true>> {
  if (!input.code.trim()) return fail(i18n.t('messages.recovery_password.invalid_code'));
  try {
    const res = await request({
      method: 'POST',
      url: '/users/recovery/password',
      data: { code: input.code.trim(), password: input.password, email: input.email },
    });
    if (res.status) return ok(true, i18n.t('messages.recovery_password.success'));
    if (res.code === 'rate_limited') return fail(serverMessage(res, i18n));
    return fail(i18n.t('messages.recovery_password.incorrect'));
  } catch {
    return fail(i18n.t('messages.recovery_password.error'));
  }
}

/** Seed §8: "Failed to change password" / "Password changed successfully". Keeps the session. */
export async function changePassword(
  input: { new_password: string; confirm_new_password: string },
  i18n: TI18n,
): Promise<TResult<true>> {
  try {
    const res = await request({ method: 'POST', url: '/users/password', data: input });
    if (!res.status) return fail(i18n.t('messages.password_change.error'));
    if (res.access_token) safeStorage.set(STORAGE_KEYS.accessToken, res.access_token);
    return ok(true, i18n.t('messages.password_change.success'));
  } catch {
    return fail(i18n.t('messages.password_change.error'));
  }
}

/** A fresh copy of a user (oneself: everything; others: the public profile). Null on failure. */
export async function getUser(id: number): Promise<TUser | null> {
  try {
    const res = await request<TUser>({ method: 'GET', url: `/users/id/${id}` });
    return res.status && res.data ? res.data : null;
  } catch {
    return null;
  }
}
