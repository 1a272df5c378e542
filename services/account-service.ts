import { call, API_BASE_URL } from './http-client';
import { STORAGE_KEYS, safeStorage } from '@/lib/storage-keys';
import type { TUser } from '@/types/user';

// One's own account (docs/api.md "One's own account"): the address confirmed and changed, the
// data downloaded, the account deleted. Outside the server-data cache, as the settings' calls.

/** The signed-in user, read again (after the address changed or was confirmed). */
export const readMe = (id: number) => call<TUser>({ method: 'GET', url: `/users/id/${id}` });

/** Sends the confirmation link again (at most 5 an hour). */
export const resendConfirmation = (lang: 'en' | 'es') =>
  call<{ email_verified: boolean; sent: boolean }>({
    method: 'POST',
    url: '/me/email/verification',
    data: { lang },
  });

/** Opens a link's token: confirms the address, or completes a change. No session needed. */
export const confirmEmail = (token: string) =>
  call<{ purpose: 'confirm' | 'change'; email: string }>({
    method: 'POST',
    url: '/me/email/confirm',
    data: { token },
    skipAuth: true,
  });

/** Asks to move the account to `new_email`: a link goes there, nothing changes until it is opened. */
export const requestEmailChange = (input: {
  new_email: string;
  current_password: string;
  lang: 'en' | 'es';
}) => call<{ pending_email: string }>({ method: 'POST', url: '/me/email', data: input });

/** Deletes the account: the current password, or `confirm: 'DELETE'` for a Google-only account. */
export const deleteAccount = (input: { current_password?: string; confirm?: string }) =>
  call<{ deleted: true }>({ method: 'DELETE', url: '/me', data: input });

/**
 * Downloads the export (`GET /me/export`) with the session's token (the API reads no cookie,
 * docs/security.md "Session cookie") and saves it under the server's file name. Answers the
 * HTTP status, 0 when there was no answer.
 */
export async function downloadExport(): Promise<number> {
  const token = safeStorage.get(STORAGE_KEYS.accessToken);
  let res: Response;
  try {
    res = await fetch(`${API_BASE_URL}/me/export`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    return 0;
  }
  if (!res.ok) return res.status;
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'talentchain-export.json';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return res.status;
}
