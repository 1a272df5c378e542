import type { TResponsiveness } from './pipeline';
import type { TUserJob, TUserProject } from './user';

/** A posting's modality and contract type (lib/marketplace.ts lists them, in this order). */
export type TModality = 'remote' | 'onsite' | 'hybrid';
export type TContractType = 'full_time' | 'part_time' | 'contract' | 'internship';

/** docs/api.md's shapes of the marketplace (docs/api.md "Marketplace"). */
export type TOwner = { id: number; name: string; company: string | null };

/** The company a posting belongs to (docs/api.md "Companies and teams"). */
export type TPostingCompany = { id: number; slug: string; name: string };

type TPostingBase = {
  id: number;
  name: string;
  summary: string;
  description: string;
  skills: string[];
  currency: string;
  modality: TModality;
  country_code: string | null;
  end_date: string | null;
  owner: TOwner;
  company: TPostingCompany;
  applications_count: number;
  created_at: string;
  /** Recruiting, and the deadline has not passed. */
  accepting: boolean;
  /** The deadline (the last day to apply) has ended everywhere on Earth. */
  deadline_passed: boolean;
  /** Whether the signed-in talent saved it (docs/api.md "Favourites"); false for anyone else. */
  saved?: boolean;
};

export type TProject = TPostingBase & { budget: number; weeks: number; project_status_id: number };

export type TJob = TPostingBase & {
  requirements: string | null;
  contract_type: TContractType;
  min_salary: number | null;
  max_salary: number | null;
  job_status_id: number;
};

/**
 * `GET /projects/{id}`, `GET /jobs/{id}`: the posting and how quickly its company answers
 * (docs/product.md "Responsiveness").
 */
export type TPostingWithResponsiveness<P extends TProject | TJob = TProject | TJob> = P & {
  responsiveness: TResponsiveness;
  /** The signed-in talent's invitation to apply to it; null for anyone else (docs/api.md "Invitations to apply"). */
  invitation?: TPostingInvitation | null;
};

export type TPostingKind = 'project' | 'job';

type TApplicationBase = {
  id: number;
  user_id: number;
  reason: string | null;
  algorand_transaction: string | null;
  near_transaction: string | null;
  created_at: string;
  updated_at: string;
};

export type TProjectApplication = TApplicationBase & {
  project_id: number;
  proposal: string;
  price_proposal: number;
  weeks: number;
  accepted: number;
  shown_accepted_message: boolean;
  ready_to_close: boolean;
  project: { id: number; name: string; project_status_id: number; currency: string };
};

export type TJobApplication = TApplicationBase & {
  job_id: number;
  summary: string;
  experience: string | null;
  file: { id: number; url: string; name: string; size: number } | null;
  selected: number;
  job: { id: number; name: string; job_status_id: number };
};

export type TTalentCard = {
  id: number;
  name: string;
  last_name: string;
  headline: string | null;
  avatar_url: string | null;
  country_code: string | null;
  city: string | null;
  skills: string[];
  languages: { code: string; name_en: string; name_es: string }[];
  /** Whether the business reading saved this talent (docs/api.md "Favourites"). */
  saved?: boolean;
};

/** docs/api.md "Lists". */
export type TPage<T> = {
  data: T[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
};

/**
 * Whether the caller of a posting's page applied to it, as the server said with the page
 * (server/ssr/marketplace.ts `loadViewerApplication`): whose answer it is, and their entry of
 * the seed's "Entities and fields" (docs/product.md) `projects` or `jobs`, or null when they have not applied.
 */
export type TViewerApplication = {
  userId: number;
  entry: TUserProject | TUserJob | null;
};

/** `invitation` on a posting's answer, for the invited talent (null for anyone else). */
export type TPostingInvitation = {
  id: number;
  company: { name: string };
  message: string | null;
  created_at: string;
};
