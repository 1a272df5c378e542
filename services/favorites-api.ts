import { KINDS } from '@/lib/kinds';
import type { TFavoriteKind } from '@/lib/schemas/favorites';
import type { TJob, TPage, TPostingKind, TProject, TTalentCard } from '@/types/marketplace';
import { api } from './api';

// Favourites and "For you" through the cache (docs/api.md "Favourites", "For you"). The lists
// are read again each time a tab shows them (a heart toggled elsewhere changes them), and a
// heart keeps its own state, so a toggle invalidates nothing: a card unsaved in the Saved tab
// stays until the tab is shown again, and can be saved back.

export type TFavoriteTarget = { kind: TFavoriteKind; id: number };
type TListQuery<K> = { kind: K; page: number };

export const favoritesApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Whether the caller saved a posting, for its page (rendered for anyone): the heart. */
    savedState: b.query<boolean, { kind: TPostingKind; id: number }>({
      query: ({ kind, id }) => ({ method: 'GET', url: `/${KINDS[kind].postings}/${id}` }),
      transformResponse: (data: { saved?: boolean }) => Boolean(data.saved),
    }),
    favoritePostings: b.query<TPage<TProject | TJob>, TListQuery<TPostingKind>>({
      query: (params) => ({ method: 'GET', url: '/me/favorites', params }),
    }),
    favoriteTalents: b.query<TPage<TTalentCard>, { page: number }>({
      query: (params) => ({
        method: 'GET',
        url: '/me/favorites',
        params: { ...params, kind: 'talent' },
      }),
    }),
    recommendations: b.query<TPage<TProject | TJob>, TListQuery<TPostingKind>>({
      query: (params) => ({ method: 'GET', url: '/me/recommendations', params }),
    }),
    setFavorite: b.mutation<{ saved: boolean }, TFavoriteTarget & { saved: boolean }>({
      query: ({ kind, id, saved }) => ({
        method: saved ? 'PUT' : 'DELETE',
        url: `/me/favorites/${kind}/${id}`,
      }),
    }),
  }),
});

export const {
  useSavedStateQuery,
  useFavoritePostingsQuery,
  useFavoriteTalentsQuery,
  useRecommendationsQuery,
  useSetFavoriteMutation,
} = favoritesApi;
