import * as v from 'valibot';
import { optionalCountryCode } from './common';
import { link, uploadUrl } from './profile';
import { line, optionalText } from './text';

// The company page's payload (docs/api.md "Companies and teams": PATCH /companies/{id}), shared
// by the form and the API. Messages are error codes.

export const COMPANY_LIMITS = { name: 150, about: 2000 } as const;

/**
 * `PATCH /companies/{id}`: any of the page's fields; unknown fields are dropped. The logo is an
 * upload of the caller's (`POST /image`), the website an http(s) address, as a profile's links.
 * The slug is not among them: it stays when the name changes, so shared links keep working.
 */
export const companyUpdateSchema = /* @__PURE__ */ v.object({
  name: v.optional(line(1, COMPANY_LIMITS.name)),
  logo_url: uploadUrl(),
  about: optionalText(COMPANY_LIMITS.about),
  website: link(),
  country_code: optionalCountryCode(),
});
export type TCompanyUpdateInput = v.InferInput<typeof companyUpdateSchema>;
export type TCompanyUpdate = v.InferOutput<typeof companyUpdateSchema>;
