import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';

// A saved search and the address of /opportunities (docs/product.md "Saved searches and alerts"):
// "Save this search" keeps the tab's filters as a saved search's query, and "Run" opens the tab
// with them in the address again. The address names a job's contract type `contract_type`, a
// saved query `contract`; the status, sort and page are not kept (alerts are of postings
// recruiting).

/** A saved query as the API takes and answers it. */
export type TSavedQuery = Partial<{
  search: string;
  skill: string;
  country: string;
  modality: string;
  contract: string;
  min_pay: number;
  max_pay: number;
  currency: string;
}>;

/** The address's parameter of each saved filter. */
const PARAMS: [keyof TSavedQuery, string][] = [
  ['search', 'search'],
  ['skill', 'skill'],
  ['country', 'country'],
  ['modality', 'modality'],
  ['contract', 'contract_type'],
  ['min_pay', 'min_pay'],
  ['max_pay', 'max_pay'],
  ['currency', 'currency'],
];
const NUMBERS = new Set<keyof TSavedQuery>(['min_pay', 'max_pay']);

/** The kind of the tab `projects` or `jobs`. */
export const kindOfTab = (tab: string): TPostingKind =>
  POSTING_KINDS.find((k) => KINDS[k].postings === tab) ?? 'project';

/** The saved query of a tab's filters, as the address carries them. */
export function savedQueryOf(values: Record<string, string | undefined>): TSavedQuery {
  const query: Record<string, string | number> = {};
  for (const [key, param] of PARAMS) {
    const value = values[param]?.trim();
    if (!value) continue;
    query[key] = NUMBERS.has(key) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return query as TSavedQuery;
}

/** The address of /opportunities that runs a saved search. */
export function runHref(kind: TPostingKind, query: TSavedQuery) {
  const params: Record<string, string> = { tab: KINDS[kind].postings };
  for (const [key, param] of PARAMS) {
    const value = query[key];
    if (value !== undefined && value !== '') params[param] = String(value);
  }
  return { pathname: '/opportunities', query: params };
}
