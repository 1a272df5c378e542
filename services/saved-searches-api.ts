import type { TPostingKind } from '@/lib/kinds';
import type { TSavedQuery } from '@/lib/saved-search-url';
import { api } from './api';

// Saved searches through the cache (docs/api.md "Saved searches"): the caller's list, and the
// changes that invalidate it.

export type TAlert = 'instant' | 'daily' | 'off';

export type TSavedSearch = {
  id: number;
  name: string;
  kind: TPostingKind;
  query: TSavedQuery;
  alert: TAlert;
  created_at: string;
  updated_at: string;
};

const TAG = 'SavedSearches' as const;

export const savedSearchesApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (b) => ({
    /** `GET /saved_searches`: the caller's, newest first. */
    savedSearches: b.query<TSavedSearch[], void>({
      query: () => ({ method: 'GET', url: '/saved_searches' }),
      providesTags: [TAG],
    }),
    /** `POST /saved_searches`. */
    saveSearch: b.mutation<
      TSavedSearch,
      { name: string; kind: TPostingKind; query: TSavedQuery; alert: TAlert }
    >({
      query: (data) => ({ method: 'POST', url: '/saved_searches', data }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    /** `PATCH /saved_searches/{id}`. */
    updateSavedSearch: b.mutation<
      TSavedSearch,
      { id: number; name?: string; alert?: TAlert; query?: TSavedQuery }
    >({
      query: ({ id, ...data }) => ({ method: 'PATCH', url: `/saved_searches/${id}`, data }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
    /** `DELETE /saved_searches/{id}`. */
    deleteSavedSearch: b.mutation<{ id: number; deleted: true }, number>({
      query: (id) => ({ method: 'DELETE', url: `/saved_searches/${id}` }),
      invalidatesTags: (_r, error) => (error ? [] : [TAG]),
    }),
  }),
});

export const {
  useSavedSearchesQuery,
  useSaveSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchesApi;
