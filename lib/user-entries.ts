import { kindOfApplication } from '@/lib/kinds';
import type { TJobApplication, TProjectApplication } from '@/types/marketplace';
import type { TUserJob, TUserProject } from '@/types/user';

// The seed's "Entities and fields" (docs/product.md) entries of the signed-in user's `projects` and `jobs`, made from an application as
// the API answers it: by the browser's cache after each write (services/marketplace-api.ts) and
// by the server for the posting pages (server/ssr/marketplace.ts), so both write the same.

/** The seed's "Entities and fields" (docs/product.md) entry of the user's `projects` for an application the server answered. */
export const userProjectOf = (a: TProjectApplication): TUserProject => ({
  id: a.project.id,
  name: a.project.name,
  project_status_id: a.project.project_status_id,
  application: {
    id: a.id,
    accepted: a.accepted,
    shown_accepted_message: a.shown_accepted_message,
    ready_to_close: a.ready_to_close,
    algorand_transaction: a.algorand_transaction,
    near_transaction: a.near_transaction,
  },
});

/** The seed's "Entities and fields" (docs/product.md) entry of the user's `jobs`. */
export const userJobOf = (a: TJobApplication): TUserJob => ({
  id: a.job.id,
  name: a.job.name,
  job_status_id: a.job.job_status_id,
  application: {
    id: a.id,
    selected: a.selected,
    algorand_transaction: a.algorand_transaction,
    near_transaction: a.near_transaction,
  },
});

/** The entry of the user's `projects` or `jobs`, whichever the application's kind, with its kind. */
export function userEntryOf(a: TProjectApplication | TJobApplication): TUserEntry {
  const kind = kindOfApplication(a);
  const entryOf = ENTRY_OF[kind] as (a: TProjectApplication | TJobApplication) => never;
  return { kind, entry: entryOf(a) };
}

const ENTRY_OF = { project: userProjectOf, job: userJobOf } as const;

/** An entry of the user's `projects` or `jobs`, told by its kind. */
export type TUserEntry =
  { kind: 'project'; entry: TUserProject } | { kind: 'job'; entry: TUserJob };
