// Every status id of the product, in one place (docs/product.md "Statuses"): the database
// schema, the server and the screens all read them from here. docs/product.md "States and transitions", "Constants and limits": project 2 started,
// 3 finished; job 3 finished.

export const PROJECT_STATUS = { recruiting: 1, started: 2, finished: 3, cancelled: 4 } as const;
export const JOB_STATUS = { recruiting: 1, inSelection: 2, finished: 3, cancelled: 4 } as const;

/** `accepted` on project applications, `selected` on job applications. */
export const APPLICATION_STATUS = {
  applied: 0,
  shortlisted: 1,
  hired: 2,
  rejected: 3,
  withdrawn: 4,
} as const;

/** Statuses in which the talent may still edit or withdraw an application (docs/product.md). */
export const OPEN_APPLICATION_STATUSES: readonly number[] = [
  APPLICATION_STATUS.applied,
  APPLICATION_STATUS.shortlisted,
];

/** `verify_status_id` of an experience or an education entry. */
export const VERIFY_STATUS = { notRequested: 1, inProcess: 2, verified: 3, rejected: 4 } as const;

export type TProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
export type TJobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export type TApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];
export type TVerifyStatus = (typeof VERIFY_STATUS)[keyof typeof VERIFY_STATUS];

/** The name of a status id, for catalog keys (`statuses.project.started`). */
export const statusName = <T extends Record<string, number>>(statuses: T, id: number) =>
  (Object.keys(statuses) as (keyof T & string)[]).find((k) => statuses[k] === id);
