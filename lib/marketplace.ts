// The marketplace's limits and choices (docs/api.md "Marketplace"), apart from the schemas so that
// screens that only list the choices (the search filters) do not load the schema library. The
// types of the choices are the API's (types/marketplace.ts).

import type { TContractType, TModality } from '@/types/marketplace';

export const MARKET_LIMITS = {
  /** Applications one bulk move takes (docs/api.md "The recruiter's workbench"). */
  bulkMove: 200,
  name: 150,
  summary: 300,
  description: 8000,
  requirements: 4000,
  skills: 15,
  skill: 60,
  weeksMin: 1,
  weeksMax: 104,
  /** The largest amount in minor units (PostgreSQL `integer`). */
  money: 2_000_000_000,
  proposal: 5000,
  proposalMin: 20,
  jobSummary: 3000,
  experience: 5000,
  search: 100,
  /** A rejection's reason, which the talent reads. */
  reason: 500,
  perPage: 50,
} as const;

export const MODALITIES = ['remote', 'onsite', 'hybrid'] as const satisfies TModality[];
export const CONTRACT_TYPES = [
  'full_time',
  'part_time',
  'contract',
  'internship',
] as const satisfies TContractType[];
export const SORTS = ['newest', 'deadline', 'pay'] as const;
export type { TContractType, TModality };
export type TSort = (typeof SORTS)[number];

/** True when list `L` names every value of `T`: the lists above miss none of their type's. */
type TEvery<T, L extends readonly T[]> = [T] extends [L[number]] ? true : false;
const _everyModality: TEvery<TModality, typeof MODALITIES> = true;
const _everyContractType: TEvery<TContractType, typeof CONTRACT_TYPES> = true;
