import * as v from 'valibot';
import { MARKET_LIMITS } from '@/lib/marketplace';
import { lang } from './common';
import { boardQuerySchema } from './marketplace';
import { noControlChars } from './text';

// The recruiter's workbench (docs/api.md "The recruiter's workbench", docs/product.md): the
// board's search, filters and order, a member's private note, a member's rating. Messages are
// error codes (docs/api.md "Errors").

export const WORKBENCH_LIMITS = {
  /** A note: plain text, line breaks kept (docs/product.md "The recruiter's workbench"). */
  note: 4000,
  ratingMin: 1,
  ratingMax: 5,
} as const;

export const BOARD_SORTS = ['applied', 'price', 'rating', 'stage_time'] as const;
export const BOARD_ORDERS = ['asc', 'desc'] as const;

/** A whole number in a query string (or a number), within `min`..`max`. */
const queryWhole = (min: number, max: number) =>
  v.optional(
    v.pipe(
      v.union(
        [v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,10}$/), v.transform(Number))],
        'integer',
      ),
      v.integer('integer'),
      v.minValue(min, 'too_small'),
      v.maxValue(max, 'too_large'),
    ),
  );

/** The board's search: up to 100 characters after trimming; blank means no search. */
const boardSearch = () =>
  v.optional(
    v.pipe(
      v.string('invalid_type'),
      noControlChars(),
      v.transform((s) => s.replace(/\s+/g, ' ').trim()),
      v.maxLength(MARKET_LIMITS.search, 'too_long'),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/**
 * A skill's name, as `GET /projects?skill=` takes it (GET /skills answers names): up to
 * MARKET_LIMITS.skill characters, no control characters; blank means no filter.
 */
const boardSkill = () =>
  v.optional(
    v.pipe(
      v.string('invalid_type'),
      noControlChars(),
      v.maxLength(MARKET_LIMITS.skill, 'too_long'),
      v.transform((s) => s.replace(/\s+/g, ' ').trim()),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

/** `true` or `false`, as a query string carries it. */
const queryBoolean = () =>
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false'])], 'choice'),
      v.transform((x) => x === true || x === 'true'),
    ),
  );

/** A filter only projects have: a job's board refuses it (a field error, not a silent no-op). */
const projectsOnly = () => v.optional(v.never('invalid'));

/** The filters and order both kinds' boards take. */
const commonEntries = {
  search: boardSearch(),
  min_rating: queryWhole(WORKBENCH_LIMITS.ratingMin, WORKBENCH_LIMITS.ratingMax),
  skill: boardSkill(),
  has_cv: queryBoolean(),
  order: v.optional(v.picklist(BOARD_ORDERS, 'choice')),
};

const projectEntries = {
  ...commonEntries,
  min_price: queryWhole(1, MARKET_LIMITS.money),
  max_price: queryWhole(1, MARKET_LIMITS.money),
  max_weeks: queryWhole(MARKET_LIMITS.weeksMin, MARKET_LIMITS.weeksMax),
  sort: v.optional(v.picklist(BOARD_SORTS, 'choice')),
};

/** A job's board has no price nor weeks, and no sort by price. */
const jobEntries = {
  ...commonEntries,
  min_price: projectsOnly(),
  max_price: projectsOnly(),
  max_weeks: projectsOnly(),
  sort: v.optional(v.picklist(['applied', 'rating', 'stage_time'] as const, 'choice')),
};

/** A price range is a range: the minimum is never above the maximum. */
const priceRange = <T extends { min_price?: number; max_price?: number }>() =>
  v.forward<T, v.CheckIssue<T>, ['max_price']>(
    v.check(
      (q: T) =>
        q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price,
      'min_above_max',
    ),
    ['max_price'] as never,
  );

/**
 * Each kind's board filters and order (lib/kinds.ts describes the kinds), for the CSV export: the
 * board's own query adds the status and the page (BOARD_QUERY_SCHEMAS).
 */
export const BOARD_FILTER_SCHEMAS = {
  project: /* @__PURE__ */ v.pipe(v.object(projectEntries), priceRange()),
  job: /* @__PURE__ */ v.object(jobEntries),
} as const;

/**
 * `GET /projects/{id}/applications.csv`, `GET /jobs/{id}/applications.csv`: the reader's language
 * and the board's own filters and order (BOARD_FILTER_SCHEMAS), refused as the board refuses them.
 */
export const BOARD_CSV_QUERY_SCHEMAS = {
  project: /* @__PURE__ */ v.pipe(
    v.object({ ...projectEntries, lang: v.optional(lang(), 'en') }),
    priceRange(),
  ),
  job: /* @__PURE__ */ v.object({ ...jobEntries, lang: v.optional(lang(), 'en') }),
} as const;

/** `GET /projects/{id}/applications`, `GET /jobs/{id}/applications`: filters, order, status, page. */
export const BOARD_QUERY_SCHEMAS = {
  project: /* @__PURE__ */ v.pipe(
    v.object({ ...boardQuerySchema.entries, ...projectEntries }),
    priceRange(),
  ),
  job: /* @__PURE__ */ v.object({ ...boardQuerySchema.entries, ...jobEntries }),
} as const;

/** The board's filters and order once parsed, either kind's. */
export type TBoardFilters = v.InferOutput<(typeof BOARD_FILTER_SCHEMAS)['project']>;

/** `POST /{kind}_applications/{id}/notes`, `PATCH /notes/{id}`: the note's text. */
export const noteSchema = /* @__PURE__ */ v.object({
  body: v.pipe(
    v.string('invalid_type'),
    noControlChars(),
    v.trim(),
    v.nonEmpty('required'),
    v.maxLength(WORKBENCH_LIMITS.note, 'too_long'),
  ),
});
export type TNoteInput = v.InferInput<typeof noteSchema>;

/** `PUT /{kind}_applications/{id}/rating`: a whole 1–5. */
export const ratingSchema = /* @__PURE__ */ v.object({
  rating: v.pipe(
    v.number('invalid_type'),
    v.integer('integer'),
    v.minValue(WORKBENCH_LIMITS.ratingMin, 'too_small'),
    v.maxValue(WORKBENCH_LIMITS.ratingMax, 'too_large'),
  ),
});
export type TRatingInput = v.InferInput<typeof ratingSchema>;
