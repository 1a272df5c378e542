import type { AxiosRequestConfig } from 'axios';
import { MARKET_LIMITS } from '@/lib/marketplace';
import type { RootState } from '@/store';
import { statusOf } from '@/lib/kinds';
import { applicationSaved } from '@/store/auth-slice';
import type { TJob, TProject, TProjectApplication } from '@/types/marketplace';
import type {
  TApplicationNote,
  TBoardApplication,
  TBoardKey,
  TBoardPage,
  TBulkStatusArgs,
  TBulkStatusResult,
  TBoardQuery,
  TChangeStatusArgs,
  TBoardRating,
  TLifecycleArgs,
  TNoteArgs,
  TNotesKey,
  TRatingResult,
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

/** The board's cache key: which posting, and the search, filters and order it was read with. */
export type TBoardArgs = TBoardKey & { query?: TBoardQuery };

/**
 * Every cached board of posting `{kind, id}` (one per search, filters and order read) takes the
 * change: a move or a note shows on the board whatever view of it is open.
 */
function updateBoards(
  dispatch: TDispatch,
  state: unknown,
  { kind, id }: TBoardKey,
  recipe: (draft: TBoardPage) => void,
) {
  const cached = pipelineApi.util.selectCachedArgsForQuery(
    state as Parameters<typeof pipelineApi.util.selectCachedArgsForQuery>[0],
    'board',
  );
  for (const args of cached) {
    if (args.kind !== kind || args.id !== id) continue;
    dispatch(pipelineApi.util.updateQueryData('board', args, recipe));
  }
}

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
    board: b.query<TBoardPage, TBoardArgs>({
      async queryFn({ kind, id, query }, _api, _extra, baseQuery) {
        const fetchPage = async (page: number) => {
          const config: AxiosRequestConfig = {
            method: 'GET',
            url: `/${kind}s/${id}/applications`,
            params: { ...query, page, per_page: MARKET_LIMITS.perPage },
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
      async onQueryStarted({ kind, id }, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        updateBoards(dispatch, getState(), { kind, id }, (draft) =>
          placeOnBoard(draft, answer.data),
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
// The recruiter's workbench (docs/api.md "The recruiter's workbench"): a member's private notes
// and rating of an applicant. Each answer goes into the notes' cache and into every cached board
// of the posting (its notes count, the team's rating), so nothing is read again.

/** The board's card of application `applicationId` takes `patch` in every cached view. */
function patchBoardCard(
  dispatch: TDispatch,
  state: unknown,
  key: TBoardKey,
  applicationId: number,
  patch: (card: TBoardApplication) => void,
) {
  updateBoards(dispatch, state, key, (draft) => {
    const card = draft.data.find((a) => a.id === applicationId);
    if (card) patch(card);
  });
}

const notesKey = ({ kind, application_id }: TNotesKey): TNotesKey => ({ kind, application_id });

export const workbenchApi = pipelineApi.injectEndpoints({
  endpoints: (b) => ({
    /** The team's notes on one application, oldest first. */
    applicationNotes: b.query<TApplicationNote[], TNotesKey>({
      query: ({ kind, application_id }) => ({
        method: 'GET',
        url: `/${kind}_applications/${application_id}/notes`,
      }),
    }),
    addNote: b.mutation<TApplicationNote, TNoteArgs & { body: string }>({
      query: ({ kind, application_id, body }) => ({
        method: 'POST',
        url: `/${kind}_applications/${application_id}/notes`,
        data: { body },
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          workbenchApi.util.updateQueryData('applicationNotes', notesKey(args), (draft) => {
            draft.push(answer.data);
          }),
        );
        patchBoardCard(dispatch, getState(), args, args.application_id, (card) => {
          card.notes_count += 1;
        });
      },
    }),
    editNote: b.mutation<TApplicationNote, TNotesKey & { note_id: number; body: string }>({
      query: ({ note_id, body }) => ({ method: 'PATCH', url: `/notes/${note_id}`, data: { body } }),
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          workbenchApi.util.updateQueryData('applicationNotes', notesKey(args), (draft) => {
            const i = draft.findIndex((n) => n.id === answer.data.id);
            if (i >= 0) draft[i] = answer.data;
          }),
        );
      },
    }),
    deleteNote: b.mutation<{ deleted: true }, TNoteArgs & { note_id: number }>({
      query: ({ note_id }) => ({ method: 'DELETE', url: `/notes/${note_id}` }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        dispatch(
          workbenchApi.util.updateQueryData('applicationNotes', notesKey(args), (draft) =>
            draft.filter((n) => n.id !== args.note_id),
          ),
        );
        patchBoardCard(dispatch, getState(), args, args.application_id, (card) => {
          card.notes_count = Math.max(0, card.notes_count - 1);
        });
      },
    }),
    /** The member's own rating 1–5; the answer is the team's new average, count and `mine`. */
    rateApplication: b.mutation<TRatingResult, TNoteArgs & { rating: number }>({
      query: ({ kind, application_id, rating }) => ({
        method: 'PUT',
        url: `/${kind}_applications/${application_id}/rating`,
        data: { rating },
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) ratedOnBoard(dispatch, getState(), args, answer.data);
      },
    }),
    clearRating: b.mutation<TRatingResult, TNoteArgs>({
      query: ({ kind, application_id }) => ({
        method: 'DELETE',
        url: `/${kind}_applications/${application_id}/rating`,
      }),
      async onQueryStarted(args, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) ratedOnBoard(dispatch, getState(), args, answer.data);
      },
    }),
  }),
});

/** The team's rating as a rating call answered it, on every cached board of the posting. */
function ratedOnBoard(dispatch: TDispatch, state: unknown, args: TNoteArgs, r: TRatingResult) {
  patchBoardCard(dispatch, state, args, args.application_id, (card) => {
    const rating: TBoardRating = { average: r.average, count: r.count, mine: r.mine };
    card.rating = rating;
  });
}

export const {
  useApplicationNotesQuery,
  useAddNoteMutation,
  useEditNoteMutation,
  useDeleteNoteMutation,
  useRateApplicationMutation,
  useClearRatingMutation,
} = workbenchApi;
