import { AppError } from '@/server/errors';
import { listCountries } from '@/server/services/reference';
import { talentReviews } from '@/server/services/trust/reviews';
import { getUser } from '@/server/services/users/user-dto';
import type { TReviewPage } from '@/types/review';
import { REVIEW_LIMITS } from '@/lib/schemas/reviews';
import type { TPublicUser } from '@/types/user';
import { anonymousCtx } from './context';

// The public profile's loader (server/ssr/context.ts says how loaders work).

export type TPublicProfilePage = {
  profile: TPublicUser;
  countryName: string | null;
  /** A talent's first page of reviews (docs/product.md "Reviews"); null for a business. */
  reviews: TReviewPage | null;
};

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
    const reviews = profile.is_talent
      ? await talentReviews(ctx, { id: profile.id, page: 1, per_page: REVIEW_LIMITS.perPage })
      : null;
    return {
      // Props travel as JSON: dates and undefined become strings and absences.
      profile: JSON.parse(JSON.stringify(profile)) as TPublicUser,
      countryName: country ? (lang === 'es' ? country.name_es : country.name_en) : null,
      reviews,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}
