// The marketplace's limits and choices (docs/api.md "Marketplace"), apart from the schemas so that
// screens that only list the choices (the search filters) do not load the schema library.

export const MARKET_LIMITS = {
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

export const MODALITIES = ['remote', 'onsite', 'hybrid'] as const;
export const CONTRACT_TYPES = ['full_time', 'part_time', 'contract', 'internship'] as const;
export const SORTS = ['newest', 'deadline', 'pay'] as const;
export type TModality = (typeof MODALITIES)[number];
export type TContractType = (typeof CONTRACT_TYPES)[number];
export type TSort = (typeof SORTS)[number];
