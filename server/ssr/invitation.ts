import { INVITATION_TOKEN } from '@/lib/schemas/companies';
import { AppError } from '@/server/errors';
import { getInvitation } from '@/server/services/companies/invitations';
import type { TInvitation } from '@/types/companies';
import { anonymousCtx } from './context';

// The invitation page's loader (server/ssr/context.ts says how loaders work): the page comes
// with what the link's e-mail said, so that nothing is fetched, nor shifts, after it loads.

/** The invitation of `token` as `GET /invitations/{token}` answers it, or null when there is none. */
export async function loadInvitation(token: string): Promise<TInvitation | null> {
  if (!INVITATION_TOKEN.test(token)) return null;
  try {
    return (await getInvitation(await anonymousCtx(), { token })) as TInvitation;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}
