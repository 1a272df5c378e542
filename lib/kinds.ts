// The two kinds of posting, projects and jobs, described once (docs/architecture.md "One
// marketplace for two kinds"). Their rules are the same; what differs is a few names, fields and
// words, and every one of those differences is written here. The server, the client services and
// the screens read this descriptor instead of comparing a kind: routes are mounted once per kind
// from `KINDS[kind].postings`, a status is read through `statusOf`, a link is built with
// `postingPath`. The server adds its tables to it (server/services/marketplace/kinds.ts) and the
// schemas are picked by kind in lib/schemas/marketplace.ts (`KIND_SCHEMAS`), so that a screen that
// only needs a word or a path does not load either.

import { JOB_STATUS, PROJECT_STATUS } from '@/lib/statuses';
import type {
  TJob,
  TJobApplication,
  TPostingKind,
  TProject,
  TProjectApplication,
} from '@/types/marketplace';

export type { TPostingKind };

export const POSTING_KINDS = ['project', 'job'] as const satisfies readonly TPostingKind[];

type TStatuses = { recruiting: number; finished: number; cancelled: number };

export type TKindInfo<K extends TPostingKind = TPostingKind> = {
  kind: K;
  /** The postings' path and the session user's list of its applications (docs/api.md). */
  postings: `${K}s`;
  /** The applications' path: `/project_applications`, `/job_applications`. */
  applications: `${K}_applications`;
  /** An application's status field: `accepted` on projects, `selected` on jobs. */
  statusField: K extends 'project' ? 'accepted' : 'selected';
  /** A posting's status field. */
  postingStatusField: `${K}_status_id`;
  /** An application's posting id field. */
  postingIdField: `${K}_id`;
  /** The posting's status ids by name (lib/statuses.ts). */
  statuses: TStatuses & Record<string, number>;
  /**
   * The statuses in which a posting still recruits: its applicants move and may withdraw. A job
   * "in selection" still recruits though it takes no new applications.
   */
  recruitingStatuses: readonly number[];
  /**
   * The status a recruiting posting moves to on its own once its deadline passed
   * (docs/product.md "Deadlines"): a job goes "in selection"; a project stays recruiting (null),
   * taking no more applications.
   */
  deadlineStatus: number | null;
  /** The catalog key (market.json) of the kind's plural, for tabs and headings. */
  pluralKey: `kinds.${K}s`;
  /** Whether an application proposes a price and weeks (the board filters and sorts by them). */
  pricedProposals: boolean;
};

export const KINDS: { readonly [K in TPostingKind]: TKindInfo<K> } = {
  project: {
    kind: 'project',
    postings: 'projects',
    applications: 'project_applications',
    statusField: 'accepted',
    postingStatusField: 'project_status_id',
    postingIdField: 'project_id',
    statuses: PROJECT_STATUS,
    recruitingStatuses: [PROJECT_STATUS.recruiting],
    deadlineStatus: null,
    pluralKey: 'kinds.projects',
    pricedProposals: true,
  },
  job: {
    kind: 'job',
    postings: 'jobs',
    applications: 'job_applications',
    statusField: 'selected',
    postingStatusField: 'job_status_id',
    postingIdField: 'job_id',
    statuses: JOB_STATUS,
    recruitingStatuses: [JOB_STATUS.recruiting, JOB_STATUS.inSelection],
    deadlineStatus: JOB_STATUS.inSelection,
    pluralKey: 'kinds.jobs',
    pricedProposals: false,
  },
};

/** A kind read from an address or a query (`?type=job`): anything else is a project. */
export const kindFrom = (value: unknown): TPostingKind => (value === 'job' ? 'job' : 'project');

/** Whether a value names a kind. */
export const isKind = (value: unknown): value is TPostingKind =>
  (POSTING_KINDS as readonly unknown[]).includes(value);

/** The kind of a posting, told by its status field. */
export const kindOfPosting = (
  posting: TProject | TJob | { project_status_id: number } | { job_status_id: number },
): TPostingKind => ('project_status_id' in posting ? 'project' : 'job');

/** The kind of an application, told by its status field. */
export function kindOfApplication(
  application: TProjectApplication | TJobApplication | { accepted: number } | { selected: number },
): TPostingKind {
  return 'accepted' in application ? 'project' : 'job';
}

/** The posting an application names (its `project` or its `job`). */
export const postingOfApplication = (application: TProjectApplication | TJobApplication) =>
  'project' in application ? application.project : application.job;

/** An application's status, whichever its kind. */
export const statusOf = (application: { accepted: number } | { selected: number }): number =>
  'accepted' in application ? application.accepted : application.selected;

/** A posting's status id, whichever its kind. */
export const postingStatusOf = (
  posting: { project_status_id: number } | { job_status_id: number },
): number => ('project_status_id' in posting ? posting.project_status_id : posting.job_status_id);

/** The public page of a posting: `/projects/5`, `/jobs/2`. */
export const postingPath = (kind: TPostingKind, id: number) => `/${KINDS[kind].postings}/${id}`;

/** The business's pages of a posting: its form, its applicants. */
export const businessPath = (
  kind: TPostingKind,
  id: number | 'new',
  page?: 'edit' | 'applicants',
) => `/business/${KINDS[kind].postings}/${id}${page ? `/${page}` : ''}`;

/** Whether a posting of this kind still recruits (see `recruitingStatuses`). */
export const isRecruitingStatus = (kind: TPostingKind, statusId: number) =>
  KINDS[kind].recruitingStatuses.includes(statusId);
