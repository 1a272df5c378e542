import * as v from 'valibot';
import { id, lang } from './common';
import { optionalText } from './text';
import { MARKET_LIMITS } from '@/lib/marketplace';
import { OWNER_STATUSES } from './marketplace';

// The inputs of the recruiter's bulk calls (docs/api.md "The recruiter's workbench").

/** `POST /{kind}_applications/bulk_status`: 1–200 distinct application ids, a status, a reason for 3. */
export const bulkStatusSchema = /* @__PURE__ */ v.object({
  application_ids: v.pipe(
    v.array(id(), 'invalid_type'),
    v.minLength(1, 'required'),
    v.maxLength(MARKET_LIMITS.bulkMove, 'too_many'),
    v.check((ids) => new Set(ids).size === ids.length, 'invalid'),
  ),
  status: v.picklist(OWNER_STATUSES, 'choice'),
  reason: optionalText(MARKET_LIMITS.reason),
  lang: v.optional(lang(), 'en'),
});
export type TBulkStatusInput = v.InferOutput<typeof bulkStatusSchema>;
