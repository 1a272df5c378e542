import * as v from 'valibot';
import { SCOPES } from '@/lib/schemas/tokens';
import { isoDate } from '@/server/openapi/registry';

// The answers of the personal access tokens' calls (docs/api.md "Personal access tokens").

const tokenFields = {
  id: v.number(),
  name: v.string(),
  scopes: v.array(v.picklist(SCOPES)),
  /** The start of the token (`tc_pat_` and six characters), to tell tokens apart. */
  prefix: v.string(),
  expires_at: isoDate(),
  created_at: isoDate(),
};

/** A token as `GET /me/tokens` lists it: no secret. */
export const listedTokenAnswer = v.strictObject({
  ...tokenFields,
  expired: v.boolean(),
  last_used_at: v.nullable(isoDate()),
});

/** `POST /me/tokens`: the new token with its secret, answered this once. */
export const newTokenAnswer = v.strictObject({
  ...tokenFields,
  token: v.pipe(v.string(), v.regex(/^tc_pat_[0-9A-Za-z]{40}$/)),
});
