import { toMajorInput, toMinor } from '@/lib/format/money';
import type { TJob, TPostingKind, TProject } from '@/types/marketplace';

/** The posting form's values, as typed: amounts with the language's decimal mark. */
export type TPostingValues = {
  name: string;
  summary: string;
  description: string;
  requirements: string;
  skills: string[];
  budget: string;
  currency: string;
  weeks: string;
  contract_type: string;
  min_salary: string;
  max_salary: string;
  modality: string;
  country_code: string;
  end_date: string;
};

/** The values of the fields a kind has of its own. */
type TOwnValues = Pick<
  TPostingValues,
  'requirements' | 'budget' | 'weeks' | 'contract_type' | 'min_salary' | 'max_salary'
>;

/**
 * What each kind reads into the form and sends from it: a project its budget and weeks, a job its
 * requirements, contract type and salary range. The form keeps every field (a new posting starts
 * with all of them empty); only the kind's own are read and sent.
 */
const KIND_VALUES = {
  project: {
    read: (p: TProject | undefined, currency: string, lang: string) => ({
      budget: toMajorInput(p?.budget, currency, lang),
      weeks: p ? String(p.weeks) : '',
    }),
    send: (f: TPostingValues) => ({
      budget: toMinor(f.budget, f.currency),
      weeks: f.weeks === '' ? undefined : Number(f.weeks),
    }),
  },
  job: {
    read: (p: TJob | undefined, currency: string, lang: string) => ({
      requirements: p?.requirements ?? '',
      contract_type: p?.contract_type ?? 'full_time',
      min_salary: toMajorInput(p?.min_salary, currency, lang),
      max_salary: toMajorInput(p?.max_salary, currency, lang),
    }),
    send: (f: TPostingValues) => ({
      requirements: f.requirements,
      contract_type: f.contract_type,
      min_salary: toMinor(f.min_salary, f.currency) ?? null,
      max_salary: toMinor(f.max_salary, f.currency) ?? null,
    }),
  },
} satisfies {
  [K in TPostingKind]: {
    read: (p: (K extends 'project' ? TProject : TJob) | undefined, c: string, l: string) => unknown;
    send: (f: TPostingValues) => object;
  };
};

const NONE: TOwnValues = {
  requirements: '',
  budget: '',
  weeks: '',
  contract_type: 'full_time',
  min_salary: '',
  max_salary: '',
};

/** The form's values for a posting of this kind (or a new one). */
export function fromPosting(
  kind: TPostingKind,
  p: TProject | TJob | undefined,
  lang: string,
): TPostingValues {
  const currency = p?.currency ?? 'USD';
  const read = KIND_VALUES[kind].read as (
    p: TProject | TJob | undefined,
    c: string,
    l: string,
  ) => Partial<TOwnValues>;
  return {
    ...NONE,
    name: p?.name ?? '',
    summary: p?.summary ?? '',
    description: p?.description ?? '',
    skills: p?.skills ?? [],
    currency,
    modality: p?.modality ?? 'remote',
    country_code: p?.country_code ?? '',
    end_date: p?.end_date ?? '',
    ...read(p, currency, lang),
  };
}

/** The payload of the form, as the API (and the shared schema) takes it: money in minor units. */
export function payload(kind: TPostingKind, f: TPostingValues) {
  return {
    name: f.name,
    summary: f.summary,
    description: f.description,
    skills: f.skills,
    currency: f.currency,
    modality: f.modality,
    country_code: f.country_code,
    end_date: f.end_date,
    ...KIND_VALUES[kind].send(f),
  };
}
