import { KINDS, POSTING_KINDS, type TPostingKind } from '@/lib/kinds';
import {
  changeStatusSchema,
  KIND_SCHEMAS,
  kindQuerySchema,
  lifecycleSchema,
  talentSearchSchema,
  updateWalletSchema,
} from '@/lib/schemas/marketplace';
import { idSchema } from '@/lib/schemas/profile';
import { BOARD_QUERY_SCHEMAS } from '@/lib/schemas/workbench';
import { MARKETPLACE_ANSWERS as A } from '../answers/marketplace';
import { defineOperations, type TOperation } from '../registry';

// The marketplace (server/routes/marketplace.ts; docs/api.md "Marketplace", "Pipeline and
// lifecycle"): the routes of a posting kind are mounted once per kind, so are their entries.

const tag = 'Marketplace';

/** One kind's operations, at the paths its descriptor names (`/projects`, `/job_applications`…). */
function kindOperations(kind: TPostingKind): TOperation[] {
  const { postings: posts, applications: apps } = KINDS[kind];
  const schemas = KIND_SCHEMAS[kind];
  const answers = A[kind];
  const a = kind === 'project' ? 'a project' : 'a job';
  const an = kind === 'project' ? 'a project application' : 'a job application';
  return [
    {
      method: 'get',
      path: `/${posts}`,
      summary: `Searches ${posts} (by default, those taking applications)`,
      tag,
      auth: 'optional',
      query: schemas.search,
      responses: { 200: answers.search },
    },
    {
      method: 'get',
      path: `/${posts}/:id`,
      summary: `Reads ${a}, its company's responsiveness and the talent's invitation`,
      tag,
      auth: 'optional',
      responses: { 200: answers.page },
    },
    {
      method: 'post',
      path: `/${posts}`,
      summary: `Posts ${a} for the chosen company`,
      tag,
      auth: 'business',
      body: schemas.posting,
      responses: { 201: answers.posting },
    },
    {
      method: 'patch',
      path: `/${posts}`,
      summary: `Changes ${a} of the caller's company while it recruits`,
      tag,
      auth: 'business',
      body: schemas.postingPatch,
      responses: { 200: answers.posting },
    },
    {
      method: 'delete',
      path: `/${posts}`,
      summary: `Cancels ${a}; its open applications are closed`,
      tag,
      auth: 'business',
      body: idSchema,
      responses: { 200: answers.posting },
    },
    {
      method: 'post',
      path: `/${apps}`,
      summary: `Applies to ${a}`,
      tag,
      auth: 'talent',
      body: schemas.application,
      responses: { 201: answers.application },
    },
    {
      method: 'patch',
      path: `/${apps}`,
      summary: `Changes the caller's ${an.slice(2)} while it is open`,
      tag,
      auth: 'talent',
      body: schemas.applicationPatch,
      responses: { 200: answers.application },
    },
    {
      method: 'delete',
      path: `/${apps}`,
      summary: `Withdraws the caller's ${an.slice(2)}`,
      tag,
      auth: 'talent',
      body: idSchema,
      responses: { 200: answers.application },
    },
    {
      method: 'get',
      path: `/${posts}/:id/applications`,
      summary: `The applicant board of ${a}: searched, filtered, ordered, with counts per status`,
      tag,
      auth: 'business',
      query: BOARD_QUERY_SCHEMAS[kind],
      responses: { 200: answers.board },
    },
    {
      method: 'post',
      path: `/${apps}/changeApplicationStatus`,
      summary: `Moves ${an} to another status; answers it as the board shows it`,
      tag,
      auth: 'business',
      body: changeStatusSchema,
      responses: { 200: answers.boardApplication },
    },
    {
      method: 'post',
      path: `/${posts}/end`,
      summary: `Finishes ${a}`,
      tag,
      auth: 'business',
      body: lifecycleSchema,
      responses: { 200: answers.posting },
    },
    {
      method: 'patch',
      path: `/${apps}/update_wallet`,
      summary: `Records the on-chain transaction of the caller's finished work`,
      tag,
      auth: 'talent',
      body: updateWalletSchema,
      responses: { 200: answers.application },
    },
  ];
}

export const marketplaceOperations = defineOperations([
  ...POSTING_KINDS.flatMap(kindOperations),
  {
    method: 'post',
    path: '/projects/start',
    summary: 'Starts a project with its hired talents',
    tag,
    auth: 'business',
    body: lifecycleSchema,
    responses: { 200: A.project.posting },
  },
  {
    method: 'post',
    path: '/project_applications/readytoclose',
    summary: 'The hired talent says the work of a started project is ready to close',
    tag,
    auth: 'talent',
    body: lifecycleSchema,
    responses: { 200: A.readyToClose },
  },
  {
    method: 'get',
    path: '/me/applications',
    summary: 'A page of the calling talent’s applications of one kind, newest first',
    tag,
    auth: 'talent',
    query: kindQuerySchema,
    responses: { 200: A.myApplications },
  },
  {
    method: 'get',
    path: '/me/postings',
    summary: 'A page of the chosen company’s postings of one kind, newest first',
    tag,
    auth: 'business',
    query: kindQuerySchema,
    responses: { 200: A.myPostings },
  },
  {
    method: 'get',
    path: '/talents',
    summary: 'Searches talents, the fullest profiles first',
    tag,
    auth: 'business',
    query: talentSearchSchema,
    responses: { 200: A.talents },
  },
]);
