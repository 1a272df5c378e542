import type { AxiosRequestConfig } from 'axios';
import { MARKET_LIMITS } from '@/lib/marketplace';
import type { RootState } from '@/store';
import { statusOf } from '@/lib/kinds';
import { applicationSaved } from '@/store/auth-slice';
import type { TJob, TProject, TProjectApplication } from '@/types/marketplace';
import type {
  TBoardApplication,
  TBoardKey,
  TBoardPage,
  TBulkStatusArgs,
  TBulkStatusResult,
  TChangeStatusArgs,
  TLifecycleArgs,
  TReadyToClose,
} from '@/types/pipeline';
import type { TUserProject } from '@/types/user';
import { api } from './api';
import type { TFailure } from './http-client';
import { marketplaceApi, userProjectOf } from './marketplace-api';

// The applicant pipeline through the cache (docs/api.md "Pipeline and lifecycle"): the owner's
// board and its moves, a posting's start and finish, and the hired talent's side of a project.
// A move answers the application, which the board's cache takes in place (nothing is fetched
// again); starting or finishing answers only the posting while it also rejects everyone still
// waiting, so that board is read again.

const boardTag = ({ kind, id }: TBoardKey) => ({ type: 'Board' as const, id: `${kind}-${id}` });

/** Puts the answered application in its place on the board and moves its count along. */
function placeOnBoard(board: TBoardPage, answer: TBoardApplication) {
  const i = board.data.findIndex((a) => a.id === answer.id);
  const before = i >= 0 ? statusOf(board.data[i]!) : null;
  const after = statusOf(answer) as keyof TBoardPage['counts'];
  if (i >= 0) board.data[i] = answer;
  else board.data.push(answer);
  if (before !== after) {
    if (before !== null) {
      const from = before as keyof TBoardPage['counts'];
      board.counts[from] = Math.max(0, board.counts[from] - 1);
    }
    board.counts[after] += 1;
  }
}

type TDispatch = (action: unknown) => unknown;

/**
 * Every cached list of the talent's own project applications takes the change of application
 * `id` (the project's talent side: ready to close, the congratulations seen).
 */
function patchMyProjectApplications(
  dispatch: TDispatch,
  state: unknown,
  id: number,
  patch: Partial<TProjectApplication>,
) {
  const cached = marketplaceApi.util.selectCachedArgsForQuery(
    state as Parameters<typeof marketplaceApi.util.selectCachedArgsForQuery>[0],
    'myApplications',
  );
  for (const args of cached) {
    if (args.type !== 'project') continue; // a project's own fields: only its lists hold them
    dispatch(
      marketplaceApi.util.updateQueryData('myApplications', args, (draft) => {
        const found = draft.data.find((a) => a.id === id);
        if (found) Object.assign(found, patch);
      }),
    );
  }
}

export const pipelineApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The whole board of one posting: every page of `GET /{kind}s/{id}/applications`. */
    board: b.query<TBoardPage, TBoardKey>({
      async queryFn({ kind, id }, _api, _extra, baseQuery) {
        const fetchPage = async (page: number) => {
          const config: AxiosRequestConfig = {
            method: 'GET',
            url: `/${kind}s/${id}/applications`,
            params: { page, per_page: MARKET_LIMITS.perPage },
          };
          return (await baseQuery(config)) as { data: TBoardPage } | { error: TFailure };
        };
        const first = await fetchPage(1);
        if ('error' in first) return { error: first.error };
        const seen = new Set(first.data.data.map((a) => a.id));
        const data = [...first.data.data];
        for (let page = 2; page <= first.data.last_page; page += 1) {
          const next = await fetchPage(page);
          if ('error' in next) return { error: next.error };
          // A page read later may repeat a row the earlier one had: one card per application.
          for (const a of next.data.data) {
            if (!seen.has(a.id)) data.push(a);
            seen.add(a.id);
          }
        }
        return {
          data: {
            ...first.data,
            data,
            page: 1,
            per_page: Math.max(data.length, first.data.per_page),
            last_page: 1,
          },
        };
      },
      providesTags: (_result, _error, key) => [boardTag(key)],
    }),

    /** The owner moves an applicant; the answer takes its place on the board. */
    changeApplicationStatus: b.mutation<TBoardApplication, TChangeStatusArgs>({
      query: ({ kind, id: _posting, ...data }) => ({
        method: 'POST',
        url: `/${kind}_applications/changeApplicationStatus`,
        data,
      }),
      async onQueryStarted({ kind, id }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          pipelineApi.util.updateQueryData('board', { kind, id }, (draft) =>
            placeOnBoard(draft, answer.data),
          ),
        );
      },
    }),

    startProject: b.mutation<TProject, TLifecycleArgs>({
      query: ({ id, lang }) => ({ method: 'POST', url: '/projects/start', data: { id, lang } }),
      invalidatesTags: (_r, error, key) => (error ? [] : [boardTag(key), 'MyPostings']),
    }),
    finishProject: b.mutation<TProject, TLifecycleArgs>({
      query: ({ id, lang }) => ({ method: 'POST', url: '/projects/end', data: { id, lang } }),
      invalidatesTags: (_r, error, key) => (error ? [] : [boardTag(key), 'MyPostings']),
    }),
    finishJob: b.mutation<TJob, TLifecycleArgs>({
      query: ({ id, lang }) => ({ method: 'POST', url: '/jobs/end', data: { id, lang } }),
      invalidatesTags: (_r, error, key) => (error ? [] : [boardTag(key), 'MyPostings']),
    }),

    /** The hired talent says the work is done; the stored user's project follows. */
    markReadyToClose: b.mutation<TReadyToClose, { id: number; lang: 'en' | 'es' }>({
      query: (data) => ({ method: 'POST', url: '/project_applications/readytoclose', data }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const state = getState() as RootState;
        const entry = state.auth.user?.projects.find((p) => p.application.id === answer.data.id);
        if (entry) {
          const saved: TUserProject = {
            ...entry,
            application: { ...entry.application, ready_to_close: answer.data.ready_to_close },
          };
          dispatch(applicationSaved({ kind: 'project', entry: saved }));
        }
        patchMyProjectApplications(dispatch, state, answer.data.id, {
          ready_to_close: answer.data.ready_to_close,
        });
      },
    }),

    /** The talent saw the one-time congratulations: `shown_accepted_message` goes false. */
    clearAcceptedMessage: b.mutation<TProjectApplication, number>({
      query: (id) => ({
        method: 'PATCH',
        url: '/project_applications',
        data: { id, shown_accepted_message: false },
      }),
      async onQueryStarted(_id, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(applicationSaved({ kind: 'project', entry: userProjectOf(answer.data) }));
        patchMyProjectApplications(dispatch, getState(), answer.data.id, answer.data);
      },
    }),

    /**
     * The team moves many applicants at once (docs/api.md "The recruiter's workbench"): the
     * answer names the moved and the skipped, so the board is read again.
     */
    bulkStatus: b.mutation<TBulkStatusResult, TBulkStatusArgs>({
      query: ({ kind, id: _posting, ...data }) => ({
        method: 'POST',
        url: `/${kind}_applications/bulk_status`,
        data,
      }),
      invalidatesTags: (_r, error, key) => (error ? [] : [boardTag(key)]),
    }),
  }),
});

export const {
  useBoardQuery,
  useChangeApplicationStatusMutation,
  useStartProjectMutation,
  useFinishProjectMutation,
  useFinishJobMutation,
  useMarkReadyToCloseMutation,
  useClearAcceptedMessageMutation,
} = pipelineApi;

export const { useBulkStatusMutation } = pipelineApi;
