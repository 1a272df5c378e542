import { jobApplications, jobs, projectApplications, projects } from '@/db/schema';
import { KINDS, type TKindInfo, type TPostingKind } from '@/lib/kinds';

// The server's half of the kind descriptor (lib/kinds.ts has the names, paths and statuses that
// the screens share; docs/architecture.md "One marketplace for two kinds"): each kind's tables and
// the columns its rules read. A verb takes the kind in its input and reads `TABLES[kind]` instead
// of comparing it.

export type { TPostingKind };

const tablesOf = {
  project: {
    postingTable: projects,
    status: projects.projectStatusId,
    applicationTable: projectApplications,
    applicationFk: projectApplications.projectId,
    applicationStatus: projectApplications.accepted,
  },
  job: {
    postingTable: jobs,
    status: jobs.jobStatusId,
    applicationTable: jobApplications,
    applicationFk: jobApplications.jobId,
    applicationStatus: jobApplications.selected,
  },
} as const;

/** A kind's descriptor with its tables: `SERVER_KINDS.job.applicationTable`, `SERVER_KINDS.job.statuses`. */
export const SERVER_KINDS = {
  project: { ...KINDS.project, ...tablesOf.project },
  job: { ...KINDS.job, ...tablesOf.job },
} as const satisfies { [K in TPostingKind]: TKindInfo<K> & (typeof tablesOf)[K] };
