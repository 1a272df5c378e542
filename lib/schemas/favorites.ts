import * as v from 'valibot';
import { talentSearchSchema } from './marketplace';

// Favourites and "For you" (docs/api.md "Favourites", "For you"): what their calls take.

/** What a user may save: postings of either kind (talents), talents (business accounts). */
export const FAVORITE_KINDS = ['project', 'job', 'talent'] as const;
export type TFavoriteKind = (typeof FAVORITE_KINDS)[number];

/** At most this many favourites per user and kind (docs/product.md "Favourites"). */
export const MAX_FAVORITES = 500;

const page = talentSearchSchema.entries.page;
const per_page = talentSearchSchema.entries.per_page;

/** `GET /me/favorites?kind=`: which list (by default the caller's role's first), and the page. */
export const favoritesQuerySchema = /* @__PURE__ */ v.object({
  kind: v.optional(v.picklist(FAVORITE_KINDS, 'choice')),
  page,
  per_page,
});

/** `GET /me/recommendations?kind=`: postings of which kind, and the page. */
export const recommendationsQuerySchema = /* @__PURE__ */ v.object({
  kind: v.optional(v.picklist(['project', 'job'] as const, 'choice'), 'project'),
  page,
  per_page,
});
