import * as v from 'valibot';
import { isCurrency } from '@/lib/currencies';
import { CONTRACT_TYPES, KIND_SCHEMAS, searchEntries } from './marketplace';
import { line, noControlChars } from './text';

// Saved searches (docs/api.md "Saved searches"): the filters of /opportunities under a name, with
// how new matching postings are told. The query takes the search's own rules
// (lib/schemas/marketplace.ts `searchEntries`), with a currency for the pay and no paging.

export const SAVED_SEARCH_LIMITS = {
  /** Saved searches one user keeps (docs/product.md "Saved searches and alerts"). */
  perUser: 20,
  name: 80,
} as const;

export const ALERTS = ['instant', 'daily', 'off'] as const;
export type TAlert = (typeof ALERTS)[number];

export const SAVED_SEARCH_KINDS = ['project', 'job'] as const;

/** A text filter of the search, refused with control characters like every text of ours. */
const cleanText = <S extends typeof searchEntries.search>(schema: S) =>
  v.pipe(v.optional(v.pipe(v.string('invalid_type'), noControlChars())), schema);

/** An ISO 4217 code the app knows. */
const currency = () =>
  v.optional(
    v.pipe(
      v.string('invalid_type'),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{3}$/, 'currency'),
      v.check(isCurrency, 'currency'),
    ),
  );

const queryEntries = {
  search: cleanText(searchEntries.search),
  skill: cleanText(searchEntries.skill),
  country: searchEntries.country,
  modality: searchEntries.modality,
  /** A job's contract type (a project's search has none). */
  contract: v.optional(v.picklist(CONTRACT_TYPES, 'choice')),
  /** Whole units of `currency`, as the search's pay filter. */
  min_pay: searchEntries.min_pay,
  max_pay: searchEntries.max_pay,
  currency: currency(),
};

/** A saved search's filters: pay needs its currency, and the range is a range. */
export const savedSearchQuerySchema = /* @__PURE__ */ v.pipe(
  v.strictObject(queryEntries, 'invalid'),
  v.forward(
    v.check(
      (q) => (q.min_pay === undefined && q.max_pay === undefined) || q.currency !== undefined,
      'required',
    ),
    ['currency'],
  ),
  v.forward(
    v.check(
      (q) => q.min_pay === undefined || q.max_pay === undefined || q.min_pay <= q.max_pay,
      'min_above_max',
    ),
    ['max_pay'],
  ),
);
export type TSavedSearchQuery = v.InferOutput<typeof savedSearchQuerySchema>;

const name = () => line(1, SAVED_SEARCH_LIMITS.name);
const alert = () => v.picklist(ALERTS, 'choice');

/** Whether the search of postings of `kind` has a contract type (a job's: its search schema). */
export const takesContract = (kind: (typeof SAVED_SEARCH_KINDS)[number]) =>
  'contract_type' in KIND_SCHEMAS[kind].search.entries;

/** Only a search of a kind with contract types names one. */
const contractOnlyForJobs = <
  T extends { kind: (typeof SAVED_SEARCH_KINDS)[number]; query?: { contract?: string } },
>() =>
  v.forward<T, v.CheckIssue<T>, ['query', 'contract']>(
    v.check((s: T) => takesContract(s.kind) || s.query?.contract === undefined, 'invalid'),
    ['query', 'contract'] as never,
  );

/** `POST /saved_searches`. */
export const newSavedSearchSchema = /* @__PURE__ */ v.pipe(
  v.object({
    name: name(),
    kind: v.picklist(SAVED_SEARCH_KINDS, 'choice'),
    query: v.optional(savedSearchQuerySchema, {}),
    alert: v.optional(alert(), 'instant'),
  }),
  contractOnlyForJobs(),
);
export type TNewSavedSearch = v.InferInput<typeof newSavedSearchSchema>;

/** `PATCH /saved_searches/{id}`: any of name, query, alert (the kind stays). */
export const savedSearchPatchSchema = /* @__PURE__ */ v.object({
  name: v.optional(name()),
  query: v.optional(savedSearchQuerySchema),
  alert: v.optional(alert()),
});
export type TSavedSearchPatch = v.InferInput<typeof savedSearchPatchSchema>;
