import type {
  TJobApplicationInput,
  TJobInput,
  TProjectApplicationInput,
  TProjectInput,
  TTalentSearch,
} from '@/lib/schemas/marketplace';
import { KINDS } from '@/lib/kinds';
import { userEntryOf, userJobOf, userProjectOf } from '@/lib/user-entries';
import { applicationSaved } from '@/store/auth-slice';
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

export { userEntryOf, userJobOf, userProjectOf };

/** What each kind's postings and applications are, and what their writes send. */
type TPostingOf = { project: TProject; job: TJob };
type TPostingInputOf = { project: TProjectInput; job: TJobInput };
type TApplicationOf = { project: TProjectApplication; job: TJobApplication };
type TApplicationInputOf = { project: TProjectApplicationInput; job: TJobApplicationInput };
type TApplicationPatchOf = {
  project: { id: number; proposal?: string; price_proposal?: number; weeks?: number };
  job: { id: number; summary?: string; experience?: string | null; file_id?: number | null };
};
/** An argument naming its kind: `{ kind: 'job', data: … }`, whose data is that kind's. */
type TByKind<T extends Record<TPostingKind, unknown>> = {
  [K in TPostingKind]: { kind: K; data: T[K] };
}[TPostingKind];

/** After a write of an application: the stored user's projects or jobs follow the answer. */
async function syncApplication(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (a: unknown) => unknown;
    queryFulfilled: Promise<{ data: TProjectApplication | TJobApplication }>;
  },
) {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(applicationSaved(userEntryOf(answer.data)));
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
    createPosting: b.mutation<TProject | TJob, TByKind<TPostingInputOf>>({
      query: ({ kind, data }) => ({ method: 'POST', url: `/${KINDS[kind].postings}`, data }),
      invalidatesTags: ['MyPostings'],
    }),
    updatePosting: b.mutation<
      TProject | TJob,
      TByKind<{ [K in TPostingKind]: TPostingInputOf[K] & { id: number } }>
    >({
      query: ({ kind, data }) => ({ method: 'PATCH', url: `/${KINDS[kind].postings}`, data }),
      invalidatesTags: ['MyPostings'],
    }),
    cancelPosting: b.mutation<TPostingOf[TPostingKind], { kind: TPostingKind; id: number }>({
      query: ({ kind, id }) => ({
        method: 'DELETE',
        url: `/${KINDS[kind].postings}`,
        data: { id },
      }),
      invalidatesTags: ['MyPostings'],
    }),
    apply: b.mutation<TApplicationOf[TPostingKind], TByKind<TApplicationInputOf>>({
      query: ({ kind, data }) => ({ method: 'POST', url: `/${KINDS[kind].applications}`, data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncApplication,
    }),
    updateApplication: b.mutation<TApplicationOf[TPostingKind], TByKind<TApplicationPatchOf>>({
      query: ({ kind, data }) => ({ method: 'PATCH', url: `/${KINDS[kind].applications}`, data }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncApplication,
    }),
    withdrawApplication: b.mutation<
      TApplicationOf[TPostingKind],
      { kind: TPostingKind; id: number }
    >({
      query: ({ kind, id }) => ({
        method: 'DELETE',
        url: `/${KINDS[kind].applications}`,
        data: { id },
      }),
      invalidatesTags: ['MyApplications'],
      onQueryStarted: syncApplication,
    }),
  }),
});

export const {
  useMyPostingsQuery,
  useMyApplicationsQuery,
  useSearchTalentsQuery,
  useCreatePostingMutation,
  useUpdatePostingMutation,
  useCancelPostingMutation,
  useApplyMutation,
  useUpdateApplicationMutation,
  useWithdrawApplicationMutation,
} = marketplaceApi;
