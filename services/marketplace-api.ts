import type {
  TJobApplicationInput,
  TJobInput,
  TProjectApplicationInput,
  TProjectInput,
  TTalentSearch,
} from '@/lib/schemas/marketplace';
import { userJobOf, userProjectOf } from '@/lib/user-entries';
import { jobApplicationSaved, projectApplicationSaved } from '@/store/auth-slice';
import type {
  TJob,
  TJobApplication,
  TPage,
  TPostingKind,
  TProject,
  TProjectApplication,
  TTalentCard,
} from '@/types/marketplace';
import { api } from './api';

// The marketplace through the cache (docs/api.md "Marketplace"). Searches of postings are
// rendered on the server (pages/opportunities.tsx); these are the signed-in user's own lists and
// the writes, whose answers keep the stored user's projects and jobs current (docs/product.md "Entities and fields").

/** `posting_id` narrows the caller's applications to the one for that posting. */
type TKindQuery = { type: TPostingKind; page: number; posting_id?: number };

export { userJobOf, userProjectOf };

/** After a write of a project application: the stored user follows the answer. */
async function syncProject(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: TProjectApplication }> },
) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(projectApplicationSaved(userProjectOf(answer.data)));
}

async function syncJob(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: TJobApplication }> },
) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(jobApplicationSaved(userJobOf(answer.data)));
}

export const marketplaceApi = api.injectEndpoints({
  endpoints: (b) => ({
    myPostings: b.query<TPage<TProject | TJob>, TKindQuery>({
      query: (params) => ({ method: 'GET', url: '/me/postings', params }),
      providesTags: ['MyPostings'],
    }),
    myApplications: b.query<TPage<TProjectApplication | TJobApplication>, TKindQuery>({
      query: (params) => ({ method: 'GET', url: '/me/applications', params }),
      providesTags: ['MyApplications'],
    }),
    searchTalents: b.query<TPage<TTalentCard>, Partial<TTalentSearch>>({
      query: (params) => ({ method: 'GET', url: '/talents', params }),
      providesTags: ['Talents'],
    }),
    createProject: b.mutation<TProject, TProjectInput>({
      query: (data) => ({ method: 'POST', url: '/projects', data }),
      invalidatesTags: ['MyPostings'],
    }),
    updateProject: b.mutation<TProject, TProjectInput & { id: number }>({
      query: (data) => ({ method: 'PATCH', url: '/projects', data }),
      invalidatesTags: ['MyPostings'],
    }),
    cancelProject: b.mutation<TProject, number>({
      query: (id) => ({ method: 'DELETE', url: '/projects', data: { id } }),
      invalidatesTags: ['MyPostings'],
    }),
    createJob: b.mutation<TJob, TJobInput>({
      query: (data) => ({ method: 'POST', url: '/jobs', data }),
      invalidatesTags: ['MyPostings'],
    }),
    updateJob: b.mutation<TJob, TJobInput & { id: number }>({
      query: (data) => ({ method: 'PATCH', url: '/jobs', data }),
      invalidatesTags: ['MyPostings'],
    }),
    cancelJob: b.mutation<TJob, number>({
      query: (id) => ({ method: 'DELETE', url: '/jobs', data: { id } }),
      invalidatesTags: ['MyPostings'],
    }),
    applyToProject: b.mutation<TProjectApplication, TProjectApplicationInput>({
      query: (data) => ({ method: 'POST', url: '/project_applications', data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncProject,
    }),
    updateProjectApplication: b.mutation<
      TProjectApplication,
      { id: number; proposal?: string; price_proposal?: number; weeks?: number }
    >({
      query: (data) => ({ method: 'PATCH', url: '/project_applications', data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncProject,
    }),
    withdrawProjectApplication: b.mutation<TProjectApplication, number>({
      query: (id) => ({ method: 'DELETE', url: '/project_applications', data: { id } }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncProject,
    }),
    applyToJob: b.mutation<TJobApplication, TJobApplicationInput>({
      query: (data) => ({ method: 'POST', url: '/job_applications', data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncJob,
    }),
    updateJobApplication: b.mutation<
      TJobApplication,
      { id: number; summary?: string; experience?: string | null; file_id?: number | null }
    >({
      query: (data) => ({ method: 'PATCH', url: '/job_applications', data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncJob,
    }),
    withdrawJobApplication: b.mutation<TJobApplication, number>({
      query: (id) => ({ method: 'DELETE', url: '/job_applications', data: { id } }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncJob,
    }),
  }),
});

export const {
  useMyPostingsQuery,
  useMyApplicationsQuery,
  useSearchTalentsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useCancelProjectMutation,
  useCreateJobMutation,
  useUpdateJobMutation,
  useCancelJobMutation,
  useApplyToProjectMutation,
  useUpdateProjectApplicationMutation,
  useWithdrawProjectApplicationMutation,
  useApplyToJobMutation,
  useUpdateJobApplicationMutation,
  useWithdrawJobApplicationMutation,
} = marketplaceApi;
