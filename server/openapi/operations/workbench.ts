import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import { bulkStatusSchema } from '@/lib/schemas/bulk-status';
import { noteSchema, ratingSchema, BOARD_CSV_QUERY_SCHEMAS } from '@/lib/schemas/workbench';
import { WORKBENCH_ANSWERS as A } from '../answers/workbench';
import { defineOperations, type TOperation } from '../registry';

// The recruiter's workbench (server/routes/workbench.ts, workbench-bulk.ts; docs/api.md "The
// recruiter's workbench"): notes, ratings, bulk moves and the CSV export, once per kind.

const tag = 'Workbench';

function kindOperations(kind: TPostingKind): TOperation[] {
  const { postings: posts, applications: apps } = KINDS[kind];
  const an = kind === 'project' ? 'a project application' : 'a job application';
  return [
    {
      method: 'get',
      path: `/${apps}/:id/notes`,
      summary: `The team's private notes on ${an}, oldest first`,
      tag,
      auth: 'user',
      responses: { 200: A.notes },
    },
    {
      method: 'post',
      path: `/${apps}/:id/notes`,
      summary: `Adds a private note to ${an}`,
      tag,
      auth: 'user',
      body: noteSchema,
      responses: { 201: A.note },
    },
    {
      method: 'put',
      path: `/${apps}/:id/rating`,
      summary: `Sets the caller's rating (1–5) of ${an}; answers the team's`,
      tag,
      auth: 'user',
      body: ratingSchema,
      responses: { 200: A.rating },
    },
    {
      method: 'delete',
      path: `/${apps}/:id/rating`,
      summary: `Clears the caller's rating of ${an}; answers the team's`,
      tag,
      auth: 'user',
      responses: { 200: A.rating },
    },
    {
      method: 'post',
      path: `/${apps}/bulk_status`,
      summary: `Moves several applications of one board to a status; says which did not move`,
      tag,
      auth: 'business',
      body: bulkStatusSchema,
      responses: { 200: A.bulk },
    },
    {
      method: 'get',
      path: `/${posts}/:id/applications.csv`,
      summary: `The board's applicants as CSV, with its filters and order`,
      tag,
      auth: 'business',
      query: BOARD_CSV_QUERY_SCHEMAS[kind],
      responses: { 200: A.csv },
    },
  ];
}

export const workbenchOperations = defineOperations([
  ...POSTING_KINDS.flatMap(kindOperations),
  {
    method: 'patch',
    path: '/notes/:id',
    summary: 'Edits one of the caller’s notes',
    tag,
    auth: 'user',
    body: noteSchema,
    responses: { 200: A.note },
  },
  {
    method: 'delete',
    path: '/notes/:id',
    summary: 'Deletes one of the caller’s notes',
    tag,
    auth: 'user',
    responses: { 200: A.noteDeleted },
  },
]);
