import * as v from 'valibot';
import { POSTING_KINDS } from '@/lib/kinds';
import { CONTRACT_TYPES, MODALITIES } from '@/lib/marketplace';
import { FAVORITE_KINDS } from '@/lib/schemas/favorites';
import { ALERTS, SAVED_SEARCH_KINDS } from '@/lib/schemas/saved-searches';
import { isoDate } from '../registry';
import { int, pageOf } from './messages';
import { job, project, talentCard } from './marketplace';

// The answers of invitations to apply, favourites, "For you" and saved searches (docs/api.md
// "Invitations to apply", "Favourites", "For you", "Saved searches"), as
// server/services/discovery/* shape them.

const postingKind = v.picklist(POSTING_KINDS);

/** `POST /projects/{id}/invites`, `POST /jobs/{id}/invites`: the invitation written. */
export const postingInvite = v.strictObject({
  id: int(),
  kind: postingKind,
  posting_id: int(),
  talent_id: int(),
  message: v.nullable(v.string()),
  created_at: isoDate(),
});

/** An item of `GET /me/invites`; `inviter` null once their account is gone. */
export const myInvite = v.strictObject({
  id: int(),
  posting: v.strictObject({
    kind: postingKind,
    id: int(),
    name: v.string(),
    company: v.strictObject({
      id: int(),
      slug: v.string(),
      name: v.string(),
      logo_url: v.nullable(v.string()),
    }),
  }),
  inviter: v.nullable(v.strictObject({ name: v.string(), last_name: v.string() })),
  message: v.nullable(v.string()),
  created_at: isoDate(),
  applied: v.boolean(),
});

/** `PUT`/`DELETE /me/favorites/{kind}/{id}`: whether the target is saved now. */
export const favoriteState = v.strictObject({
  kind: v.picklist(FAVORITE_KINDS),
  id: int(),
  saved: v.boolean(),
});

/** `GET /me/recommendations`: a page of projects or of jobs, by `kind`. */
export const postingPage = v.union([pageOf(project), pageOf(job)]);

/** `GET /me/favorites`: a page of saved projects, jobs or talents, by `kind`. */
export const favoritePage = v.union([pageOf(project), pageOf(job), pageOf(talentCard)]);

/** A saved search's filters, as stored: only those given. */
const savedQuery = v.strictObject({
  search: v.optional(v.string()),
  skill: v.optional(v.string()),
  country: v.optional(v.string()),
  modality: v.optional(v.picklist(MODALITIES)),
  contract: v.optional(v.picklist(CONTRACT_TYPES)),
  min_pay: v.optional(int()),
  max_pay: v.optional(int()),
  currency: v.optional(v.string()),
});

/** A saved search (`savedSearchDto`). */
export const savedSearch = v.strictObject({
  id: int(),
  name: v.string(),
  kind: v.picklist(SAVED_SEARCH_KINDS),
  query: savedQuery,
  alert: v.picklist(ALERTS),
  created_at: isoDate(),
  updated_at: isoDate(),
});

/** `DELETE /saved_searches/{id}`. */
export const savedSearchDeleted = v.strictObject({ id: int(), deleted: v.literal(true) });
