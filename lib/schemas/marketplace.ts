import * as v from 'valibot';
import { id, isRealDate, lang, MAX_ID, optionalCountryCode } from './common';
import { blankToNull, line, noControlChars, optionalText } from './text';
import { isCurrency } from '@/lib/currencies';
import { CONTRACT_TYPES, MARKET_LIMITS, MODALITIES, SORTS } from '@/lib/marketplace';

export { CONTRACT_TYPES, MARKET_LIMITS, MODALITIES, SORTS };
export type { TContractType, TModality, TSort } from '@/lib/marketplace';

// The marketplace's inputs (docs/api.md "Marketplace"), shared by the forms and the API. Money is
// an integer amount in minor units of an ISO 4217 currency. Messages are error codes.

/**
 * The earliest calendar date anywhere on Earth (UTC-12): a deadline before it has passed for
 * everyone, so nobody's own "today" is refused.
 */
export function earliestToday(now = new Date()): string {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** A multi-line text of `min`..`max` characters (tabs and line breaks allowed), trimmed. */
const text = (min: number, max: number) =>
  v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    min <= 1 ? v.nonEmpty('required') : v.minLength(min, 'too_short'),
    v.maxLength(max, 'too_long'),
  );

/** A positive amount in minor units. */
const money = () =>
  v.pipe(
    v.number('invalid_type'),
    v.integer('integer'),
    v.minValue(1, 'too_small'),
    v.maxValue(MARKET_LIMITS.money, 'too_large'),
  );

/** An ISO 4217 code; the server checks it is one it knows (lib/currencies.ts). */
const currency = () =>
  v.pipe(v.string('invalid_type'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, 'currency'));

/** An application deadline: a real date, not passed. Empty means none (open until closed). */
const deadline = () =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.nullable(
        v.pipe(
          v.string('invalid_type'),
          v.regex(/^\d{4}-\d{2}-\d{2}$/, 'date_format'),
          v.check(isRealDate, 'date_invalid'),
          v.check((s: string) => s >= earliestToday(), 'date_past'),
          v.check((s: string) => s <= '2100-12-31', 'date_invalid'),
        ),
      ),
    ),
  );

/** The names of `list` without repeats in any case, each kept where it first appears. */
const withoutRepeats = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Skill names: each one line of up to 60 characters; repeats (any case) are dropped first, so
 * the limit counts different skills (30 copies of one are one skill).
 */
const skills = () =>
  v.pipe(
    v.optional(v.array(line(1, MARKET_LIMITS.skill), 'invalid_type'), []),
    v.transform(withoutRepeats),
    v.maxLength(MARKET_LIMITS.skills, 'too_many'),
  );

const weeks = () =>
  v.pipe(
    v.number('invalid_type'),
    v.integer('integer'),
    v.minValue(MARKET_LIMITS.weeksMin, 'too_small'),
    v.maxValue(MARKET_LIMITS.weeksMax, 'too_large'),
  );

const projectEntries = {
  name: line(1, MARKET_LIMITS.name),
  summary: line(1, MARKET_LIMITS.summary),
  description: text(1, MARKET_LIMITS.description),
  skills: skills(),
  budget: money(),
  currency: currency(),
  weeks: weeks(),
  modality: v.picklist(MODALITIES, 'choice'),
  country_code: optionalCountryCode(),
  end_date: deadline(),
};

/** `POST /projects`: a project a business posts (docs/product.md "Marketplace"). */
export const projectSchema = /* @__PURE__ */ v.object(projectEntries);
export type TProjectInput = v.InferInput<typeof projectSchema>;
export type TProjectFields = v.InferOutput<typeof projectSchema>;

/** `PATCH /projects`: the id and any fields. */
export const projectPatchSchema = /* @__PURE__ */ v.object({
  ...v.partial(v.object(projectEntries)).entries,
  id: id(),
});

const jobEntries = {
  name: line(1, MARKET_LIMITS.name),
  summary: line(1, MARKET_LIMITS.summary),
  description: text(1, MARKET_LIMITS.description),
  requirements: optionalText(MARKET_LIMITS.requirements),
  skills: skills(),
  contract_type: v.picklist(CONTRACT_TYPES, 'choice'),
  min_salary: v.optional(v.nullable(money())),
  max_salary: v.optional(v.nullable(money())),
  currency: currency(),
  modality: v.picklist(MODALITIES, 'choice'),
  country_code: optionalCountryCode(),
  end_date: deadline(),
};

/** A salary range is a range: the minimum is never above the maximum. */
const salaryRange = <T extends { min_salary?: number | null; max_salary?: number | null }>() =>
  v.forward<T, v.CheckIssue<T>, ['max_salary']>(
    v.check(
      (j: T) => j.min_salary == null || j.max_salary == null || j.min_salary <= j.max_salary,
      'min_above_max',
    ),
    ['max_salary'] as never,
  );

/** `POST /jobs`: a job a business posts (docs/product.md "Marketplace"). */
export const jobSchema = /* @__PURE__ */ v.pipe(v.object(jobEntries), salaryRange());
export type TJobInput = v.InferInput<typeof jobSchema>;
export type TJobFields = v.InferOutput<typeof jobSchema>;

/** `PATCH /jobs`: the id and any fields; the merged job is checked whole by the server. */
export const jobPatchSchema = /* @__PURE__ */ v.object({
  ...v.partial(v.object(jobEntries)).entries,
  id: id(),
});

/** `POST /project_applications` (docs/product.md "Marketplace"). */
export const projectApplicationSchema = /* @__PURE__ */ v.object({
  project_id: id(),
  proposal: text(MARKET_LIMITS.proposalMin, MARKET_LIMITS.proposal),
  price_proposal: money(),
  weeks: weeks(),
  lang: v.optional(lang(), 'en'),
});
export type TProjectApplicationInput = v.InferInput<typeof projectApplicationSchema>;

/**
 * `PATCH /project_applications`: the talent's own edits, or the seed's congratulations flag,
 * which the talent only clears (false): hiring sets it, so `true` is refused.
 */
export const projectApplicationPatchSchema = /* @__PURE__ */ v.object({
  id: id(),
  proposal: v.optional(text(MARKET_LIMITS.proposalMin, MARKET_LIMITS.proposal)),
  price_proposal: v.optional(money()),
  weeks: v.optional(weeks()),
  shown_accepted_message: v.optional(v.pipe(v.boolean('invalid_type'), v.value(false, 'invalid'))),
});

/** `POST /job_applications` (docs/product.md "Marketplace"): the CV is an upload's id, or none. */
export const jobApplicationSchema = /* @__PURE__ */ v.object({
  job_id: id(),
  summary: text(1, MARKET_LIMITS.jobSummary),
  experience: optionalText(MARKET_LIMITS.experience),
  file_id: v.optional(v.nullable(id())),
  lang: v.optional(lang(), 'en'),
});
export type TJobApplicationInput = v.InferInput<typeof jobApplicationSchema>;

export const jobApplicationPatchSchema = /* @__PURE__ */ v.object({
  id: id(),
  summary: v.optional(text(1, MARKET_LIMITS.jobSummary)),
  experience: optionalText(MARKET_LIMITS.experience),
  file_id: v.optional(v.nullable(id())),
});

/** A query-string number (or a number): a non-negative integer. */
const queryInt = (max: number) =>
  v.optional(
    v.pipe(
      v.union(
        [v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number))],
        'integer',
      ),
      v.integer('integer'),
      v.minValue(0, 'too_small'),
      v.maxValue(max, 'too_large'),
    ),
  );

const optionalQueryText = (max: number) =>
  v.optional(
    v.pipe(
      v.string('invalid_type'),
      v.maxLength(max, 'too_long'),
      v.transform((s) => s.replace(/\s+/g, ' ').trim()),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

export const searchEntries = {
  search: optionalQueryText(MARKET_LIMITS.search),
  skill: optionalQueryText(MARKET_LIMITS.skill),
  country: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'country'))),
  modality: v.optional(v.picklist(MODALITIES, 'choice')),
  status: v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-4]$/), v.transform(Number))], 'choice'),
      v.integer('choice'),
      v.minValue(1, 'choice'),
      v.maxValue(4, 'choice'),
    ),
  ),
  min_pay: queryInt(MARKET_LIMITS.money),
  max_pay: queryInt(MARKET_LIMITS.money),
  /** The currency of the pay filters: amounts are compared in it only, and it is required with them. */
  currency: v.optional(
    v.pipe(
      v.string('currency'),
      v.trim(),
      v.toUpperCase(),
      v.check((code: string) => isCurrency(code), 'currency'),
    ),
  ),
  sort: v.optional(v.picklist(SORTS, 'choice'), 'newest'),
  page: v.optional(
    v.pipe(
      queryInt(100_000),
      v.transform((n) => Math.max(1, n ?? 1)),
    ),
    1,
  ),
  per_page: v.optional(
    v.pipe(
      queryInt(MARKET_LIMITS.perPage),
      v.transform((n) => Math.min(MARKET_LIMITS.perPage, Math.max(1, n ?? 20))),
    ),
    20,
  ),
};

/**
 * A pay filter names its currency: 1,000 JPY is not 1,000 USD, so amounts without one are refused
 * (docs/api.md "Search").
 */
const payNamesCurrency = <T extends { min_pay?: number; max_pay?: number; currency?: string }>() =>
  v.forward<T, v.CheckIssue<T>, ['currency']>(
    v.check(
      (q: T) => (q.min_pay === undefined && q.max_pay === undefined) || q.currency !== undefined,
      'required',
    ),
    ['currency'] as never,
  );

/** `GET /projects` query: every choice of the search page, as its URL carries it. */
export const projectSearchSchema = /* @__PURE__ */ v.pipe(
  v.object(searchEntries),
  payNamesCurrency(),
);
export type TPostingSearch = v.InferOutput<typeof projectSearchSchema>;

/** `GET /jobs` query: the same, and the contract type. */
export const jobSearchSchema = /* @__PURE__ */ v.pipe(
  v.object({
    ...searchEntries,
    contract_type: v.optional(v.picklist(CONTRACT_TYPES, 'choice')),
  }),
  payNamesCurrency(),
);
export type TJobSearch = v.InferOutput<typeof jobSearchSchema>;

/** `GET /talents` query (businesses only). */
export const talentSearchSchema = /* @__PURE__ */ v.object({
  search: optionalQueryText(MARKET_LIMITS.search),
  skill: optionalQueryText(MARKET_LIMITS.skill),
  role: optionalQueryText(80),
  language: v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z]{2,3}$/, 'choice'))),
  country: searchEntries.country,
  page: searchEntries.page,
  per_page: searchEntries.per_page,
});
export type TTalentSearch = v.InferOutput<typeof talentSearchSchema>;

/** `GET /me/applications`, `GET /me/postings`: which kind. */
export const kindQuerySchema = /* @__PURE__ */ v.object({
  type: v.optional(v.picklist(['project', 'job'], 'choice'), 'project'),
  /** `GET /me/applications` only: the caller's application to this posting. */
  posting_id: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,9}$/, 'id'),
      v.transform(Number),
      v.maxValue(MAX_ID, 'id'),
    ),
  ),
  page: searchEntries.page,
  per_page: searchEntries.per_page,
});

// The pipeline (docs/api.md "Pipeline and lifecycle").

/** The statuses an owner sets: applied, shortlisted, hired, rejected (withdrawn is the talent's). */
export const OWNER_STATUSES = [0, 1, 2, 3] as const;

/**
 * `POST …/changeApplicationStatus`: the owner moves an applicant. A rejection carries a reason
 * the talent reads (required for status 3; the server checks that, since it depends on status).
 */
export const changeStatusSchema = /* @__PURE__ */ v.object({
  application_id: id(),
  status: v.picklist(OWNER_STATUSES, 'choice'),
  reason: optionalText(MARKET_LIMITS.reason),
  lang: v.optional(lang(), 'en'),
});
export type TChangeStatusInput = v.InferInput<typeof changeStatusSchema>;

/** `POST /projects/start`, `POST /projects/end`, `POST /jobs/end`, `…/readytoclose`. */
export const lifecycleSchema = /* @__PURE__ */ v.object({
  id: id(),
  lang: v.optional(lang(), 'en'),
});

/** `GET /projects/{id}/applications`: one status, or all; a page. */
export const boardQuerySchema = /* @__PURE__ */ v.object({
  status: v.optional(v.pipe(v.string(), v.regex(/^[0-4]$/, 'choice'), v.transform(Number))),
  page: searchEntries.page,
  per_page: searchEntries.per_page,
});

// Records of finished work on-chain (docs/api.md "On-chain records").

/** An Algorand transaction id: 52 characters of base32 (a SHA-512/256 hash). */
export const ALGORAND_TX_RE = /^[A-Z2-7]{52}$/;
/** A NEAR transaction hash: a 32-byte hash in base58, 43 or 44 characters. */
export const NEAR_TX_RE = /^[1-9A-HJ-NP-Za-km-z]{43,44}$/;

const txId = (re: RegExp) =>
  v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.regex(re, 'tx_id')));

/** `PATCH /project_applications/update_wallet`, `…/job_applications/update_wallet` (docs/product.md "The calls"). */
export const updateWalletSchema = /* @__PURE__ */ v.pipe(
  v.object({
    id: id(),
    algorand_transaction: txId(ALGORAND_TX_RE),
    near_transaction: txId(NEAR_TX_RE),
  }),
  v.forward(
    v.check(
      (input) => input.algorand_transaction !== undefined || input.near_transaction !== undefined,
      'tx_required',
    ),
    ['algorand_transaction'],
  ),
);

/**
 * Each kind's schemas (lib/kinds.ts describes the kinds): a route or a form picks them by kind
 * instead of comparing it.
 */
export const KIND_SCHEMAS = {
  project: {
    posting: projectSchema,
    postingPatch: projectPatchSchema,
    search: projectSearchSchema,
    application: projectApplicationSchema,
    applicationPatch: projectApplicationPatchSchema,
  },
  job: {
    posting: jobSchema,
    postingPatch: jobPatchSchema,
    search: jobSearchSchema,
    application: jobApplicationSchema,
    applicationPatch: jobApplicationPatchSchema,
  },
} as const;
