import type { TInvitedRegistration } from '@/types/companies';
import type { TRegisterInput } from '@/lib/schemas/users';
import type { TUser } from '@/types/user';
import { call, type TOutcome } from './http-client';

// The account calls (docs/product.md "The calls"). Each answers data or a typed failure (services/http-client.ts);
// the screens choose the docs/product.md "Error catalogue" texts. Signed-out calls go without a token, so that a wrong
// password is never taken for an ended session.

export type TSignedIn = { user: TUser; accessToken: string };

/** A sign-in answer: the user and the token (a success without a token is a broken answer). */
function signedIn(outcome: TOutcome<TUser>): TOutcome<TSignedIn> {
  if (!outcome.ok) return outcome;
  if (!outcome.accessToken)
    return { ok: false, failure: { code: 'internal', status: 200, fields: [] } };
  return { ok: true, data: { user: outcome.data, accessToken: outcome.accessToken } };
}

export const login = async (email: string, password: string) =>
  signedIn(
    await call<TUser>({
      method: 'POST',
      url: '/users/login',
      data: { email, password },
      skipAuth: true,
    }),
  );

export const register = async (input: TRegisterInput | TInvitedRegistration) =>
  signedIn(
    await call<TUser>({ method: 'POST', url: '/users/register', data: input, skipAuth: true }),
  );

export const loginWithGoogle = async (idToken: string) =>
  signedIn(
    await call<TUser>({
      method: 'POST',
      url: '/users/login/google',
      data: { google_id_token: idToken },
      skipAuth: true,
    }),
  );

/** True when an account has this e-mail, false when none, null when the call failed. */
export async function checkEmail(email: string): Promise<boolean | null> {
  const outcome = await call({
    method: 'POST',
    url: '/users/check/email',
    data: { email },
    skipAuth: true,
  });
  if (outcome.ok) return true;
  return outcome.failure.code === 'not_found' ? false : null;
}

export const requestRecoveryCode = (email: string, lang: 'en' | 'es') =>
  call<unknown>({
    method: 'POST',
    url: '/users/recovery/email',
    data: { email, lang },
    skipAuth: true,
  });

/** docs/product.md "Validation rules": without a code nothing is sent; the failure is `invalid_code`. */
export async function resetPassword(input: { code: string; password: string; email?: string }) {
  if (!input.code.trim()) {
    return {
      ok: false,
      failure: { code: 'invalid_code', status: 0, fields: [] },
    } as TOutcome<never>;
  }
  return call<unknown>({
    method: 'POST',
    url: '/users/recovery/password',
    data: { code: input.code.trim(), password: input.password, email: input.email },
    skipAuth: true,
  });
}

/** `POST /users/password`: answers the new token of this session (older ones end). */
export const changePassword = (input: {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}) => call<unknown>({ method: 'POST', url: '/users/password', data: input });
