import { AppError } from '@/server/errors';
import { listCountries } from '@/server/services/reference';
import { getUser } from '@/server/services/users/user-dto';
import type { TPublicUser } from '@/types/user';
import { anonymousCtx } from './context';

// The public profile's loader (server/ssr/context.ts says how loaders work).

export type TPublicProfilePage = { profile: TPublicUser; countryName: string | null };

/** The public profile of talent `id` (a path parameter), or null when there is none. */
export async function loadPublicProfile(
  id: string,
  lang: 'en' | 'es',
): Promise<TPublicProfilePage | null> {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  const ctx = await anonymousCtx();
  try {
    const profile = await getUser(ctx, { id: Number(id) });
    const country = (await listCountries(ctx)).find((c) => c.code === profile.country_code);
    return {
      // Props travel as JSON: dates and undefined become strings and absences.
      profile: JSON.parse(JSON.stringify(profile)) as TPublicUser,
      countryName: country ? (lang === 'es' ? country.name_es : country.name_en) : null,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}
